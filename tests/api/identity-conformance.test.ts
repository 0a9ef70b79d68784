import {
    CognitoIdentityProviderClient,
    GetTokensFromRefreshTokenCommand,
    GetUserCommand,
    InitiateAuthCommand,
    NotAuthorizedException,
    RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentities } from '../../server/identity/directory.js';
import {
    createIdentityTestApp,
    IDENTITY_PASSWORD,
    resetCodeFor,
    totpCode,
    type IdentityTestApp,
} from './helpers/identity-fixtures.js';

let t: IdentityTestApp;
let endpoint: string;

beforeAll(async () => {
    t = await createIdentityTestApp();
    await createIdentities(t.db, [
        {
            username: 'frank@example.com',
            email: 'frank@example.com',
            password: IDENTITY_PASSWORD,
            attributes: { 'custom:tenant': 'north' },
        },
    ]);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    endpoint = `http://127.0.0.1:${address.port}/cognito-idp/`;
});
afterAll(() => t.close());

describe('@aws-sdk/client-cognito-identity-provider against the embedded endpoint', () => {
    it('signs in, reads the user, refreshes, revokes, and gets typed errors', async () => {
        const client = new CognitoIdentityProviderClient({ region: 'local', endpoint });
        const ClientId = t.config.identity.clientId;
        const signedIn = await client.send(
            new InitiateAuthCommand({
                AuthFlow: 'USER_PASSWORD_AUTH',
                ClientId,
                AuthParameters: { USERNAME: 'Frank@Example.com', PASSWORD: IDENTITY_PASSWORD },
            }),
        );
        const tokens = signedIn.AuthenticationResult!;
        expect(tokens).toMatchObject({
            TokenType: 'Bearer',
            ExpiresIn: t.config.identity.accessTokenTtlSeconds,
        });
        expect(signedIn.ChallengeName).toBeUndefined();

        const user = await client.send(new GetUserCommand({ AccessToken: tokens.AccessToken }));
        expect(user.Username).toBe('frank@example.com');
        expect(user.UserAttributes).toContainEqual({ Name: 'custom:tenant', Value: 'north' });
        expect(user.MFAOptions).toBeUndefined();

        const refreshed = await client.send(
            new GetTokensFromRefreshTokenCommand({ ClientId, RefreshToken: tokens.RefreshToken }),
        );
        expect(refreshed.AuthenticationResult?.IdToken).toBeTruthy();
        expect(refreshed.AuthenticationResult?.RefreshToken).toBeUndefined();

        await client.send(new RevokeTokenCommand({ ClientId, Token: tokens.RefreshToken }));
        const afterRevoke = await client
            .send(
                new GetTokensFromRefreshTokenCommand({
                    ClientId,
                    RefreshToken: tokens.RefreshToken,
                }),
            )
            .catch((error: unknown) => error);
        expect(afterRevoke).toBeInstanceOf(NotAuthorizedException);

        const wrong = await client
            .send(
                new InitiateAuthCommand({
                    AuthFlow: 'USER_PASSWORD_AUTH',
                    ClientId,
                    AuthParameters: { USERNAME: 'frank@example.com', PASSWORD: 'Wrong-Horse-9!' },
                }),
            )
            .catch((error: unknown) => error);
        expect(wrong).toBeInstanceOf(NotAuthorizedException);
        expect(wrong).toMatchObject({
            name: 'NotAuthorizedException',
            message: 'Incorrect username or password.',
            $metadata: { httpStatusCode: 400 },
        });
        client.destroy();
    });
});

