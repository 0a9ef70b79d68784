import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.js';
import { identitySigningKeys } from '../../server/db/schema/index.js';
import { createIdentities } from '../../server/identity/directory.js';
import { createKeyStore } from '../../server/identity/keys.js';
import { createAccessTokenVerifier } from '../../server/identity/verify.js';
import {
    AMZ_JSON,
    cognitoCall,
    cognitoErrorOf,
    createIdentityTestApp,
    IDENTITY_PASSWORD,
    signIn,
    type IdentityTestApp,
} from './helpers/identity-fixtures.js';

const KEY_SECRET = 'a-test-secret-that-is-long-enough-0123456789';
let t: IdentityTestApp;

beforeAll(async () => {
    t = await createIdentityTestApp({ IDENTITY_KEY_SECRET: KEY_SECRET });
    await createIdentities(t.db, [
        { username: 'erin@example.com', email: 'erin@example.com', password: IDENTITY_PASSWORD },
    ]);
});
afterAll(() => t.close());

describe('transport', () => {
    it('answers an unknown or missing target with UnknownOperationException', async () => {
        const unknown = await cognitoCall(t.app, 'AdminDeleteEverything', {});
        expect(cognitoErrorOf(unknown)).toMatchObject({
            status: 400,
            type: 'UnknownOperationException:',
            __type: 'UnknownOperationException',
        });
        const missing = await t.app.inject({
            method: 'POST',
            url: '/cognito-idp/',
            headers: { 'content-type': AMZ_JSON },
            payload: '{}',
        });
        expect(cognitoErrorOf(missing)).toMatchObject({
            status: 400,
            __type: 'UnknownOperationException',
        });
        const foreign = await t.app.inject({
            method: 'POST',
            url: '/cognito-idp/',
            headers: { 'content-type': AMZ_JSON, 'x-amz-target': 'DynamoDB_20120810.GetItem' },
            payload: '{}',
        });
        expect(cognitoErrorOf(foreign)).toMatchObject({ __type: 'UnknownOperationException' });
    });

    it('uses the Cognito error envelope: 400, x-amzn-errortype, {__type, message}, JSON 1.1', async () => {
        const response = await cognitoCall(t.app, 'InitiateAuth', {
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: t.config.identity.clientId,
            AuthParameters: { USERNAME: 'erin@example.com', PASSWORD: 'wrong' },
        });
        expect(response.statusCode).toBe(400);
        expect(response.headers['x-amzn-errortype']).toBe('NotAuthorizedException:');
        expect(response.headers['content-type']).toContain('application/x-amz-json-1.1');
        expect(response.json()).toEqual({
            __type: 'NotAuthorizedException',
            message: 'Incorrect username or password.',
        });
    });

    it('names the field at fault in InvalidParameterException', async () => {
        const missing = await cognitoCall(t.app, 'InitiateAuth', {
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: {},
        });
        expect(cognitoErrorOf(missing)).toMatchObject({
            status: 400,
            __type: 'InvalidParameterException',
            message: expect.stringContaining("'ClientId'"),
        });
        const wrongType = await cognitoCall(t.app, 'InitiateAuth', {
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: t.config.identity.clientId,
            AuthParameters: { USERNAME: 5 },
        });
        expect(cognitoErrorOf(wrongType)).toMatchObject({
            __type: 'InvalidParameterException',
            message: expect.stringContaining("'AuthParameters.USERNAME'"),
        });
        const token = await cognitoCall(t.app, 'GetUser', { AccessToken: 'has spaces' });
        expect(cognitoErrorOf(token)).toMatchObject({
            __type: 'InvalidParameterException',
            message: expect.stringContaining("'AccessToken'"),
        });
    });

    it.each([
        ['not JSON', '{"ClientId":'],
        ['empty', ''],
        ['an array', '[]'],
        ['a string', '"x"'],
        ['null', 'null'],
    ])('answers a body that is %s with InvalidParameterException', async (_label, payload) => {
        const response = await t.app.inject({
            method: 'POST',
            url: '/cognito-idp/',
            headers: {
                'content-type': AMZ_JSON,
                'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
            },
            payload,
        });
        expect(cognitoErrorOf(response)).toMatchObject({
            status: 400,
            type: 'InvalidParameterException:',
            __type: 'InvalidParameterException',
        });
    });

    it('answers an oversized body with a 400 envelope, not a 5xx', async () => {
        const response = await cognitoCall(t.app, 'InitiateAuth', {
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: 'x',
            Padding: 'x'.repeat(100_000),
        });
        expect(cognitoErrorOf(response)).toMatchObject({
            status: 400,
            __type: 'InvalidParameterException',
        });
    });

    it('serves the endpoint with and without the trailing slash, never cached', async () => {
        const withSlash = await signIn(t, 'erin@example.com');
        expect(withSlash.AccessToken).toBeTruthy();
        const response = await cognitoCall(
            t.app,
            'InitiateAuth',
            {
                AuthFlow: 'USER_PASSWORD_AUTH',
                ClientId: t.config.identity.clientId,
                AuthParameters: { USERNAME: 'erin@example.com', PASSWORD: IDENTITY_PASSWORD },
            },
            '/cognito-idp',
        );
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.headers['x-amzn-requestid']).toBeTruthy();
    });

    it('publishes the JWKS under the issuer', async () => {
        expect(t.config.identity.jwksUri).toBe(`${t.config.identity.issuer}/.well-known/jwks.json`);
        const response = await t.app.inject({
            method: 'GET',
            url: new URL(t.config.identity.jwksUri).pathname,
        });
        expect(response.statusCode).toBe(200);
        const { keys } = response.json<{ keys: Record<string, unknown>[] }>();
        expect(keys).toHaveLength(2);
        for (const key of keys) {
            expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', e: 'AQAB' });
            expect(Object.keys(key).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
        }
    });
});

