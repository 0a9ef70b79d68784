import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, identityChallenges, identityUsers } from '../../server/db/schema/index.js';
import { hashSession } from '../../server/identity/challenges.js';
import { createIdentities } from '../../server/identity/directory.js';
import { newTotpSecret, sealTotpSecret } from '../../server/identity/totp.js';
import {
    cognitoCall,
    cognitoErrorOf,
    createIdentityTestApp,
    IDENTITY_PASSWORD,
    initiatePasswordAuth,
    mailsTo,
    respondToChallenge,
    totpCode,
    type IdentityTestApp,
} from './helpers/identity-fixtures.js';

const KEY_SECRET = 'challenge-test-secret-that-is-long-enough-42';
let t: IdentityTestApp;
let secret: string;
let mfaSub: string;

beforeAll(async () => {
    t = await createIdentityTestApp({ IDENTITY_KEY_SECRET: KEY_SECRET });
    const [, , mfa] = await createIdentities(t.db, [
        {
            username: 'new@example.com',
            email: 'new@example.com',
            password: 'Temporary-Pass-1',
            status: 'FORCE_CHANGE_PASSWORD',
            attributes: { 'custom:mfa_setup': 'true' },
        },
        {
            username: 'plain-temp@example.com',
            email: 'plain-temp@example.com',
            password: 'Temporary-Pass-1',
            status: 'FORCE_CHANGE_PASSWORD',
        },
        { username: 'mfa@example.com', email: 'mfa@example.com', password: IDENTITY_PASSWORD },
    ]);
    mfaSub = mfa!;
    secret = newTotpSecret();
    await t.db
        .update(identityUsers)
        .set({ mfaEnabled: true, totpSecret: sealTotpSecret(secret, mfaSub, KEY_SECRET) })
        .where(eq(identityUsers.sub, mfaSub));
});
afterAll(() => t.close());

const clientId = () => t.config.identity.clientId;
const SESSION_EXPIRED = {
    status: 400,
    __type: 'NotAuthorizedException',
    message: 'Invalid session for the user, session is expired.',
};

async function challengeFor(username: string, password: string, expected: string): Promise<string> {
    const response = await initiatePasswordAuth(t.app, clientId(), username, password);
    const body = response.json<{ ChallengeName?: string; Session?: string }>();
    expect(body.ChallengeName).toBe(expected);
    return body.Session!;
}

/** Clears the last accepted step, so the next test may use the current code again. */
const forgetLastStep = () =>
    t.db.update(identityUsers).set({ totpLastStep: null }).where(eq(identityUsers.sub, mfaSub));

