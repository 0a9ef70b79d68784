import { and, eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, identityUsers } from '../../server/db/schema/index.js';
import { createIdentities } from '../../server/identity/directory.js';
import {
    claimsOf,
    cognitoCall,
    cognitoErrorOf,
    createIdentityTestApp,
    IDENTITY_PASSWORD,
    initiatePasswordAuth,
    signIn,
    type IdentityTestApp,
} from './helpers/identity-fixtures.js';

let t: IdentityTestApp;
let subs: Record<'alice' | 'locky' | 'disabled' | 'reset' | 'temp' | 'bob', string>;

beforeAll(async () => {
    t = await createIdentityTestApp();
    const [alice, locky, disabled, reset, temp, bob] = await createIdentities(t.db, [
        {
            username: 'Alice@Example.com',
            email: 'Alice@Example.com',
            password: IDENTITY_PASSWORD,
            attributes: { 'custom:tenant': 'north', 'not-custom': 'x' },
        },
        { username: 'locky@example.com', email: 'locky@example.com', password: IDENTITY_PASSWORD },
        {
            username: 'disabled@example.com',
            email: 'disabled@example.com',
            password: IDENTITY_PASSWORD,
        },
        {
            username: 'reset@example.com',
            email: 'reset@example.com',
            password: IDENTITY_PASSWORD,
            status: 'RESET_REQUIRED',
        },
        {
            username: 'temp@example.com',
            email: 'temp@example.com',
            password: IDENTITY_PASSWORD,
            status: 'FORCE_CHANGE_PASSWORD',
        },
        { username: 'driver-bob', password: IDENTITY_PASSWORD },
    ]);
    subs = {
        alice: alice!,
        locky: locky!,
        disabled: disabled!,
        reset: reset!,
        temp: temp!,
        bob: bob!,
    };
    await t.db
        .update(identityUsers)
        .set({ enabled: false })
        .where(eq(identityUsers.sub, subs.disabled));
});
afterAll(() => t.close());

const clientId = () => t.config.identity.clientId;
const expectNotAuthorized = (
    response: Awaited<ReturnType<typeof initiatePasswordAuth>>,
    message: string,
) =>
    expect(cognitoErrorOf(response)).toEqual({
        status: 400,
        type: 'NotAuthorizedException:',
        __type: 'NotAuthorizedException',
        message,
    });

