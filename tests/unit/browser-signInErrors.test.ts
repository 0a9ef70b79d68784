import { describe, expect, it } from 'vitest';
import { signInErrorKey } from '../../src/customRoutes/signIn/signInErrors';
import { UnsupportedSignInStepError } from '../../src/signInSteps';

function named(name: string, message = '') {
    const error = new Error(message);
    error.name = name;
    return error;
}

describe('signInErrorKey', () => {
    it('maps Cognito errors to texts', () => {
        expect(signInErrorKey(named('NotAuthorizedException', 'Incorrect username or password.'))).toBe('app.signIn.errors.incorrectCredentials');
        expect(signInErrorKey(named('NotAuthorizedException', 'Password attempts exceeded'))).toBe('app.signIn.errors.lockedOut');
        expect(signInErrorKey(named('UserNotFoundException'))).toBe('app.signIn.errors.incorrectCredentials');
        expect(signInErrorKey(named('TooManyRequestsException'))).toBe('app.signIn.errors.tooManyRequests');
    });

    it('recognises network failures', () => {
        expect(signInErrorKey(named('NetworkError', 'A network error has occurred.'))).toBe('app.signIn.errors.network');
        expect(signInErrorKey(new TypeError('Failed to fetch'))).toBe('app.signIn.errors.network');
    });

    it('shows the generic text for anything else, including steps not built yet', () => {
        expect(signInErrorKey(new UnsupportedSignInStepError('CONTINUE_SIGN_IN_WITH_TOTP_SETUP'))).toBe('app.signIn.errors.generic');
        expect(signInErrorKey(named('InternalErrorException'))).toBe('app.signIn.errors.generic');
        expect(signInErrorKey('weird')).toBe('app.signIn.errors.generic');
    });
});
