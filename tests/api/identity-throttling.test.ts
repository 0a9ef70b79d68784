import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, identityUsers, rateLimitCounters } from '../../server/db/schema/index.js';
import { createIdentities } from '../../server/identity/directory.js';
import {
    AMZ_JSON,
    cognitoCall,
    cognitoErrorOf,
    createIdentityTestApp,
    IDENTITY_PASSWORD,
    type IdentityTestApp,
} from './helpers/identity-fixtures.js';

let t: IdentityTestApp;

beforeAll(async () => {
    // Start just after a minute boundary (the clock keeps running), so no test straddles two windows.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Math.floor(Date.now() / 60_000) * 60_000 + 1000);
    t = await createIdentityTestApp({
        IDENTITY_SIGN_IN_LIMIT_PER_MINUTE: '3',
        IDENTITY_PASSWORD_LIMIT_PER_MINUTE: '2',
    });
    await createIdentities(t.db, [
        { username: 'quinn@example.com', email: 'quinn@example.com', password: IDENTITY_PASSWORD },
    ]);
});
afterAll(async () => {
    await t.close();
    vi.useRealTimers();
});

function signInFrom(ip: string, password: string) {
    return t.app.inject({
        method: 'POST',
        url: '/cognito-idp/',
        remoteAddress: ip,
        headers: {
            'content-type': AMZ_JSON,
            'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
        },
        payload: JSON.stringify({
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: t.config.identity.clientId,
            AuthParameters: { USERNAME: 'quinn@example.com', PASSWORD: password },
        }),
    });
}

/** Moves every counter one window back, as if a minute had passed. */
const nextWindow = () =>
    t.db
        .update(rateLimitCounters)
        .set({ windowStart: sql`${rateLimitCounters.windowStart} - interval '1 minute'` });

describe('per-IP throttling', () => {
    it('answers TooManyRequestsException past the sign-in limit, without counting toward the lockout', async () => {
        for (let attempt = 0; attempt < 3; attempt++)
            expect(cognitoErrorOf(await signInFrom('10.0.0.1', 'Wrong-Horse-1!')).__type).toBe(
                'NotAuthorizedException',
            );
        for (let retry = 0; retry < 3; retry++) {
            expect(cognitoErrorOf(await signInFrom('10.0.0.1', 'Wrong-Horse-1!'))).toEqual({
                status: 400,
                type: 'TooManyRequestsException:',
                __type: 'TooManyRequestsException',
                message: 'Rate exceeded',
            });
        }
        const [row] = await t.db
            .select()
            .from(identityUsers)
            .where(eq(identityUsers.username, 'quinn@example.com'));
        expect(row!.failedAttempts).toBe(3);
        // Another address has its own budget; the right password there clears the count.
        expect((await signInFrom('10.0.0.2', IDENTITY_PASSWORD)).statusCode).toBe(200);
        const throttled = await t.db
            .select()
            .from(auditLog)
            .where(eq(auditLog.action, 'throttled'));
        expect(throttled).toHaveLength(1);
        expect(throttled[0]).toMatchObject({ ip: '10.0.0.1', changes: { flow: 'sign-in' } });
    });

    it('keeps the counters in the database, in fixed one-minute windows', async () => {
        const counters = await t.db
            .select()
            .from(rateLimitCounters)
            .where(eq(rateLimitCounters.subject, '10.0.0.1'));
        expect(counters).toEqual([expect.objectContaining({ bucket: 'sign-in', hits: 6 })]);
        expect(counters[0]!.windowStart.getTime() % 60_000).toBe(0);
        await nextWindow();
        expect((await signInFrom('10.0.0.1', IDENTITY_PASSWORD)).statusCode).toBe(200);
    });

    it('throttles challenge answers with the sign-in budget', async () => {
        await nextWindow();
        const answer = () =>
            cognitoCall(t.app, 'RespondToAuthChallenge', {
                ClientId: t.config.identity.clientId,
                ChallengeName: 'SOFTWARE_TOKEN_MFA',
                Session: 'x'.repeat(43),
                ChallengeResponses: {},
            });
        const answers = [];
        for (let attempt = 0; attempt < 4; attempt++)
            answers.push(cognitoErrorOf(await answer()).__type);
        expect(answers).toEqual([
            'NotAuthorizedException',
            'NotAuthorizedException',
            'NotAuthorizedException',
            'TooManyRequestsException',
        ]);
    });

    it('throttles ForgotPassword, ConfirmForgotPassword and ChangePassword with the password budget', async () => {
        const forgot = () =>
            cognitoCall(t.app, 'ForgotPassword', {
                ClientId: t.config.identity.clientId,
                Username: 'quinn@example.com',
            });
        const confirm = () =>
            cognitoCall(t.app, 'ConfirmForgotPassword', {
                ClientId: t.config.identity.clientId,
                Username: 'quinn@example.com',
                ConfirmationCode: '123456',
                Password: 'Reset-Password-5',
            });
        const change = () =>
            cognitoCall(t.app, 'ChangePassword', {
                AccessToken: 'a.b.c',
                PreviousPassword: IDENTITY_PASSWORD,
                ProposedPassword: 'Reset-Password-5',
            });
        expect((await forgot()).statusCode).toBe(200);
        expect(cognitoErrorOf(await confirm()).__type).toBe('CodeMismatchException');
        for (const call of [forgot, confirm, change])
            expect(cognitoErrorOf(await call()).__type).toBe('TooManyRequestsException');
    });
});