describe('USER_PASSWORD_AUTH', () => {
    it('signs in and issues Cognito-shaped tokens that verify against the JWKS', async () => {
        const before = Math.floor(Date.now() / 1000);
        const response = await initiatePasswordAuth(
            t.app,
            clientId(),
            'ALICE@example.COM',
            IDENTITY_PASSWORD,
        );
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toContain('application/x-amz-json-1.1');
        const body = response.json();
        expect(Object.keys(body).sort()).toEqual(['AuthenticationResult', 'ChallengeParameters']);
        const result = body.AuthenticationResult;
        expect(Object.keys(result).sort()).toEqual([
            'AccessToken',
            'ExpiresIn',
            'IdToken',
            'RefreshToken',
            'TokenType',
        ]);
        expect(result).toMatchObject({
            ExpiresIn: t.config.identity.accessTokenTtlSeconds,
            TokenType: 'Bearer',
        });
        expect(result.RefreshToken).toMatch(/^[A-Za-z0-9_-]{43,}$/);

        const jwks = (
            await t.app.inject({
                method: 'GET',
                url: `/cognito-idp/${t.config.identity.userPoolId}/.well-known/jwks.json`,
            })
        ).json<JSONWebKeySet>();
        expect(jwks.keys).toHaveLength(2);
        const keySet = createLocalJWKSet(jwks);
        const issuer = t.config.identity.issuer;
        const access = await jwtVerify(result.AccessToken, keySet, {
            algorithms: ['RS256'],
            issuer,
        });
        const id = await jwtVerify(result.IdToken, keySet, {
            algorithms: ['RS256'],
            issuer,
            audience: clientId(),
        });
        expect(access.protectedHeader.kid).not.toBe(id.protectedHeader.kid);
        expect(decodeProtectedHeader(result.AccessToken).alg).toBe('RS256');

        const a = access.payload;
        expect(Object.keys(a).sort()).toEqual(
            [
                'auth_time',
                'client_id',
                'event_id',
                'exp',
                'iat',
                'iss',
                'jti',
                'origin_jti',
                'scope',
                'sub',
                'token_use',
                'username',
            ].sort(),
        );
        expect(a).toMatchObject({
            sub: subs.alice,
            iss: issuer,
            client_id: clientId(),
            token_use: 'access',
            scope: 'aws.cognito.signin.user.admin',
            username: 'alice@example.com',
        });
        expect(a.iat).toBeGreaterThanOrEqual(before);
        expect(a.exp).toBe(a.iat! + t.config.identity.accessTokenTtlSeconds);
        expect(a.auth_time).toBe(a.iat);

        const i = id.payload;
        expect(Object.keys(i).sort()).toEqual(
            [
                'aud',
                'auth_time',
                'cognito:username',
                'custom:tenant',
                'email',
                'email_verified',
                'event_id',
                'exp',
                'iat',
                'iss',
                'jti',
                'origin_jti',
                'sub',
                'token_use',
            ].sort(),
        );
        expect(i).toMatchObject({
            sub: subs.alice,
            aud: clientId(),
            'cognito:username': 'alice@example.com',
            token_use: 'id',
            email: 'alice@example.com',
            email_verified: true,
            'custom:tenant': 'north',
            origin_jti: a.origin_jti,
            auth_time: a.auth_time,
        });
        expect(i.jti).not.toBe(a.jti);

        const audit = await t.db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.entityId, subs.alice), eq(auditLog.action, 'sign-in')));
        expect(audit).toHaveLength(1);
        expect(audit[0]).toMatchObject({
            entityType: 'identity',
            actorSub: subs.alice,
            changes: { flow: 'USER_PASSWORD_AUTH' },
        });
        expect(JSON.stringify(audit)).not.toContain(IDENTITY_PASSWORD);
    });

    it('omits email claims for identities without an e-mail', async () => {
        const result = await signIn(t, 'driver-bob');
        const claims = claimsOf(result.IdToken);
        expect(claims['cognito:username']).toBe('driver-bob');
        expect(claims).not.toHaveProperty('email');
        expect(claims).not.toHaveProperty('email_verified');
    });

    it('issues a new session on every sign-in', async () => {
        const first = await signIn(t, 'driver-bob');
        const second = await signIn(t, 'driver-bob');
        expect(claimsOf(first.AccessToken).origin_jti).not.toBe(
            claimsOf(second.AccessToken).origin_jti,
        );
        expect(first.RefreshToken).not.toBe(second.RefreshToken);
    });

    it('answers a wrong password and an unknown user identically', async () => {
        const wrong = await initiatePasswordAuth(
            t.app,
            clientId(),
            'alice@example.com',
            'Wrong-Horse-9!',
        );
        const unknown = await initiatePasswordAuth(
            t.app,
            clientId(),
            'nobody@example.com',
            IDENTITY_PASSWORD,
        );
        expectNotAuthorized(wrong, 'Incorrect username or password.');
        expectNotAuthorized(unknown, 'Incorrect username or password.');
        expect(unknown.body).toBe(wrong.body);
        const failures = await t.db
            .select()
            .from(auditLog)
            .where(eq(auditLog.action, 'sign-in-failed'));
        expect(failures.map((row) => row.changes?.reason).sort()).toEqual([
            'unknown-user',
            'wrong-password',
        ]);
        expect(failures.find((row) => row.changes?.reason === 'unknown-user')?.entityId).toBeNull();
        await t.db
            .update(identityUsers)
            .set({ failedAttempts: 0, lastFailedAt: null })
            .where(eq(identityUsers.sub, subs.alice));
    });

    it('uses the password exactly as received', async () => {
        expectNotAuthorized(
            await initiatePasswordAuth(t.app, clientId(), 'driver-bob', ` ${IDENTITY_PASSWORD}`),
            'Incorrect username or password.',
        );
        expectNotAuthorized(
            await initiatePasswordAuth(
                t.app,
                clientId(),
                'driver-bob',
                IDENTITY_PASSWORD.toLowerCase(),
            ),
            'Incorrect username or password.',
        );
        await t.db
            .update(identityUsers)
            .set({ failedAttempts: 0, lastFailedAt: null })
            .where(eq(identityUsers.sub, subs.bob));
    });

    it('refuses passwords longer than 256 characters', async () => {
        const long = IDENTITY_PASSWORD + 'x'.repeat(257 - IDENTITY_PASSWORD.length);
        expectNotAuthorized(
            await initiatePasswordAuth(t.app, clientId(), 'nobody@example.com', long),
            'Incorrect username or password.',
        );
        expectNotAuthorized(
            await initiatePasswordAuth(t.app, clientId(), 'driver-bob', long),
            'Incorrect username or password.',
        );
        await t.db
            .update(identityUsers)
            .set({ failedAttempts: 0, lastFailedAt: null })
            .where(eq(identityUsers.sub, subs.bob));
    });

    it('requires USERNAME and PASSWORD', async () => {
        const response = await cognitoCall(t.app, 'InitiateAuth', {
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: clientId(),
            AuthParameters: { USERNAME: 'x' },
        });
        expect(cognitoErrorOf(response)).toMatchObject({
            status: 400,
            __type: 'InvalidParameterException',
            message: 'Missing required parameter PASSWORD',
        });
    });
});

