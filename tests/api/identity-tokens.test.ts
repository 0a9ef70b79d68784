import { eq } from 'drizzle-orm';
import {
    decodeJwt,
    exportJWK,
    generateKeyPair,
    importJWK,
    SignJWT,
    type JWK,
    type JWTPayload,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
    auditLog,
    identitySessions,
    identitySigningKeys,
    identityUsers,
} from '../../server/db/schema/index.js';
import { createIdentities } from '../../server/identity/directory.js';
import {
    claimsOf,
    cognitoCall,
    cognitoErrorOf,
    createIdentityTestApp,
    signIn,
    type IdentityTestApp,
} from './helpers/identity-fixtures.js';

let t: IdentityTestApp;
let sub: string;

beforeAll(async () => {
    t = await createIdentityTestApp();
    [sub] = (await createIdentities(t.db, [
        {
            username: 'carol@example.com',
            email: 'carol@example.com',
            password: 'Correct-Horse-9!',
            attributes: { 'custom:tenant': 'north', 'custom:mfa_setup': 'done' },
        },
        { username: 'dave@example.com', email: 'dave@example.com', password: 'Correct-Horse-9!' },
    ])) as [string];
});
afterAll(() => t.close());

const clientId = () => t.config.identity.clientId;
const verify = (token: string) => t.app.identity.verifyAccessToken(token);
const refusal = (message: string) => ({ statusCode: 401, code: 'UNAUTHORIZED', message });

/** Our access signing key, read from the key table (stored as plain JSON without IDENTITY_KEY_SECRET). */
async function accessKey() {
    const [row] = await t.db
        .select()
        .from(identitySigningKeys)
        .where(eq(identitySigningKeys.tokenUse, 'access'));
    return { kid: row!.kid, key: await importJWK(JSON.parse(row!.privateKey) as JWK, 'RS256') };
}

async function resign(token: string, change: (claims: JWTPayload) => JWTPayload): Promise<string> {
    const { kid, key } = await accessKey();
    return new SignJWT(change(decodeJwt(token)))
        .setProtectedHeader({ alg: 'RS256', kid })
        .sign(key);
}