describe('NEW_PASSWORD_REQUIRED, then MFA_SETUP, then tokens (protocol §2.3)', () => {
    it('walks the whole first sign-in of an invited user who must set up MFA', async () => {
        const first = await initiatePasswordAuth(
            t.app,
            clientId(),
            'new@example.com',
            'Temporary-Pass-1',
        );
        const challenge = first.json();
        expect(Object.keys(challenge).sort()).toEqual([
            'ChallengeName',
            'ChallengeParameters',
            'Session',
        ]);
        expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
        expect(challenge.Session).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(challenge.ChallengeParameters).toEqual({
            USER_ID_FOR_SRP: 'new@example.com',
            requiredAttributes: '[]',
            userAttributes: expect.any(String),
        });
        expect(JSON.parse(challenge.ChallengeParameters.userAttributes)).toEqual({
            email: 'new@example.com',
            email_verified: 'true',
            'custom:mfa_setup': 'true',
        });
        const [stored] = await t.db
            .select()
            .from(identityChallenges)
            .where(eq(identityChallenges.sessionHash, hashSession(challenge.Session)));
        expect(stored).toMatchObject({ challengeName: 'NEW_PASSWORD_REQUIRED', attempts: 0 });

        const weak = await respondToChallenge(t, 'NEW_PASSWORD_REQUIRED', challenge.Session, {
            USERNAME: 'new@example.com',
            NEW_PASSWORD: 'weakpassword',
        });
        expect(cognitoErrorOf(weak)).toMatchObject({
            status: 400,
            __type: 'InvalidPasswordException',
            message:
                'Password did not conform with policy: Password must have uppercase characters',
        });

        const answered = await respondToChallenge(t, 'NEW_PASSWORD_REQUIRED', challenge.Session, {
            USERNAME: 'new@example.com',
            NEW_PASSWORD: 'Brand-New-Pass-7',
        });
        expect(answered.statusCode).toBe(200);
        const setup = answered.json();
        expect(setup).toMatchObject({
            ChallengeName: 'MFA_SETUP',
            ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' },
        });
        const reuse = await respondToChallenge(t, 'NEW_PASSWORD_REQUIRED', challenge.Session, {
            USERNAME: 'new@example.com',
            NEW_PASSWORD: 'Brand-New-Pass-8',
        });
        expect(cognitoErrorOf(reuse)).toMatchObject(SESSION_EXPIRED);

        const associated = await cognitoCall(t.app, 'AssociateSoftwareToken', {
            Session: setup.Session,
        });
        expect(associated.statusCode).toBe(200);
        const { SecretCode, Session } = associated.json<{ SecretCode: string; Session: string }>();
        expect(SecretCode).toMatch(/^[A-Z2-7]{32}$/);
        expect(Session).not.toBe(setup.Session);
        const [row] = await t.db
            .select()
            .from(identityChallenges)
            .where(eq(identityChallenges.sessionHash, hashSession(Session)));
        expect(row!.totpSecret).toMatch(/^aes-256-gcm:v1:/);

        const wrong = await cognitoCall(t.app, 'VerifySoftwareToken', {
            Session,
            UserCode: (Number(await totpCode(SecretCode)) ^ 1).toString().padStart(6, '0'),
        });
        expect(cognitoErrorOf(wrong)).toEqual({
            status: 400,
            type: 'EnableSoftwareTokenMFAException:',
            __type: 'EnableSoftwareTokenMFAException',
            message: 'Code mismatch',
        });
        const verified = await cognitoCall(t.app, 'VerifySoftwareToken', {
            Session,
            UserCode: await totpCode(SecretCode),
            FriendlyDeviceName: 'phone',
        });
        expect(verified.statusCode).toBe(200);
        const verifiedBody = verified.json<{ Status: string; Session: string }>();
        expect(verifiedBody.Status).toBe('SUCCESS');

        const done = await respondToChallenge(t, 'MFA_SETUP', verifiedBody.Session, {
            USERNAME: 'new@example.com',
        });
        expect(done.statusCode).toBe(200);
        const tokens = done.json().AuthenticationResult;
        expect(tokens).toMatchObject({ TokenType: 'Bearer' });
        expect(tokens.RefreshToken).toBeTruthy();

        const user = await cognitoCall(t.app, 'GetUser', { AccessToken: tokens.AccessToken });
        expect(user.json()).toMatchObject({
            PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
            UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
        });
        const [identity] = await t.db
            .select()
            .from(identityUsers)
            .where(eq(identityUsers.username, 'new@example.com'));
        expect(identity).toMatchObject({
            status: 'CONFIRMED',
            mfaEnabled: true,
            temporaryPasswordExpiresAt: null,
            totpPendingSecret: null,
        });
        expect(identity!.totpSecret).toMatch(/^aes-256-gcm:v1:/);
        expect(identity!.totpSecret).not.toContain(SecretCode);
        expect((await mailsTo(t, 'new@example.com')).map((mail) => mail.kind).sort()).toEqual([
            'mfa-enabled',
            'password-changed',
        ]);

        const actions = (
            await t.db.select().from(auditLog).where(eq(auditLog.entityId, identity!.sub))
        ).map((entry) => entry.action);
        expect(actions).toEqual(
            expect.arrayContaining([
                'challenge-issued',
                'challenge-failed',
                'challenge-passed',
                'password-changed',
                'mfa-setup',
                'mfa-enabled',
                'sign-in',
            ]),
        );
        const audit = JSON.stringify(await t.db.select().from(auditLog));
        expect(audit).not.toContain(SecretCode);
        expect(audit).not.toContain('Brand-New-Pass-7');

        // The next sign-in asks for the code.
        await challengeFor('new@example.com', 'Brand-New-Pass-7', 'SOFTWARE_TOKEN_MFA');
    });

    it('goes straight to tokens after NEW_PASSWORD_REQUIRED when no MFA is needed', async () => {
        const session = await challengeFor(
            'plain-temp@example.com',
            'Temporary-Pass-1',
            'NEW_PASSWORD_REQUIRED',
        );
        const response = await respondToChallenge(t, 'NEW_PASSWORD_REQUIRED', session, {
            USERNAME: 'Plain-Temp@example.com',
            NEW_PASSWORD: 'Brand-New-Pass-7',
        });
        expect(response.json().AuthenticationResult.AccessToken).toBeTruthy();
    });

    it('refuses MFA_SETUP before the token was verified, and Associate with a Session of another challenge', async () => {
        await t.db
            .update(identityUsers)
            .set({ mfaEnabled: false, attributes: { 'custom:mfa_setup': 'true' } })
            .where(eq(identityUsers.username, 'plain-temp@example.com'));
        const session = await challengeFor(
            'plain-temp@example.com',
            'Brand-New-Pass-7',
            'MFA_SETUP',
        );
        const early = await respondToChallenge(t, 'MFA_SETUP', session, {
            USERNAME: 'plain-temp@example.com',
        });
        expect(cognitoErrorOf(early)).toMatchObject({ __type: 'InvalidParameterException' });
        const mfaSession = await challengeFor(
            'mfa@example.com',
            IDENTITY_PASSWORD,
            'SOFTWARE_TOKEN_MFA',
        );
        expect(
            cognitoErrorOf(
                await cognitoCall(t.app, 'AssociateSoftwareToken', { Session: mfaSession }),
            ),
        ).toMatchObject(SESSION_EXPIRED);
    });
});

