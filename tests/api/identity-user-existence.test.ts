import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { identityUsers } from '../../server/db/schema/index.js';
import { createIdentities } from '../../server/identity/directory.js';
import {
    cognitoCall,
    cognitoErrorOf,
    createIdentityTestApp,
    IDENTITY_PASSWORD,
    initiatePasswordAuth,
    resetCodeFor,
    signIn,
    type IdentityTestApp,
} from './helpers/identity-fixtures.js';

/**
 * No user enumeration through the password check (ASVS 6.3.8, Cognito's
 * PreventUserExistenceErrors): unknown usernames get the same answers at the same attempts as
 * real accounts, and every answer costs one Argon2 verification. The clock stands still (only
 * `Date` is faked) and moves only where a test moves it, so lock windows are exact.
 */
let t: IdentityTestApp;
const verify = vi.spyOn(argon2, 'verify');

const INCORRECT = 'Incorrect username or password.';
const EXCEEDED = 'Password attempts exceeded';

beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    t = await createIdentityTestApp();
    await createIdentities(t.db, [
        { username: 'real@example.com', email: 'real@example.com', password: IDENTITY_PASSWORD },
        { username: 'other@example.com', email: 'other@example.com', password: IDENTITY_PASSWORD },
        { username: 'owner@example.com', email: 'owner@example.com', password: IDENTITY_PASSWORD },
        {
            username: 'disabled@example.com',
            email: 'disabled@example.com',
            password: IDENTITY_PASSWORD,
        },
        { username: 'no-password@example.com', email: 'no-password@example.com' },
        {
            username: 'resetter@example.com',
            email: 'resetter@example.com',
            password: IDENTITY_PASSWORD,
        },
    ]);
    await t.db
        .update(identityUsers)
        .set({ enabled: false })
        .where(eq(identityUsers.username, 'disabled@example.com'));
});
afterAll(async () => {
    await t.close();
    vi.useRealTimers();
    verify.mockRestore();
});

const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

/** One wrong-password sign-in: what the caller sees, and how many Argon2 verifications it cost. */
async function attempt(username: string) {
    verify.mockClear();
    const response = await initiatePasswordAuth(
        t.app,
        t.config.identity.clientId,
        username,
        'Wrong-Horse-1!',
    );
    return {
        status: response.statusCode,
        errorType: response.headers['x-amzn-errortype'],
        body: response.body,
        message: cognitoErrorOf(response).message,
        verifications: verify.mock.calls.length,
    };
}

/**
 * Wrong passwords through two lock windows and the 15-minute reset; the name's case alternates,
 * as sign-in names are matched case-insensitively.
 */
async function lockoutSequence(username: string) {
    const answers: Awaited<ReturnType<typeof attempt>>[] = [];
    const run = async (count: number) => {
        for (let index = 0; index < count; index++)
            answers.push(await attempt(index % 2 ? username.toUpperCase() : username));
    };
    await run(7);
    advance(1001);
    await run(2);
    advance(2001);
    await run(1);
    advance(16 * 60 * 1000);
    await run(6);
    return answers;
}