describe('signing keys', () => {
    it('stores private keys encrypted when IDENTITY_KEY_SECRET is set', async () => {
        const rows = await t.db.select().from(identitySigningKeys);
        expect(rows.map((row) => row.tokenUse).sort()).toEqual(['access', 'id']);
        for (const row of rows) {
            expect(row.privateKey).toMatch(/^aes-256-gcm:v1:/);
            expect(row.privateKey).not.toContain('"d"');
        }
    });

    it('shares keys between processes and survives two of them creating the first key at once', async () => {
        const handle = await openDatabase({ dataDir: 'memory://' });
        try {
            const one = createKeyStore(handle.db, {
                userPoolId: 'local_Race',
                keySecret: KEY_SECRET,
            });
            const two = createKeyStore(handle.db, {
                userPoolId: 'local_Race',
                keySecret: KEY_SECRET,
            });
            const [a, b, id, published] = await Promise.all([
                one.signingKey('access'),
                two.signingKey('access'),
                one.signingKey('id'),
                two.jwks(),
            ]);
            expect(a.kid).toBe(b.kid);
            expect(id.kid).not.toBe(a.kid);
            expect(published.keys.map((key) => key.kid).sort()).toEqual([a.kid, id.kid].sort());
            const restarted = createKeyStore(handle.db, {
                userPoolId: 'local_Race',
                keySecret: KEY_SECRET,
            });
            expect((await restarted.signingKey('access')).kid).toBe(a.kid);
            expect((await restarted.signingKey('id')).kid).not.toBe(a.kid);
            expect(
                await handle.db
                    .select()
                    .from(identitySigningKeys)
                    .where(eq(identitySigningKeys.tokenUse, 'access')),
            ).toHaveLength(1);
            const wrongSecret = createKeyStore(handle.db, {
                userPoolId: 'local_Race',
                keySecret: 'another-secret-that-is-long-enough-000000',
            });
            await expect(wrongSecret.signingKey('access')).rejects.toThrow();
        } finally {
            await handle.close();
        }
    });
});

describe('cognito mode', () => {
    it('serves no endpoint and verifies against the external JWKS', async () => {
        await t.app.listen({ host: '127.0.0.1', port: 0 });
        const address = t.app.server.address();
        const port = typeof address === 'object' && address ? address.port : 0;
        const external = await createIdentityTestApp({
            COGNITO_ISSUER: 'https://cognito-idp.eu-central-1.amazonaws.com/eu-central-1_External',
        });
        try {
            expect(external.config.identity.mode).toBe('cognito');
            const response = await external.app.inject({
                method: 'POST',
                url: '/cognito-idp/',
                headers: { 'content-type': AMZ_JSON },
                payload: '{}',
            });
            expect(response.statusCode).toBe(404);
            await expect(external.app.identity.verifyAccessToken('garbage')).rejects.toMatchObject({
                statusCode: 401,
                message: 'Invalid Access Token',
            });

            // The same verifier, pointed at the embedded pool's JWKS over HTTP (as it would be at Cognito's).
            const embedded = t.config.identity;
            const remote = createAccessTokenVerifier({
                ...embedded,
                mode: 'cognito',
                jwksUri: `http://127.0.0.1:${port}${new URL(embedded.jwksUri).pathname}`,
            });
            const { AccessToken, IdToken } = await signIn(t, 'erin@example.com');
            await expect(remote(AccessToken)).resolves.toMatchObject({
                token: { username: 'erin@example.com' },
            });
            await expect(remote(IdToken)).rejects.toMatchObject({
                statusCode: 401,
                message: 'Invalid Access Token',
            });
            const unreachable = createAccessTokenVerifier({
                ...embedded,
                mode: 'cognito',
                jwksUri: 'http://127.0.0.1:1/.well-known/jwks.json',
            });
            await expect(unreachable(AccessToken)).rejects.toMatchObject({ statusCode: 503 });
        } finally {
            await external.close();
        }
    });
});
