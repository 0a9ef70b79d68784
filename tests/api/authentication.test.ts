import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { identityUsers, users } from '../../server/db/schema/index.js';
import { createKeyStore } from '../../server/identity/keys.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { FIXTURE_PASSWORD, seedFixtures } from './helpers/fixtures.js';
import { cognitoCall, cognitoErrorOf, signIn } from './helpers/identity-fixtures.js';

/**
 * The API side of token verification: every service route refuses a bad token with 401
 * and the envelope, whatever is wrong with it (issue "Done when": wrong password, expired,
 * tampered, other issuer, revoked).
 */
let t: TestApp;

const me = (token: string) =>
    t.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${token}` },
    });

async function expectRefused(token: string, message: string) {
    for (const url of ['/api/users/me', '/tenant-admin/v1/depots']) {
        const response = await t.app.inject({
            method: 'GET',
            url,
            headers: { authorization: `Bearer ${token}` },
        });
        expect(response.statusCode, url).toBe(401);
        expect(response.json(), url).toEqual({ code: 'UNAUTHORIZED', message, details: [] });
    }
}

/** Re-signs a token's claims, changed by `change`, with our own access-token key. */
async function resign(token: string, change: (claims: JWTPayload) => JWTPayload): Promise<string> {
    const keys = createKeyStore(t.db, {
        userPoolId: t.config.identity.userPoolId,
        keySecret: t.config.identity.keySecret,
    });
    const { kid, privateKey } = await keys.signingKey('access');
    return new SignJWT(change(decodeJwt(token)))
        .setProtectedHeader({ alg: 'RS256', kid })
        .sign(privateKey);
}

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
});
afterAll(() => t.close());

describe('bearer token verification on service routes', () => {
    it('accepts a fresh access token', async () => {
        const { AccessToken } = await signIn(t, 'admin@fixture.test', FIXTURE_PASSWORD);
        expect((await me(AccessToken)).statusCode).toBe(200);
    });

    it('gives no token for a wrong password', async () => {
        const response = await cognitoCall(t.app, 'InitiateAuth', {
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: t.config.identity.clientId,
            AuthParameters: { USERNAME: 'admin@fixture.test', PASSWORD: `${FIXTURE_PASSWORD}x` },
        });
        expect(cognitoErrorOf(response)).toMatchObject({
            status: 400,
            __type: 'NotAuthorizedException',
            message: 'Incorrect username or password.',
        });
    });

    it('refuses an expired token', async () => {
        const { AccessToken } = await signIn(t, 'admin@fixture.test', FIXTURE_PASSWORD);
        const expired = await resign(AccessToken, (claims) => ({
            ...claims,
            iat: Math.floor(Date.now() / 1000) - 7200,
            exp: Math.floor(Date.now() / 1000) - 3600,
        }));
        await expectRefused(expired, 'Access Token has expired');
    });

    it('refuses a tampered token (payload changed, signature kept)', async () => {
        const { AccessToken } = await signIn(t, 'group.manager@fixture.test', FIXTURE_PASSWORD);
        const [header, payload, signature] = AccessToken.split('.');
        const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
        const forged = Buffer.from(
            JSON.stringify({ ...claims, sub: 'someone-else', username: 'admin@fixture.test' }),
        ).toString('base64url');
        await expectRefused(`${header}.${forged}.${signature}`, 'Invalid Access Token');
    });

    it('refuses a token from another issuer, signed with our key or with a foreign key', async () => {
        const { AccessToken } = await signIn(t, 'admin@fixture.test', FIXTURE_PASSWORD);
        await expectRefused(
            await resign(AccessToken, (claims) => ({
                ...claims,
                iss: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_Other',
            })),
            'Invalid Access Token',
        );
        const foreign = await generateKeyPair('RS256');
        // Our kid on a token signed by someone else's key.
        const { kid } = decodeProtectedHeader(AccessToken);
        const selfSigned = await new SignJWT(decodeJwt(AccessToken))
            .setProtectedHeader({ alg: 'RS256', kid })
            .sign(foreign.privateKey);
        await expectRefused(selfSigned, 'Invalid Access Token');
    });

    it('refuses a token whose refresh token was revoked, at once', async () => {
        const session = await signIn(t, 'org.admin@fixture.test', FIXTURE_PASSWORD);
        expect((await me(session.AccessToken)).statusCode).toBe(200);
        const revoke = await cognitoCall(t.app, 'RevokeToken', {
            ClientId: t.config.identity.clientId,
            Token: session.RefreshToken,
        });
        expect(revoke.statusCode).toBe(200);
        await expectRefused(session.AccessToken, 'Access Token has been revoked');
    });

    it('refuses every token of a user after GlobalSignOut and after the identity is disabled', async () => {
        const first = await signIn(t, 'suco.user@fixture.test', FIXTURE_PASSWORD);
        const second = await signIn(t, 'suco.user@fixture.test', FIXTURE_PASSWORD);
        expect(
            (await cognitoCall(t.app, 'GlobalSignOut', { AccessToken: first.AccessToken }))
                .statusCode,
        ).toBe(200);
        await expectRefused(first.AccessToken, 'Access Token has been revoked');
        await expectRefused(second.AccessToken, 'Access Token has been revoked');

        const tenant = await signIn(t, 'tenant.user@fixture.test', FIXTURE_PASSWORD);
        await t.db
            .update(identityUsers)
            .set({ enabled: false })
            .where(eq(identityUsers.username, 'tenant.user@fixture.test'));
        await expectRefused(tenant.AccessToken, 'Access Token has been revoked');
    });

    it('refuses an ID token in place of the access token', async () => {
        const { IdToken } = await signIn(t, 'admin@fixture.test', FIXTURE_PASSWORD);
        await expectRefused(IdToken, 'Invalid Access Token');
    });

    describe('the per-token cache of verified tokens and callers', () => {
        it('refuses a token used just before its sign-out, on the very next request', async () => {
            const session = await signIn(t, 'group.manager@fixture.test', FIXTURE_PASSWORD);
            expect((await me(session.AccessToken)).statusCode).toBe(200);
            expect((await me(session.AccessToken)).statusCode).toBe(200);
            expect(
                (await cognitoCall(t.app, 'GlobalSignOut', { AccessToken: session.AccessToken }))
                    .statusCode,
            ).toBe(200);
            await expectRefused(session.AccessToken, 'Access Token has been revoked');
        });

        it('forgets a cached token when another server disables the identity (database notification)', async () => {
            const session = await signIn(t, 'org.admin@fixture.test', FIXTURE_PASSWORD);
            expect((await me(session.AccessToken)).statusCode).toBe(200);
            // A write outside this server's requests: only the trigger's NOTIFY tells it.
            await t.db
                .update(identityUsers)
                .set({ enabled: false })
                .where(eq(identityUsers.username, 'org.admin@fixture.test'));
            try {
                await vi.waitFor(
                    async () => expect((await me(session.AccessToken)).statusCode).toBe(401),
                    {
                        timeout: 3_000,
                        interval: 20,
                    },
                );
                await expectRefused(session.AccessToken, 'Access Token has been revoked');
            } finally {
                await t.db
                    .update(identityUsers)
                    .set({ enabled: true })
                    .where(eq(identityUsers.username, 'org.admin@fixture.test'));
            }
        });

        it('forgets a cached caller when another server deactivates the back-office user', async () => {
            const session = await signIn(t, 'admin@fixture.test', FIXTURE_PASSWORD);
            expect((await me(session.AccessToken)).statusCode).toBe(200);
            await t.db
                .update(users)
                .set({ active: false })
                .where(eq(users.email, 'admin@fixture.test'));
            try {
                await vi.waitFor(
                    async () => {
                        const response = await me(session.AccessToken);
                        expect(response.statusCode).toBe(403);
                        expect(response.json()).toMatchObject({ code: 'UNKNOWN_USER_ERROR' });
                    },
                    { timeout: 3_000, interval: 20 },
                );
            } finally {
                await t.db
                    .update(users)
                    .set({ active: true })
                    .where(eq(users.email, 'admin@fixture.test'));
            }
            expect((await me(session.AccessToken)).statusCode).toBe(200);
        });
    });
});
