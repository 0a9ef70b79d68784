import { describe, expect, it } from 'vitest';
import { changePasswordFailure } from '../../src/customRoutes/changePassword/changePasswordOutcome';
import {
    codeDigits,
    groupSetupKey,
    newPasswordErrors,
    totpCodeErrorKey,
} from '../../src/customRoutes/signIn/formRules';

const named = (name: string, message = '') => Object.assign(new Error(message), { name });

describe('new password and its repetition', () => {
    it('needs a password meeting the rule, repeated equally', () => {
        expect(newPasswordErrors('', '')).toEqual({
            password: 'app.password.enterPassword',
            repeat: 'app.password.repeatRequired',
        });
        expect(newPasswordErrors('short', 'short')).toEqual({
            password: 'app.password.passwordFormat',
        });
        expect(newPasswordErrors('Abcdefgh1!', 'Abcdefgh1?')).toEqual({
            repeat: 'app.password.notEqual',
        });
        expect(newPasswordErrors('Abcdefgh1!', 'Abcdefgh1!')).toEqual({});
    });
});

describe('one-time codes', () => {
    it('takes six digits, ignoring spaces', () => {
        expect(codeDigits(' 123 456 ')).toBe('123456');
        expect(totpCodeErrorKey('')).toBe('app.signIn.errors.codeRequired');
        expect(totpCodeErrorKey('12345')).toBe('app.signIn.errors.codeFormat');
        expect(totpCodeErrorKey('12345a')).toBe('app.signIn.errors.codeFormat');
        expect(totpCodeErrorKey('123456')).toBeUndefined();
    });

    it('shows a setup key in groups of four', () => {
        expect(groupSetupKey('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe(
            'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
        );
        expect(groupSetupKey('ABCDEF')).toBe('ABCD EF');
    });
});

describe('changePasswordFailure', () => {
    it('explains a failure in the generic error alert', () => {
        expect(
            changePasswordFailure(
                named('NotAuthorizedException', 'Incorrect username or password.'),
            ),
        ).toEqual({ kind: 'alert', descriptionKey: 'app.changePassword.incorrectOldPassword' });
        expect(
            changePasswordFailure(named('NotAuthorizedException', 'Password attempts exceeded')),
        ).toEqual({ kind: 'alert', descriptionKey: 'app.signIn.errors.lockedOut' });
        expect(changePasswordFailure(named('InvalidPasswordException'))).toEqual({
            kind: 'alert',
            descriptionKey: 'app.password.passwordFormat',
        });
        expect(changePasswordFailure(named('LimitExceededException'))).toEqual({
            kind: 'alert',
            descriptionKey: 'app.signIn.errors.tooManyAttempts',
        });
    });

    it('sends a lost session to the sign-in', () => {
        expect(
            changePasswordFailure(named('NotAuthorizedException', 'Access Token has been revoked')),
        ).toEqual({ kind: 'sessionLost' });
        expect(changePasswordFailure(named('UserUnAuthenticatedException'))).toEqual({
            kind: 'sessionLost',
        });
    });
});