describe('SOFTWARE_TOKEN_MFA', () => {
    it('answers a wrong code with CodeMismatchException and keeps the Session; the right code issues tokens', async () => {
        await forgetLastStep();
        const session = await challengeFor(
            'mfa@example.com',
            IDENTITY_PASSWORD,
            'SOFTWARE_TOKEN_MFA',
        );
        const wrong = await respondToChallenge(t, 'SOFTWARE_TOKEN_MFA', session, {
            USERNAME: 'mfa@example.com',
            SOFTWARE_TOKEN_MFA_CODE: '000000',
        });
        expect(cognitoErrorOf(wrong)).toEqual({
            status: 400,
            type: 'CodeMismatchException:',
            __type: 'CodeMismatchException',
            message: 'Invalid code received for user',
        });
        const right = await respondToChallenge(t, 'SOFTWARE_TOKEN_MFA', session, {
            USERNAME: 'mfa@example.com',
            SOFTWARE_TOKEN_MFA_CODE: await totpCode(secret),
        });
        expect(right.statusCode).toBe(200);
        expect(right.json().AuthenticationResult.AccessToken).toBeTruthy();
        const used = await respondToChallenge(t, 'SOFTWARE_TOKEN_MFA', session, {
            USERNAME: 'mfa@example.com',
            SOFTWARE_TOKEN_MFA_CODE: await totpCode(secret, 1),
        });
        expect(cognitoErrorOf(used)).toMatchObject(SESSION_EXPIRED);
        const [identity] = await t.db
            .select()
            .from(identityUsers)
            .where(eq(identityUsers.sub, mfaSub));
        expect(identity).toMatchObject({ mfaFailedAttempts: 0 });
    });

    it('accepts each code once: the same code in a second sign-in is refused', async () => {
        await forgetLastStep();
        const code = await totpCode(secret);
        const first = await challengeFor(
            'mfa@example.com',
            IDENTITY_PASSWORD,
            'SOFTWARE_TOKEN_MFA',
        );
        expect(
            (
                await respondToChallenge(t, 'SOFTWARE_TOKEN_MFA', first, {
                    USERNAME: 'mfa@example.com',
                    SOFTWARE_TOKEN_MFA_CODE: code,
                })
            ).statusCode,
        ).toBe(200);
        const second = await challengeFor(
            'mfa@example.com',
            IDENTITY_PASSWORD,
            'SOFTWARE_TOKEN_MFA',
        );
        const replay = await respondToChallenge(t, 'SOFTWARE_TOKEN_MFA', second, {
            USERNAME: 'mfa@example.com',
            SOFTWARE_TOKEN_MFA_CODE: code,
        });
        expect(cognitoErrorOf(replay)).toMatchObject({ __type: 'CodeMismatchException' });
        // The next step's code (within the ±1 step window) still works.
        const next = await respondToChallenge(t, 'SOFTWARE_TOKEN_MFA', second, {
            USERNAME: 'mfa@example.com',
            SOFTWARE_TOKEN_MFA_CODE: await totpCode(secret, 1),
        });
        expect(next.statusCode).toBe(200);
        await t.db
            .update(identityUsers)
            .set({ mfaFailedAttempts: 0, mfaLastFailedAt: null })
            .where(eq(identityUsers.sub, mfaSub));
    });

    it('allows 3 answers per Session, then refuses it as expired', async () => {
        await forgetLastStep();
        const session = await challengeFor(
            'mfa@example.com',
            IDENTITY_PASSWORD,
            'SOFTWARE_TOKEN_MFA',
        );
        for (const code of ['000001', '000002', '000003']) {
            expect(
                cognitoErrorOf(
                    await respondToChallenge(t, 'SOFTWARE_TOKEN_MFA', session, {
                        USERNAME: 'mfa@example.com',
                        SOFTWARE_TOKEN_MFA_CODE: code,
                    }),
                ),
            ).toMatchObject({
                __type: 'CodeMismatchException',
            });
        }
        const fourth = await respondToChallenge(t, 'SOFTWARE_TOKEN_MFA', session, {
            USERNAME: 'mfa@example.com',
            SOFTWARE_TOKEN_MFA_CODE: await totpCode(secret),
        });
        expect(cognitoErrorOf(fourth)).toMatchObject(SESSION_EXPIRED);
        await t.db
            .update(identityUsers)
            .set({ mfaFailedAttempts: 0, mfaLastFailedAt: null })
            .where(eq(identityUsers.sub, mfaSub));
    });

    it('refuses an expired Session, an unknown one, one of another challenge and one answered for another user', async () => {
        await forgetLastStep();
        const session = await challengeFor(
            'mfa@example.com',
            IDENTITY_PASSWORD,
            'SOFTWARE_TOKEN_MFA',
        );
        const answer = async (name: string, value: string, username = 'mfa@example.com') =>
            cognitoErrorOf(
                await respondToChallenge(t, name, value, {
                    USERNAME: username,
                    SOFTWARE_TOKEN_MFA_CODE: await totpCode(secret),
                    NEW_PASSWORD: 'Brand-New-Pass-7',
                }),
            );
        expect(await answer('NEW_PASSWORD_REQUIRED', session)).toMatchObject(SESSION_EXPIRED);
        expect(await answer('SOFTWARE_TOKEN_MFA', session, 'new@example.com')).toMatchObject(
            SESSION_EXPIRED,
        );
        expect(await answer('SOFTWARE_TOKEN_MFA', 'x'.repeat(43))).toMatchObject(SESSION_EXPIRED);
        await t.db
            .update(identityChallenges)
            .set({ expiresAt: new Date(Date.now() - 1000) })
            .where(eq(identityChallenges.sessionHash, hashSession(session)));
        expect(await answer('SOFTWARE_TOKEN_MFA', session)).toMatchObject(SESSION_EXPIRED);
        expect(cognitoErrorOf(await respondToChallenge(t, 'SMS_MFA', session, {}))).toMatchObject({
            __type: 'InvalidParameterException',
        });
    });

    it('locks after 5 wrong codes across Sessions, like passwords, and counts apart from them', async () => {
        await forgetLastStep();
        const wrong = async (session: string, code: string) =>
            cognitoErrorOf(
                await respondToChallenge(t, 'SOFTWARE_TOKEN_MFA', session, {
                    USERNAME: 'mfa@example.com',
                    SOFTWARE_TOKEN_MFA_CODE: code,
                }),
            );
        const first = await challengeFor(
            'mfa@example.com',
            IDENTITY_PASSWORD,
            'SOFTWARE_TOKEN_MFA',
        );
        for (const code of ['111111', '222222', '333333'])
            expect(await wrong(first, code)).toMatchObject({ __type: 'CodeMismatchException' });
        // A right password does not reset the MFA count.
        const second = await challengeFor(
            'mfa@example.com',
            IDENTITY_PASSWORD,
            'SOFTWARE_TOKEN_MFA',
        );
        for (const code of ['444444', '555555'])
            expect(await wrong(second, code)).toMatchObject({ __type: 'CodeMismatchException' });
        const [locked] = await t.db
            .select()
            .from(identityUsers)
            .where(eq(identityUsers.sub, mfaSub));
        expect(locked!.mfaFailedAttempts).toBe(5);
        expect(locked!.mfaLockedUntil!.getTime() - locked!.mfaLastFailedAt!.getTime()).toBe(1000);
        expect(locked!.failedAttempts).toBe(0);

        const third = await challengeFor(
            'mfa@example.com',
            IDENTITY_PASSWORD,
            'SOFTWARE_TOKEN_MFA',
        );
        expect(await wrong(third, await totpCode(secret))).toMatchObject({
            __type: 'NotAuthorizedException',
            message: 'Password attempts exceeded',
        });
        await t.db
            .update(identityUsers)
            .set({ mfaLockedUntil: new Date(Date.now() - 1) })
            .where(eq(identityUsers.sub, mfaSub));
        const right = await respondToChallenge(t, 'SOFTWARE_TOKEN_MFA', third, {
            USERNAME: 'mfa@example.com',
            SOFTWARE_TOKEN_MFA_CODE: await totpCode(secret),
        });
        expect(right.statusCode).toBe(200);
        const [cleared] = await t.db
            .select()
            .from(identityUsers)
            .where(eq(identityUsers.sub, mfaSub));
        expect(cleared).toMatchObject({ mfaFailedAttempts: 0, mfaLockedUntil: null });
        const events = await t.db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.entityId, mfaSub), eq(auditLog.action, 'sign-in-locked')));
        expect(events.map((event) => event.changes?.reason).sort()).toEqual([
            'attempt-while-locked',
            'lock-started',
        ]);
    });
});