describe('refresh', () => {
    it('GetTokensFromRefreshToken returns new access and ID tokens of the same session, without a refresh token', async () => {
        const signedIn = await signIn(t, 'carol@example.com');
        const response = await cognitoCall(t.app, 'GetTokensFromRefreshToken', {
            ClientId: clientId(),
            RefreshToken: signedIn.RefreshToken,
        });
        expect(response.statusCode).toBe(200);
        const result = response.json().AuthenticationResult;
        expect(Object.keys(result).sort()).toEqual([
            'AccessToken',
            'ExpiresIn',
            'IdToken',
            'TokenType',
        ]);
        const before = claimsOf(signedIn.AccessToken);
        const after = claimsOf(result.AccessToken);
        expect(after.origin_jti).toBe(before.origin_jti);
        expect(after.auth_time).toBe(before.auth_time);
        expect(after.jti).not.toBe(before.jti);
        expect(claimsOf(result.IdToken)).toMatchObject({
            'cognito:username': 'carol@example.com',
            origin_jti: before.origin_jti,
        });
        await expect(verify(result.AccessToken)).resolves.toMatchObject({
            sub,
            username: 'carol@example.com',
            clientId: clientId(),
        });
        const [session] = await t.db
            .select()
            .from(identitySessions)
            .where(eq(identitySessions.originJti, String(before.origin_jti)));
        expect(session!.lastUsedAt).not.toBeNull();
        expect(session!.refreshTokenHash).not.toContain(signedIn.RefreshToken);
    });

    it.each(['REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN'])(
        'InitiateAuth %s refreshes too',
        async (flow) => {
            const signedIn = await signIn(t, 'carol@example.com');
            const response = await cognitoCall(t.app, 'InitiateAuth', {
                AuthFlow: flow,
                ClientId: clientId(),
                AuthParameters: { REFRESH_TOKEN: signedIn.RefreshToken },
            });
            expect(response.statusCode).toBe(200);
            const body = response.json();
            expect(body.AuthenticationResult.RefreshToken).toBeUndefined();
            expect(claimsOf(body.AuthenticationResult.AccessToken).origin_jti).toBe(
                claimsOf(signedIn.AccessToken).origin_jti,
            );
            const audit = await t.db
                .select()
                .from(auditLog)
                .where(eq(auditLog.action, 'token-refresh'));
            expect(audit.some((row) => row.changes?.flow === flow)).toBe(true);
        },
    );

    it('refuses unknown and expired refresh tokens with NotAuthorizedException', async () => {
        const unknown = await cognitoCall(t.app, 'GetTokensFromRefreshToken', {
            ClientId: clientId(),
            RefreshToken: 'not-a-token',
        });
        expect(cognitoErrorOf(unknown)).toMatchObject({
            __type: 'NotAuthorizedException',
            message: 'Invalid Refresh Token',
        });

        const signedIn = await signIn(t, 'carol@example.com');
        const originJti = String(claimsOf(signedIn.AccessToken).origin_jti);
        await t.db
            .update(identitySessions)
            .set({ expiresAt: new Date(Date.now() - 1000) })
            .where(eq(identitySessions.originJti, originJti));
        const expired = await cognitoCall(t.app, 'GetTokensFromRefreshToken', {
            ClientId: clientId(),
            RefreshToken: signedIn.RefreshToken,
        });
        expect(cognitoErrorOf(expired)).toMatchObject({
            __type: 'NotAuthorizedException',
            message: 'Refresh Token has expired',
        });
        await expect(verify(signedIn.AccessToken)).rejects.toMatchObject(
            refusal('Access Token has expired'),
        );
    });
});

describe('GetUser', () => {
    it('answers the username and string attributes, without MFA fields that are not set', async () => {
        const { AccessToken } = await signIn(t, 'carol@example.com');
        const response = await cognitoCall(t.app, 'GetUser', { AccessToken });
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(Object.keys(body).sort()).toEqual(['UserAttributes', 'Username']);
        expect(body.Username).toBe('carol@example.com');
        expect(body.UserAttributes).toEqual(
            expect.arrayContaining([
                { Name: 'sub', Value: sub },
                { Name: 'email', Value: 'carol@example.com' },
                { Name: 'email_verified', Value: 'true' },
                { Name: 'custom:tenant', Value: 'north' },
                { Name: 'custom:mfa_setup', Value: 'done' },
            ]),
        );
        expect(body.UserAttributes).toHaveLength(5);
    });

    it('answers NotAuthorizedException for a bad access token', async () => {
        const response = await cognitoCall(t.app, 'GetUser', { AccessToken: 'abc.def.ghi' });
        expect(cognitoErrorOf(response)).toEqual({
            status: 400,
            type: 'NotAuthorizedException:',
            __type: 'NotAuthorizedException',
            message: 'Invalid Access Token',
        });
    });
});