describe('lockout', () => {
    const state = async () => {
        const [row] = await t.db
            .select()
            .from(identityUsers)
            .where(eq(identityUsers.sub, subs.locky));
        return row!;
    };

    it('locks after 5 failures, refuses even the right password while locked, and unlocks after the window', async () => {
        for (let attempt = 1; attempt <= 5; attempt++) {
            expectNotAuthorized(
                await initiatePasswordAuth(
                    t.app,
                    clientId(),
                    'locky@example.com',
                    `wrong-${attempt}`,
                ),
                'Incorrect username or password.',
            );
        }
        const locked = await state();
        expect(locked.failedAttempts).toBe(5);
        expect(locked.lockedUntil!.getTime() - locked.lastFailedAt!.getTime()).toBe(1000);

        expectNotAuthorized(
            await initiatePasswordAuth(t.app, clientId(), 'locky@example.com', IDENTITY_PASSWORD),
            'Password attempts exceeded',
        );
        expectNotAuthorized(
            await initiatePasswordAuth(t.app, clientId(), 'locky@example.com', 'wrong'),
            'Password attempts exceeded',
        );
        const unchanged = await state();
        expect(unchanged.lockedUntil).toEqual(locked.lockedUntil);
        expect(unchanged.failedAttempts).toBe(5);

        // The lock window passes: the next failure doubles the lock.
        await t.db
            .update(identityUsers)
            .set({ lockedUntil: new Date(Date.now() - 1) })
            .where(eq(identityUsers.sub, subs.locky));
        expectNotAuthorized(
            await initiatePasswordAuth(t.app, clientId(), 'locky@example.com', 'wrong-6'),
            'Incorrect username or password.',
        );
        const doubled = await state();
        expect(doubled.failedAttempts).toBe(6);
        expect(doubled.lockedUntil!.getTime() - doubled.lastFailedAt!.getTime()).toBe(2000);

        await t.db
            .update(identityUsers)
            .set({ lockedUntil: new Date(Date.now() - 1) })
            .where(eq(identityUsers.sub, subs.locky));
        await signIn(t, 'locky@example.com');
        expect(await state()).toMatchObject({
            failedAttempts: 0,
            lastFailedAt: null,
            lockedUntil: null,
        });

        const events = await t.db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.entityId, subs.locky), eq(auditLog.action, 'sign-in-locked')));
        expect(events.map((row) => row.changes?.reason).sort()).toEqual([
            'attempt-while-locked',
            'attempt-while-locked',
            'lock-started',
            'lock-started',
        ]);
    });

    it('caps the lock at 15 minutes', async () => {
        await t.db
            .update(identityUsers)
            .set({ failedAttempts: 40, lastFailedAt: new Date(), lockedUntil: null })
            .where(eq(identityUsers.sub, subs.locky));
        expectNotAuthorized(
            await initiatePasswordAuth(t.app, clientId(), 'locky@example.com', 'wrong'),
            'Incorrect username or password.',
        );
        const row = await state();
        expect(row.lockedUntil!.getTime() - row.lastFailedAt!.getTime()).toBe(15 * 60 * 1000);
    });

    it('starts counting afresh after 15 minutes without failures', async () => {
        await t.db
            .update(identityUsers)
            .set({
                failedAttempts: 4,
                lastFailedAt: new Date(Date.now() - 16 * 60 * 1000),
                lockedUntil: null,
            })
            .where(eq(identityUsers.sub, subs.locky));
        expectNotAuthorized(
            await initiatePasswordAuth(t.app, clientId(), 'locky@example.com', 'wrong'),
            'Incorrect username or password.',
        );
        expect(await state()).toMatchObject({ failedAttempts: 1, lockedUntil: null });
    });
});

