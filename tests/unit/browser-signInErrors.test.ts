import { describe, expect, it } from 'vitest';
import { mustRestartSignIn, signInErrorKey } from '../../src/customRoutes/signIn/signInErrors';
import { UnsupportedSignInStepError } from '../../src/signInSteps';

function named(name: string, message = '') {
    const error = new Error(message);
    error.name = name;
    return error;
}

describe('signInErrorKey', () => {
    it('maps Cognito errors to texts', () => {
        expect(
            signInErrorKey(named('NotAuthorizedException', 'Incorrect username or password.')),
        ).toBe('app.signIn.errors.incorrectCredentials');
        expect(signInErrorKey(named('NotAuthorizedException', 'Password attempts exceeded'))).toBe(
            'app.signIn.errors.lockedOut',
        );
        expect(signInErrorKey(named('UserNotFoundException'))).toBe(
            'app.signIn.errors.incorrectCredentials',
        );
        expect(signInErrorKey(named('TooManyRequestsException'))).toBe(
            'app.signIn.errors.tooManyRequests',
        );
        expect(
            signInErrorKey(
                named(
                    'LimitExceededException',
                    'Attempt limit exceeded, please try after some time.',
                ),
            ),
        ).toBe('app.signIn.errors.tooManyAttempts');
    });

    it('tells the NotAuthorizedException cases apart by their message', () => {
        expect(
            signInErrorKey(
                named(
                    'NotAuthorizedException',
                    'Invalid session for the user, session is expired.',
                ),
            ),
        ).toBe('app.signIn.errors.sessionExpired');
        expect(
            signInErrorKey(
                named(
                    'NotAuthorizedException',
                    'Temporary password has expired and must be reset by an administrator.',
                ),
            ),
        ).toBe('app.signIn.errors.temporaryPasswordExpired');
        expect(signInErrorKey(named('NotAuthorizedException', 'User is disabled.'))).toBe(
            'app.signIn.errors.userDisabled',
        );
        expect(
            signInErrorKey(named('NotAuthorizedException', 'Access Token has been revoked')),
        ).toBe('app.signIn.errors.sessionLost');
    });

    it('maps code and password errors of the steps, the reset and the change', () => {
        expect(
            signInErrorKey(named('CodeMismatchException', 'Invalid code received for user')),
        ).toBe('app.signIn.errors.codeMismatch');
        expect(signInErrorKey(named('EnableSoftwareTokenMFAException', 'Code mismatch'))).toBe(
            'app.signIn.errors.codeMismatch',
        );
        expect(signInErrorKey(named('ExpiredCodeException'))).toBe('app.signIn.errors.codeExpired');
        expect(
            signInErrorKey(
                named(
                    'InvalidPasswordException',
                    'Password did not conform with policy: Password not long enough',
                ),
            ),
        ).toBe('app.password.passwordFormat');
    });

    it("treats Amplify's own session errors as an ended sign-in", () => {
        expect(
            signInErrorKey(
                named('SignInException', 'An error occurred during the sign in process.'),
            ),
        ).toBe('app.signIn.errors.sessionExpired');
        expect(signInErrorKey(named('UserUnAuthenticatedException'))).toBe(
            'app.signIn.errors.sessionLost',
        );
    });

    it('recognises network failures', () => {
        expect(signInErrorKey(named('NetworkError', 'A network error has occurred.'))).toBe(
            'app.signIn.errors.network',
        );
        expect(signInErrorKey(new TypeError('Failed to fetch'))).toBe('app.signIn.errors.network');
    });

    it('shows the generic text for anything else, including steps the product does not offer', () => {
        expect(
            signInErrorKey(new UnsupportedSignInStepError('CONFIRM_SIGN_IN_WITH_SMS_CODE')),
        ).toBe('app.signIn.errors.generic');
        expect(signInErrorKey(named('InternalErrorException'))).toBe('app.signIn.errors.generic');
        expect(signInErrorKey('weird')).toBe('app.signIn.errors.generic');
    });
});

describe('mustRestartSignIn', () => {
    it('starts over only when the challenge is gone', () => {
        expect(mustRestartSignIn('app.signIn.errors.sessionExpired')).toBe(true);
        expect(mustRestartSignIn('app.signIn.errors.temporaryPasswordExpired')).toBe(true);
        expect(mustRestartSignIn('app.signIn.errors.codeMismatch')).toBe(false);
        expect(mustRestartSignIn('app.password.passwordFormat')).toBe(false);
    });
});