describe('unknown and existing usernames', () => {
    it('get the same answers, message by message, across the lockout threshold', async () => {
        const real = await lockoutSequence('real@example.com');
        const unknown = await lockoutSequence('ghost@example.com');
        // 5 failures lock for 1 s; after it the next failure locks for 2 s; 15 minutes reset the count.
        const expected = [
            ...[INCORRECT, INCORRECT, INCORRECT, INCORRECT, INCORRECT, EXCEEDED, EXCEEDED],
            ...[INCORRECT, EXCEEDED],
            INCORRECT,
            ...[INCORRECT, INCORRECT, INCORRECT, INCORRECT, INCORRECT, EXCEEDED],
        ];
        expect(real.map((answer) => answer.message)).toEqual(expected);
        expect(unknown.map((answer) => answer.message)).toEqual(expected);
        const wire = (answer: (typeof real)[number]) => ({
            status: answer.status,
            errorType: answer.errorType,
            body: answer.body,
        });
        expect(unknown.map(wire)).toEqual(real.map(wire));
    });

    it('cost one Argon2 verification on every answer, locked or not', async () => {
        const real = await lockoutSequence('other@example.com');
        const unknown = await lockoutSequence('nobody@example.com');
        expect(real.map((answer) => answer.verifications)).toEqual(Array(16).fill(1));
        expect(unknown.map((answer) => answer.verifications)).toEqual(Array(16).fill(1));
    });

    it('cost one verification for a disabled identity and one without a password', async () => {
        advance(16 * 60 * 1000);
        expect(await attempt('disabled@example.com')).toMatchObject({
            message: INCORRECT,
            verifications: 1,
        });
        expect(await attempt('no-password@example.com')).toMatchObject({
            message: INCORRECT,
            verifications: 1,
        });
        verify.mockClear();
        const right = await initiatePasswordAuth(
            t.app,
            t.config.identity.clientId,
            'disabled@example.com',
            IDENTITY_PASSWORD,
        );
        expect(cognitoErrorOf(right).message).toBe('User is disabled.');
        expect(verify).toHaveBeenCalledTimes(1);
    });

    it('ChangePassword verifies the previous password while the account is locked, too', async () => {
        advance(16 * 60 * 1000);
        const { AccessToken } = await signIn(t, 'owner@example.com');
        const change = () =>
            cognitoCall(t.app, 'ChangePassword', {
                AccessToken,
                PreviousPassword: 'Wrong-Horse-1!',
                ProposedPassword: 'Another-Horse-2!',
            });
        const messages: unknown[] = [];
        const verifications: number[] = [];
        for (let index = 0; index < 6; index++) {
            verify.mockClear();
            messages.push(cognitoErrorOf(await change()).message);
            verifications.push(verify.mock.calls.length);
        }
        expect(messages).toEqual([INCORRECT, INCORRECT, INCORRECT, INCORRECT, INCORRECT, EXCEEDED]);
        expect(verifications).toEqual([1, 1, 1, 1, 1, 1]);
    });

    it('get the same ForgotPassword and ConfirmForgotPassword answers, past both limits', async () => {
        /** Six code requests (5 an hour are allowed), then six wrong codes (5 tries). */
        const resetSequence = async (username: string) => {
            const answers: unknown[] = [];
            for (let request = 0; request < 6; request++) {
                const response = await cognitoCall(t.app, 'ForgotPassword', {
                    ClientId: t.config.identity.clientId,
                    Username: username,
                });
                answers.push(
                    response.statusCode === 200
                        ? response.body.replace(/"Destination":"[a-z]\*\*\*@[a-z]\*\*\*"/, 'masked')
                        : cognitoErrorOf(response),
                );
            }
            // A code the real account did not get (for the unknown name no code was sent at all).
            const sent = username.startsWith('resetter') ? await resetCodeFor(t, username) : '0';
            const wrong = String((Number(sent) + 1) % 1_000_000).padStart(6, '0');
            for (let attempt = 0; attempt < 6; attempt++) {
                const response = await cognitoCall(t.app, 'ConfirmForgotPassword', {
                    ClientId: t.config.identity.clientId,
                    Username: username,
                    ConfirmationCode: wrong,
                    Password: 'Reset-Password-5',
                });
                answers.push(cognitoErrorOf(response));
            }
            return answers;
        };
        const real = await resetSequence('resetter@example.com');
        const unknown = await resetSequence('unheard-of@example.com');
        const delivered =
            '{"CodeDeliveryDetails":{masked,"DeliveryMedium":"EMAIL","AttributeName":"email"}}';
        const limit = {
            status: 400,
            type: 'LimitExceededException:',
            __type: 'LimitExceededException',
            message: 'Attempt limit exceeded, please try after some time.',
        };
        const mismatch = {
            status: 400,
            type: 'CodeMismatchException:',
            __type: 'CodeMismatchException',
            message: 'Invalid verification code provided, please try again.',
        };
        expect(real).toEqual([
            ...Array(5).fill(delivered),
            limit,
            ...Array(5).fill(mismatch),
            limit,
        ]);
        expect(unknown).toEqual(real);
    });
});