describe('identity status', () => {
    it('reveals a disabled identity only after a right password', async () => {
        expectNotAuthorized(
            await initiatePasswordAuth(t.app, clientId(), 'disabled@example.com', 'wrong'),
            'Incorrect username or password.',
        );
        expectNotAuthorized(
            await initiatePasswordAuth(
                t.app,
                clientId(),
                'disabled@example.com',
                IDENTITY_PASSWORD,
            ),
            'User is disabled.',
        );
    });

    it('answers PasswordResetRequiredException after a right password', async () => {
        expectNotAuthorized(
            await initiatePasswordAuth(t.app, clientId(), 'reset@example.com', 'wrong'),
            'Incorrect username or password.',
        );
        const response = await initiatePasswordAuth(
            t.app,
            clientId(),
            'reset@example.com',
            IDENTITY_PASSWORD,
        );
        expect(cognitoErrorOf(response)).toMatchObject({
            status: 400,
            __type: 'PasswordResetRequiredException',
            type: 'PasswordResetRequiredException:',
        });
    });

    it('answers NEW_PASSWORD_REQUIRED for a temporary password, until it expires', async () => {
        const response = await initiatePasswordAuth(
            t.app,
            clientId(),
            'temp@example.com',
            IDENTITY_PASSWORD,
        );
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({
            ChallengeName: 'NEW_PASSWORD_REQUIRED',
            ChallengeParameters: { USER_ID_FOR_SRP: 'temp@example.com' },
        });
        await t.db
            .update(identityUsers)
            .set({ temporaryPasswordExpiresAt: new Date(Date.now() - 1000) })
            .where(eq(identityUsers.sub, subs.temp));
        expectNotAuthorized(
            await initiatePasswordAuth(t.app, clientId(), 'temp@example.com', IDENTITY_PASSWORD),
            'Temporary password has expired and must be reset by an administrator.',
        );
        const [failure] = await t.db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.entityId, subs.temp), eq(auditLog.action, 'sign-in-failed')));
        expect(failure?.changes).toMatchObject({ reason: 'temporary-password-expired' });
    });
});

describe('flows and clients', () => {
    it('refuses USER_SRP_AUTH (protocol §4, decision (a))', async () => {
        const response = await cognitoCall(t.app, 'InitiateAuth', {
            AuthFlow: 'USER_SRP_AUTH',
            ClientId: clientId(),
            AuthParameters: { USERNAME: 'alice@example.com', SRP_A: 'abc' },
        });
        expect(cognitoErrorOf(response)).toEqual({
            status: 400,
            type: 'InvalidParameterException:',
            __type: 'InvalidParameterException',
            message: 'USER_SRP_AUTH flow not enabled for this client',
        });
    });

    it('refuses another client id like Cognito (ResourceNotFoundException)', async () => {
        const response = await initiatePasswordAuth(
            t.app,
            'other-client',
            'alice@example.com',
            IDENTITY_PASSWORD,
        );
        expect(cognitoErrorOf(response)).toMatchObject({
            status: 400,
            __type: 'ResourceNotFoundException',
            message: 'User pool client other-client does not exist.',
        });
    });
});