describe('sign-out', () => {
    it('RevokeToken ends the session: refresh refused, derived access tokens revoked, other sessions untouched', async () => {
        const first = await signIn(t, 'carol@example.com');
        const second = await signIn(t, 'carol@example.com');
        const response = await cognitoCall(t.app, 'RevokeToken', {
            ClientId: clientId(),
            Token: first.RefreshToken,
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({});

        const refresh = await cognitoCall(t.app, 'GetTokensFromRefreshToken', {
            ClientId: clientId(),
            RefreshToken: first.RefreshToken,
        });
        expect(cognitoErrorOf(refresh)).toMatchObject({
            __type: 'NotAuthorizedException',
            message: 'Refresh Token has been revoked',
        });
        await expect(verify(first.AccessToken)).rejects.toMatchObject(
            refusal('Access Token has been revoked'),
        );
        const getUser = await cognitoCall(t.app, 'GetUser', { AccessToken: first.AccessToken });
        expect(cognitoErrorOf(getUser)).toMatchObject({
            __type: 'NotAuthorizedException',
            message: 'Access Token has been revoked',
        });
        await expect(verify(second.AccessToken)).resolves.toMatchObject({ sub });

        const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'token-revoke'));
        expect(audit).toHaveLength(1);
        expect(JSON.stringify(audit)).not.toContain(first.RefreshToken);
    });

    it('RevokeToken answers {} for unknown tokens and refuses access tokens', async () => {
        const unknown = await cognitoCall(t.app, 'RevokeToken', {
            ClientId: clientId(),
            Token: 'unknown',
        });
        expect(unknown.statusCode).toBe(200);
        expect(unknown.json()).toEqual({});
        const { AccessToken } = await signIn(t, 'carol@example.com');
        const jwt = await cognitoCall(t.app, 'RevokeToken', {
            ClientId: clientId(),
            Token: AccessToken,
        });
        expect(cognitoErrorOf(jwt)).toMatchObject({ __type: 'UnsupportedTokenTypeException' });
    });

    it('GlobalSignOut revokes every session of the user; a new sign-in works at once', async () => {
        const first = await signIn(t, 'carol@example.com');
        const second = await signIn(t, 'carol@example.com');
        const other = await signIn(t, 'dave@example.com');
        const response = await cognitoCall(t.app, 'GlobalSignOut', {
            AccessToken: first.AccessToken,
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({});

        for (const tokens of [first, second]) {
            await expect(verify(tokens.AccessToken)).rejects.toMatchObject(
                refusal('Access Token has been revoked'),
            );
            const refresh = await cognitoCall(t.app, 'GetTokensFromRefreshToken', {
                ClientId: clientId(),
                RefreshToken: tokens.RefreshToken,
            });
            expect(cognitoErrorOf(refresh)).toMatchObject({
                __type: 'NotAuthorizedException',
                message: 'Refresh Token has been revoked',
            });
        }
        await expect(verify(other.AccessToken)).resolves.toMatchObject({
            username: 'dave@example.com',
        });
        const [identity] = await t.db
            .select()
            .from(identityUsers)
            .where(eq(identityUsers.sub, sub));
        expect(identity!.tokensValidAfter).not.toBeNull();

        const again = await signIn(t, 'carol@example.com');
        await expect(verify(again.AccessToken)).resolves.toMatchObject({ sub });
        const repeated = await cognitoCall(t.app, 'GlobalSignOut', {
            AccessToken: first.AccessToken,
        });
        expect(cognitoErrorOf(repeated)).toMatchObject({
            __type: 'NotAuthorizedException',
            message: 'Access Token has been revoked',
        });
    });

    it('refuses tokens of an identity disabled after sign-in', async () => {
        const signedIn = await signIn(t, 'dave@example.com');
        await t.db
            .update(identityUsers)
            .set({ enabled: false })
            .where(eq(identityUsers.username, 'dave@example.com'));
        await expect(verify(signedIn.AccessToken)).rejects.toMatchObject(
            refusal('Access Token has been revoked'),
        );
        const refresh = await cognitoCall(t.app, 'GetTokensFromRefreshToken', {
            ClientId: clientId(),
            RefreshToken: signedIn.RefreshToken,
        });
        expect(cognitoErrorOf(refresh)).toMatchObject({
            __type: 'NotAuthorizedException',
            message: 'User is disabled.',
        });
        await t.db
            .update(identityUsers)
            .set({ enabled: true })
            .where(eq(identityUsers.username, 'dave@example.com'));
    });
});

describe('verifyAccessToken', () => {
    let token: string;
    beforeAll(async () => {
        token = (await signIn(t, 'carol@example.com')).AccessToken;
    });

    it('accepts a fresh access token', async () => {
        const claims = claimsOf(token);
        await expect(verify(token)).resolves.toEqual({
            sub,
            username: 'carol@example.com',
            clientId: clientId(),
            originJti: claims.origin_jti,
            authTime: claims.auth_time,
            issuedAt: claims.iat,
            expiresAt: claims.exp,
        });
    });

    it('refuses an expired token (beyond the 5 s tolerance)', async () => {
        const expired = await resign(token, (claims) => ({
            ...claims,
            exp: Math.floor(Date.now() / 1000) - 10,
        }));
        await expect(verify(expired)).rejects.toMatchObject(refusal('Access Token has expired'));
    });

    it('refuses a token whose payload was changed', async () => {
        const [header, payload, signature] = token.split('.');
        const changed = Buffer.from(
            JSON.stringify({ ...decodeJwt(token), sub: 'someone-else' }),
        ).toString('base64url');
        expect(payload).not.toBe(changed);
        await expect(verify(`${header}.${changed}.${signature}`)).rejects.toMatchObject(
            refusal('Invalid Access Token'),
        );
    });

    it('refuses a token signed by another key under our kid', async () => {
        const { kid } = await accessKey();
        const { privateKey } = await generateKeyPair('RS256');
        const forged = await new SignJWT(decodeJwt(token))
            .setProtectedHeader({ alg: 'RS256', kid })
            .sign(privateKey);
        await expect(verify(forged)).rejects.toMatchObject(refusal('Invalid Access Token'));
    });

    it('refuses a token carrying its own key (jwk header) under an unknown kid', async () => {
        const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
        const forged = await new SignJWT(decodeJwt(token))
            .setProtectedHeader({ alg: 'RS256', kid: 'attacker', jwk: await exportJWK(publicKey) })
            .sign(privateKey);
        await expect(verify(forged)).rejects.toMatchObject(refusal('Invalid Access Token'));
    });

    it('refuses another issuer', async () => {
        const other = await resign(token, (claims) => ({
            ...claims,
            iss: 'https://cognito-idp.eu-central-1.amazonaws.com/eu-central-1_Other',
        }));
        await expect(verify(other)).rejects.toMatchObject(refusal('Invalid Access Token'));
    });

    it('refuses another client_id', async () => {
        const other = await resign(token, (claims) => ({ ...claims, client_id: 'other-client' }));
        await expect(verify(other)).rejects.toMatchObject(refusal('Invalid Access Token'));
    });

    it('refuses an ID token', async () => {
        const { IdToken } = await signIn(t, 'carol@example.com');
        await expect(verify(IdToken)).rejects.toMatchObject(refusal('Invalid Access Token'));
    });

    it('refuses alg none and HS256', async () => {
        const { kid } = await accessKey();
        const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
        const none = `${encode({ alg: 'none', kid })}.${encode(decodeJwt(token))}.`;
        await expect(verify(none)).rejects.toMatchObject(refusal('Invalid Access Token'));
        const hs256 = await new SignJWT(decodeJwt(token))
            .setProtectedHeader({ alg: 'HS256', kid })
            .sign(new TextEncoder().encode('a-shared-secret-of-32-bytes-long!'));
        await expect(verify(hs256)).rejects.toMatchObject(refusal('Invalid Access Token'));
    });

    it('refuses garbage', async () => {
        for (const garbage of ['', 'garbage', 'a.b.c', `${token}x`]) {
            await expect(verify(garbage)).rejects.toMatchObject(refusal('Invalid Access Token'));
        }
    });

    it('refuses a validly signed token whose session does not exist', async () => {
        const orphan = await resign(token, (claims) => ({
            ...claims,
            origin_jti: 'no-such-session',
        }));
        await expect(verify(orphan)).rejects.toMatchObject(
            refusal('Access Token has been revoked'),
        );
        const noOrigin = await resign(token, ({ origin_jti: _dropped, ...claims }) => claims);
        await expect(verify(noOrigin)).rejects.toMatchObject(refusal('Invalid Access Token'));
    });
});
