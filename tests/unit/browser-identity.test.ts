import { beforeEach, describe, expect, it, vi } from 'vitest';

const amplify = vi.hoisted(() => ({
    signIn: vi.fn(),
    signOut: vi.fn(async () => undefined),
    confirmSignIn: vi.fn(),
    resetPassword: vi.fn(),
    confirmResetPassword: vi.fn(async () => undefined),
    updatePassword: vi.fn(async () => undefined),
    fetchAuthSession: vi.fn(),
}));

vi.mock('aws-amplify/auth', () => amplify);
vi.mock('../../src/amplify', () => ({ configureAmplify: vi.fn() }));
vi.mock('../../src/config', () => ({ getBrowserConfig: () => ({}) }));

const identity = await import('../../src/identity');
const { UnsupportedSignInStepError } = await import('../../src/signInSteps');

const output = (nextStep: object) => ({ isSignedIn: false, nextStep });
const named = (name: string) => Object.assign(new Error(name), { name });

beforeEach(() => vi.clearAllMocks());

describe('identity: sign-in steps', () => {
    it('signs in with USER_PASSWORD_AUTH and the trimmed e-mail', async () => {
        amplify.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
        expect(await identity.signInWithPassword(' ada@example.com ', 'pw')).toEqual({
            kind: 'done',
        });
        expect(amplify.signIn).toHaveBeenCalledWith({
            username: 'ada@example.com',
            password: 'pw',
            options: { authFlowType: 'USER_PASSWORD_AUTH' },
        });
    });

    it('maps new password, TOTP code and reset steps', async () => {
        amplify.signIn.mockResolvedValueOnce(
            output({
                signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED',
                missingAttributes: [],
            }),
        );
        expect(await identity.signInWithPassword('ada@example.com', 'Temporary-1!')).toEqual({
            kind: 'newPassword',
        });
        amplify.signIn.mockResolvedValueOnce(
            output({ signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' }),
        );
        expect(await identity.signInWithPassword('ada@example.com', 'pw')).toEqual({
            kind: 'totpCode',
        });
        amplify.signIn.mockResolvedValueOnce(output({ signInStep: 'RESET_PASSWORD' }));
        expect(await identity.signInWithPassword('ada@example.com', 'pw')).toEqual({
            kind: 'resetPassword',
        });
    });

    it('hands out the TOTP setup with the e-mail as the authenticator account', async () => {
        const getSetupUri = vi.fn(
            (issuer: string, account?: string) =>
                new URL(`otpauth://totp/${issuer}:${account}?secret=ABC&issuer=${issuer}`),
        );
        amplify.signIn.mockResolvedValueOnce(
            output({ signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' }),
        );
        await identity.signInWithPassword('ada@example.com', 'Temporary-1!');
        amplify.confirmSignIn.mockResolvedValueOnce(
            output({
                signInStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP',
                totpSetupDetails: { sharedSecret: 'ABC', getSetupUri },
            }),
        );
        const step = await identity.confirmNewPassword('Own-password-1!');
        expect(amplify.confirmSignIn).toHaveBeenCalledWith({
            challengeResponse: 'Own-password-1!',
        });
        if (step.kind !== 'totpSetup') throw new Error(`unexpected step ${step.kind}`);
        expect(step.sharedSecret).toBe('ABC');
        expect(step.setupUri('Parcel Back Office')).toBe(
            'otpauth://totp/Parcel%20Back%20Office:ada@example.com?secret=ABC&issuer=Parcel%20Back%20Office',
        );
        expect(getSetupUri).toHaveBeenCalledWith('Parcel Back Office', 'ada@example.com');
    });

    it('chooses TOTP when a pool offers several factors', async () => {
        amplify.signIn.mockResolvedValueOnce(
            output({
                signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION',
                allowedMFATypes: ['SMS', 'TOTP'],
            }),
        );
        amplify.confirmSignIn.mockResolvedValueOnce(
            output({ signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' }),
        );
        expect(await identity.signInWithPassword('ada@example.com', 'pw')).toEqual({
            kind: 'totpCode',
        });
        expect(amplify.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: 'TOTP' });
    });

    it('refuses steps the product does not offer', async () => {
        amplify.signIn.mockResolvedValueOnce(
            output({ signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE' }),
        );
        await expect(identity.signInWithPassword('ada@example.com', 'pw')).rejects.toBeInstanceOf(
            UnsupportedSignInStepError,
        );
        amplify.signIn.mockResolvedValueOnce(
            output({ signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', allowedMFATypes: ['SMS'] }),
        );
        await expect(identity.signInWithPassword('ada@example.com', 'pw')).rejects.toBeInstanceOf(
            UnsupportedSignInStepError,
        );
    });

    it('drops a stale session and tries again once', async () => {
        amplify.signIn
            .mockRejectedValueOnce(named('UserAlreadyAuthenticatedException'))
            .mockResolvedValueOnce(output({ signInStep: 'DONE' }));
        expect(await identity.signInWithPassword('ada@example.com', 'pw')).toEqual({
            kind: 'done',
        });
        expect(amplify.signOut).toHaveBeenCalledOnce();
    });

    it('passes Cognito errors through', async () => {
        amplify.confirmSignIn.mockRejectedValueOnce(named('CodeMismatchException'));
        await expect(identity.confirmTotpCode('123456')).rejects.toMatchObject({
            name: 'CodeMismatchException',
        });
    });
});

describe('identity: passwords', () => {
    it('resets with the e-mailed code and answers where it went', async () => {
        amplify.resetPassword.mockResolvedValue({
            isPasswordReset: false,
            nextStep: {
                resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE',
                codeDeliveryDetails: { destination: 'a***@e***' },
            },
        });
        expect(await identity.requestPasswordReset(' ada@example.com')).toBe('a***@e***');
        expect(amplify.resetPassword).toHaveBeenCalledWith({ username: 'ada@example.com' });
        await identity.confirmPasswordReset('ada@example.com', ' 123456 ', 'New-password-1!');
        expect(amplify.confirmResetPassword).toHaveBeenCalledWith({
            username: 'ada@example.com',
            confirmationCode: '123456',
            newPassword: 'New-password-1!',
        });
    });

    it('changes the password with the current one', async () => {
        await identity.changePassword('Old-password-1!', 'New-password-1!');
        expect(amplify.updatePassword).toHaveBeenCalledWith({
            oldPassword: 'Old-password-1!',
            newPassword: 'New-password-1!',
        });
    });
});
