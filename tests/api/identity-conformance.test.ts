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
import { createIdentityTestApp, IDENTITY_PASSWORD, type IdentityTestApp } from './helpers/identity-fixtures.js';

let t: IdentityTestApp;
let endpoint: string;

beforeAll(async () => {
    t = await createIdentityTestApp();
    await createIdentities(t.db, [{ username: 'frank@example.com', email: 'frank@example.com', password: IDENTITY_PASSWORD, attributes: { 'custom:tenant': 'north' } }]);
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
            new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId, AuthParameters: { USERNAME: 'Frank@Example.com', PASSWORD: IDENTITY_PASSWORD } }),
        );
        const tokens = signedIn.AuthenticationResult!;
        expect(tokens).toMatchObject({ TokenType: 'Bearer', ExpiresIn: t.config.identity.accessTokenTtlSeconds });
        expect(signedIn.ChallengeName).toBeUndefined();

        const user = await client.send(new GetUserCommand({ AccessToken: tokens.AccessToken }));
        expect(user.Username).toBe('frank@example.com');
        expect(user.UserAttributes).toContainEqual({ Name: 'custom:tenant', Value: 'north' });
        expect(user.MFAOptions).toBeUndefined();

        const refreshed = await client.send(new GetTokensFromRefreshTokenCommand({ ClientId, RefreshToken: tokens.RefreshToken }));
        expect(refreshed.AuthenticationResult?.IdToken).toBeTruthy();
        expect(refreshed.AuthenticationResult?.RefreshToken).toBeUndefined();

        await client.send(new RevokeTokenCommand({ ClientId, Token: tokens.RefreshToken }));
        const afterRevoke = await client.send(new GetTokensFromRefreshTokenCommand({ ClientId, RefreshToken: tokens.RefreshToken })).catch((error: unknown) => error);
        expect(afterRevoke).toBeInstanceOf(NotAuthorizedException);

        const wrong = await client
            .send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId, AuthParameters: { USERNAME: 'frank@example.com', PASSWORD: 'Wrong-Horse-9!' } }))
            .catch((error: unknown) => error);
        expect(wrong).toBeInstanceOf(NotAuthorizedException);
        expect(wrong).toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.', $metadata: { httpStatusCode: 400 } });
        client.destroy();
    });
});

describe('aws-amplify 6 (the production client) against the embedded endpoint', () => {
    it('signs in with USER_PASSWORD_AUTH, reads attributes, force-refreshes and signs out locally and globally', async () => {
        const { Amplify } = await import('aws-amplify');
        const { fetchAuthSession, fetchUserAttributes, getCurrentUser, signIn, signOut } = await import('aws-amplify/auth');
        Amplify.configure({
            Auth: { Cognito: { userPoolId: t.config.identity.userPoolId, userPoolClientId: t.config.identity.clientId, userPoolEndpoint: endpoint } },
        });

        const result = await signIn({ username: 'frank@example.com', password: IDENTITY_PASSWORD, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
        expect(result).toMatchObject({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
        const current = await getCurrentUser();
        expect(current.username).toBe('frank@example.com');
        expect(await fetchUserAttributes()).toMatchObject({ email: 'frank@example.com', email_verified: 'true', 'custom:tenant': 'north' });

        const first = await fetchAuthSession();
        const refreshed = await fetchAuthSession({ forceRefresh: true });
        expect(refreshed.tokens?.accessToken.toString()).toBeTruthy();
        expect(refreshed.tokens?.accessToken.toString()).not.toBe(first.tokens?.accessToken.toString());
        expect(refreshed.userSub).toBe(current.userId);
        const access = refreshed.tokens!.accessToken.toString();
        await expect(t.app.identity.verifyAccessToken(access)).resolves.toMatchObject({ username: 'frank@example.com' });

        await signOut();
        await expect(t.app.identity.verifyAccessToken(access)).rejects.toMatchObject({ message: 'Access Token has been revoked' });
        expect((await fetchAuthSession()).tokens).toBeUndefined();

        await signIn({ username: 'frank@example.com', password: IDENTITY_PASSWORD, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
        const second = (await fetchAuthSession()).tokens!.accessToken.toString();
        await signOut({ global: true });
        await expect(t.app.identity.verifyAccessToken(second)).rejects.toMatchObject({ message: 'Access Token has been revoked' });

        const wrong = await signIn({ username: 'frank@example.com', password: 'Wrong-Horse-9!', options: { authFlowType: 'USER_PASSWORD_AUTH' } }).catch((error: unknown) => error);
        expect(wrong).toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    });
});