describe('aws-amplify 6 (the production client) against the embedded endpoint', () => {
    it('signs in with USER_PASSWORD_AUTH, reads attributes, force-refreshes and signs out locally and globally', async () => {
        const { Amplify } = await import('aws-amplify');
        const { fetchAuthSession, fetchUserAttributes, getCurrentUser, signIn, signOut } =
            await import('aws-amplify/auth');
        Amplify.configure({
            Auth: {
                Cognito: {
                    userPoolId: t.config.identity.userPoolId,
                    userPoolClientId: t.config.identity.clientId,
                    userPoolEndpoint: endpoint,
                },
            },
        });

        const result = await signIn({
            username: 'frank@example.com',
            password: IDENTITY_PASSWORD,
            options: { authFlowType: 'USER_PASSWORD_AUTH' },
        });
        expect(result).toMatchObject({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
        const current = await getCurrentUser();
        expect(current.username).toBe('frank@example.com');
        expect(await fetchUserAttributes()).toMatchObject({
            email: 'frank@example.com',
            email_verified: 'true',
            'custom:tenant': 'north',
        });

        const first = await fetchAuthSession();
        const refreshed = await fetchAuthSession({ forceRefresh: true });
        expect(refreshed.tokens?.accessToken.toString()).toBeTruthy();
        expect(refreshed.tokens?.accessToken.toString()).not.toBe(
            first.tokens?.accessToken.toString(),
        );
        expect(refreshed.userSub).toBe(current.userId);
        const access = refreshed.tokens!.accessToken.toString();
        await expect(t.app.identity.verifyAccessToken(access)).resolves.toMatchObject({
            username: 'frank@example.com',
        });

        await signOut();
        await expect(t.app.identity.verifyAccessToken(access)).rejects.toMatchObject({
            message: 'Access Token has been revoked',
        });
        expect((await fetchAuthSession()).tokens).toBeUndefined();

        await signIn({
            username: 'frank@example.com',
            password: IDENTITY_PASSWORD,
            options: { authFlowType: 'USER_PASSWORD_AUTH' },
        });
        const second = (await fetchAuthSession()).tokens!.accessToken.toString();
        await signOut({ global: true });
        await expect(t.app.identity.verifyAccessToken(second)).rejects.toMatchObject({
            message: 'Access Token has been revoked',
        });

        const wrong = await signIn({
            username: 'frank@example.com',
            password: 'Wrong-Horse-9!',
            options: { authFlowType: 'USER_PASSWORD_AUTH' },
        }).catch((error: unknown) => error);
        expect(wrong).toMatchObject({
            name: 'NotAuthorizedException',
            message: 'Incorrect username or password.',
        });
    });

    it('NEW_PASSWORD_REQUIRED, TOTP setup, TOTP sign-in, updatePassword and a password reset', async () => {
        const { Amplify } = await import('aws-amplify');
        const auth = await import('aws-amplify/auth');
        Amplify.configure({
            Auth: {
                Cognito: {
                    userPoolId: t.config.identity.userPoolId,
                    userPoolClientId: t.config.identity.clientId,
                    userPoolEndpoint: endpoint,
                },
            },
        });
        const username = 'grace@example.com';
        const options = { authFlowType: 'USER_PASSWORD_AUTH' } as const;
        await t.app.identityAdmin.createUser({
            username,
            email: username,
            temporaryPassword: 'Temporary-Pass-1',
            attributes: { 'custom:mfa_setup': 'true' },
            sendInvitation: false,
        });

        const first = await auth.signIn({ username, password: 'Temporary-Pass-1', options });
        expect(first).toMatchObject({
            isSignedIn: false,
            nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' },
        });
        const weak = await auth
            .confirmSignIn({ challengeResponse: 'too-weak' })
            .catch((error: unknown) => error);
        expect(weak).toMatchObject({ name: 'InvalidPasswordException' });
        const setup = await auth.confirmSignIn({ challengeResponse: 'Grace-Password-1' });
        expect(setup.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
        const sharedSecret =
            setup.nextStep.signInStep === 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP'
                ? setup.nextStep.totpSetupDetails.sharedSecret
                : '';
        expect(sharedSecret).toMatch(/^[A-Z2-7]{32}$/);
        const wrongSetup = await auth
            .confirmSignIn({ challengeResponse: '000000' })
            .catch((error: unknown) => error);
        expect(wrongSetup).toMatchObject({ name: 'EnableSoftwareTokenMFAException' });
        const done = await auth.confirmSignIn({ challengeResponse: await totpCode(sharedSecret) });
        expect(done).toMatchObject({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
        expect(await auth.fetchMFAPreference()).toMatchObject({
            enabled: ['TOTP'],
            preferred: 'TOTP',
        });
        expect((await auth.getCurrentUser()).username).toBe(username);

        await auth.updatePassword({
            oldPassword: 'Grace-Password-1',
            newPassword: 'Grace-Password-2',
        });
        const badOld = await auth
            .updatePassword({ oldPassword: 'Wrong-Password-1', newPassword: 'Grace-Password-3' })
            .catch((error: unknown) => error);
        expect(badOld).toMatchObject({ name: 'NotAuthorizedException' });
        await auth.signOut();

        const mfa = await auth.signIn({ username, password: 'Grace-Password-2', options });
        expect(mfa.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
        const wrongCode = await auth
            .confirmSignIn({ challengeResponse: '000000' })
            .catch((error: unknown) => error);
        expect(wrongCode).toMatchObject({ name: 'CodeMismatchException' });
        expect(
            await auth.confirmSignIn({ challengeResponse: await totpCode(sharedSecret, 1) }),
        ).toMatchObject({ isSignedIn: true });
        await auth.signOut();

        const reset = await auth.resetPassword({ username });
        expect(reset.nextStep).toMatchObject({
            resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE',
            codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: 'g***@e***' },
        });
        const mismatch = await auth
            .confirmResetPassword({
                username,
                confirmationCode: '000000',
                newPassword: 'Grace-Password-4',
            })
            .catch((error: unknown) => error);
        expect(mismatch).toMatchObject({ name: 'CodeMismatchException' });
        await auth.confirmResetPassword({
            username,
            confirmationCode: await resetCodeFor(t, username),
            newPassword: 'Grace-Password-4',
        });
        const afterReset = await auth.signIn({ username, password: 'Grace-Password-4', options });
        expect(afterReset.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    });

    it('setUpTOTP, verifyTOTPSetup and updateMFAPreference for a signed-in user', async () => {
        const { Amplify } = await import('aws-amplify');
        const auth = await import('aws-amplify/auth');
        Amplify.configure({
            Auth: {
                Cognito: {
                    userPoolId: t.config.identity.userPoolId,
                    userPoolClientId: t.config.identity.clientId,
                    userPoolEndpoint: endpoint,
                },
            },
        });
        await auth.signOut();
        await auth.signIn({
            username: 'frank@example.com',
            password: IDENTITY_PASSWORD,
            options: { authFlowType: 'USER_PASSWORD_AUTH' },
        });
        const details = await auth.setUpTOTP();
        expect(details.getSetupUri('Parcel back office', 'frank@example.com').toString()).toContain(
            `secret=${details.sharedSecret}`,
        );
        const wrong = await auth
            .verifyTOTPSetup({ code: '000000' })
            .catch((error: unknown) => error);
        expect(wrong).toMatchObject({ name: 'EnableSoftwareTokenMFAException' });
        await auth.verifyTOTPSetup({ code: await totpCode(details.sharedSecret) });
        await auth.updateMFAPreference({ totp: 'PREFERRED' });
        expect(await auth.fetchMFAPreference()).toMatchObject({
            enabled: ['TOTP'],
            preferred: 'TOTP',
        });
        await auth.signOut();
        const next = await auth.signIn({
            username: 'frank@example.com',
            password: IDENTITY_PASSWORD,
            options: { authFlowType: 'USER_PASSWORD_AUTH' },
        });
        expect(next.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    });
});
