import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
    auditLog,
    identityPasswordResetCodes,
    identityUsers,
} from '../../server/db/schema/index.js';
import { createIdentities } from '../../server/identity/directory.js';
import { usernameKey } from '../../server/identity/reset-codes.js';
import { newTotpSecret, sealTotpSecret } from '../../server/identity/totp.js';
import {
    cognitoCall,
    cognitoErrorOf,
    createIdentityTestApp,
    IDENTITY_PASSWORD,
    initiatePasswordAuth,
    mailsTo,
    resetCodeFor,
    signIn,
    type IdentityTestApp,
} from './helpers/identity-fixtures.js';

let t: IdentityTestApp;
let subs: string[];

beforeAll(async () => {
    t = await createIdentityTestApp();
    subs = await createIdentities(t.db, [
        { username: 'lena@example.com', email: 'lena@example.com', password: IDENTITY_PASSWORD },
        {
            username: 'max@example.com',
            email: 'max@example.com',
            password: IDENTITY_PASSWORD,
            status: 'RESET_REQUIRED',
        },
        { username: 'nora@example.com', email: 'nora@example.com', password: IDENTITY_PASSWORD },
        { username: 'driver-otto', email: 'otto@example.com', password: IDENTITY_PASSWORD },
        {
            username: 'unverified@example.com',
            email: 'unverified@example.com',
            password: IDENTITY_PASSWORD,
            emailVerified: false,
        },
    ]);
});
afterAll(() => t.close());

const clientId = () => t.config.identity.clientId;
const forgot = (Username: string) =>
    cognitoCall(t.app, 'ForgotPassword', { ClientId: clientId(), Username });
const confirm = (Username: string, ConfirmationCode: string, Password = 'Reset-Password-5') =>
    cognitoCall(t.app, 'ConfirmForgotPassword', {
        ClientId: clientId(),
        Username,
        ConfirmationCode,
        Password,
    });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('ChangePassword', () => {
    it('needs the current password; a wrong one is NotAuthorizedException and counts toward lockout', async () => {
        const { AccessToken } = await signIn(t, 'lena@example.com');
        const wrong = await cognitoCall(t.app, 'ChangePassword', {
            AccessToken,
            PreviousPassword: 'Wrong-Horse-9!',
            ProposedPassword: 'Another-Pass-8',
        });
        expect(cognitoErrorOf(wrong)).toMatchObject({
            status: 400,
            __type: 'NotAuthorizedException',
            message: 'Incorrect username or password.',
        });
        const [row] = await t.db
            .select()
            .from(identityUsers)
            .where(eq(identityUsers.sub, subs[0]!));
        expect(row!.failedAttempts).toBe(1);
    });

    it('checks the policy with InvalidPasswordException', async () => {
        const { AccessToken } = await signIn(t, 'lena@example.com');
        for (const [proposed, message] of [
            ['Short-1!', 'Password not long enough'],
            ['no-upper-case-1', 'Password must have uppercase characters'],
            ['NO-LOWER-CASE-1', 'Password must have lowercase characters'],
            ['No-Digits-Here!', 'Password must have numeric characters'],
            ['NoSymbolsHere12', 'Password must have symbol characters'],
        ]) {
            const response = await cognitoCall(t.app, 'ChangePassword', {
                AccessToken,
                PreviousPassword: IDENTITY_PASSWORD,
                ProposedPassword: proposed,
            });
            expect(cognitoErrorOf(response)).toMatchObject({
                __type: 'InvalidPasswordException',
                message: `Password did not conform with policy: ${message}`,
            });
        }
    });

    it('changes the password, keeps the current session, ends the others and tells the user', async () => {
        const other = await signIn(t, 'lena@example.com');
        const current = await signIn(t, 'lena@example.com');
        const response = await cognitoCall(t.app, 'ChangePassword', {
            AccessToken: current.AccessToken,
            PreviousPassword: IDENTITY_PASSWORD,
            ProposedPassword: 'Another-Pass-8',
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({});
        await expect(t.app.identity.verifyAccessToken(current.AccessToken)).resolves.toMatchObject({
            username: 'lena@example.com',
        });
        await expect(t.app.identity.verifyAccessToken(other.AccessToken)).rejects.toMatchObject({
            message: 'Access Token has been revoked',
        });
        expect(
            (await initiatePasswordAuth(t.app, clientId(), 'lena@example.com', IDENTITY_PASSWORD))
                .statusCode,
        ).toBe(400);
        await signIn(t, 'lena@example.com', 'Another-Pass-8');
        expect((await mailsTo(t, 'lena@example.com'))[0]).toMatchObject({
            kind: 'password-changed',
            subject: expect.stringContaining('password was changed'),
        });
        const audit = await t.db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.entityId, subs[0]!), eq(auditLog.action, 'password-changed')));
        expect(audit).toHaveLength(1);
        expect(JSON.stringify(audit)).not.toContain('Another-Pass-8');
    });
});

describe('ForgotPassword and ConfirmForgotPassword', () => {
    it('mails a 6-digit code through the outbox, stores only its hash, and resets the password with it', async () => {
        const tokens = await signIn(t, 'nora@example.com');
        const response = await forgot('Nora@Example.com');
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
            CodeDeliveryDetails: {
                Destination: 'n***@e***',
                DeliveryMedium: 'EMAIL',
                AttributeName: 'email',
            },
        });
        const code = await resetCodeFor(t, 'nora@example.com');
        expect(code).toMatch(/^\d{6}$/);
        const [stored] = await t.db
            .select()
            .from(identityPasswordResetCodes)
            .where(eq(identityPasswordResetCodes.usernameKey, usernameKey('nora@example.com')));
        expect(stored!.codeHash).not.toContain(code);
        expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(10 * 60 * 1000);

        const weak = await confirm('nora@example.com', code, 'weak');
        expect(cognitoErrorOf(weak)).toMatchObject({ __type: 'InvalidPasswordException' });
        const done = await confirm('nora@example.com', code);
        expect(done.statusCode).toBe(200);
        expect(done.json()).toEqual({});
        await expect(t.app.identity.verifyAccessToken(tokens.AccessToken)).rejects.toMatchObject({
            message: 'Access Token has been revoked',
        });
        await signIn(t, 'nora@example.com', 'Reset-Password-5');
        expect(
            cognitoErrorOf(await confirm('nora@example.com', code, 'Reset-Password-6')),
        ).toMatchObject({ __type: 'CodeMismatchException' });
        expect((await mailsTo(t, 'nora@example.com')).map((mail) => mail.kind)).toEqual([
            'password-reset',
            'password-reset-code',
        ]);
        const audit = JSON.stringify(await t.db.select().from(auditLog));
        expect(audit).not.toContain(`"${code}"`);
        expect(audit).toContain('password-reset-requested');
    });

    it('clears RESET_REQUIRED but keeps MFA on: the next sign-in still asks for the code', async () => {
        await t.db
            .update(identityUsers)
            .set({
                mfaEnabled: true,
                totpSecret: sealTotpSecret(newTotpSecret(), subs[1]!, undefined),
            })
            .where(eq(identityUsers.sub, subs[1]!));
        const required = await initiatePasswordAuth(
            t.app,
            clientId(),
            'max@example.com',
            IDENTITY_PASSWORD,
        );
        expect(cognitoErrorOf(required)).toMatchObject({
            __type: 'PasswordResetRequiredException',
        });
        await forgot('max@example.com');
        expect(
            (await confirm('max@example.com', await resetCodeFor(t, 'max@example.com'))).statusCode,
        ).toBe(200);
        const next = await initiatePasswordAuth(
            t.app,
            clientId(),
            'max@example.com',
            'Reset-Password-5',
        );
        expect(next.json()).toMatchObject({ ChallengeName: 'SOFTWARE_TOKEN_MFA' });
        const [row] = await t.db
            .select()
            .from(identityUsers)
            .where(eq(identityUsers.sub, subs[1]!));
        expect(row).toMatchObject({ status: 'CONFIRMED', mfaEnabled: true });
    });

    it('answers ExpiredCodeException for a code older than 10 minutes', async () => {
        await forgot('lena@example.com');
        const code = await resetCodeFor(t, 'lena@example.com');
        await t.db
            .update(identityPasswordResetCodes)
            .set({ expiresAt: new Date(Date.now() - 1000) })
            .where(eq(identityPasswordResetCodes.usernameKey, usernameKey('lena@example.com')));
        expect(cognitoErrorOf(await confirm('lena@example.com', code))).toEqual({
            status: 400,
            type: 'ExpiredCodeException:',
            __type: 'ExpiredCodeException',
            message: 'Invalid code provided, please request a code again.',
        });
    });

    it('allows 5 wrong codes, then answers LimitExceededException even for the right one', async () => {
        await forgot('lena@example.com');
        const code = await resetCodeFor(t, 'lena@example.com');
        for (let attempt = 0; attempt < 5; attempt++) {
            expect(
                cognitoErrorOf(await confirm('lena@example.com', wrongCode(code))),
            ).toMatchObject({
                __type: 'CodeMismatchException',
                message: 'Invalid verification code provided, please try again.',
            });
        }
        expect(cognitoErrorOf(await confirm('lena@example.com', code))).toMatchObject({
            __type: 'LimitExceededException',
            message: 'Attempt limit exceeded, please try after some time.',
        });
        await signIn(t, 'lena@example.com', 'Another-Pass-8');
    });

    it('answers unknown and ineligible users exactly like real ones, without a mail', async () => {
        const unknown = await forgot('nobody@example.com');
        expect(unknown.json()).toEqual({
            CodeDeliveryDetails: {
                Destination: 'n***@e***',
                DeliveryMedium: 'EMAIL',
                AttributeName: 'email',
            },
        });
        const unverified = await forgot('unverified@example.com');
        expect(unverified.json().CodeDeliveryDetails.Destination).toBe('u***@e***');
        expect(await mailsTo(t, 'unverified@example.com')).toHaveLength(0);
        const driver = await forgot('driver-otto');
        expect(driver.json().CodeDeliveryDetails.Destination).toBe('o***@e***');
        const unknownDriver = (await forgot('driver-zed')).json().CodeDeliveryDetails.Destination;
        expect(unknownDriver).toMatch(/^[a-z]\*\*\*@[a-z]\*\*\*$/);
        expect((await forgot('driver-zed')).json().CodeDeliveryDetails.Destination).toBe(
            unknownDriver,
        );

        for (const username of ['nobody@example.com', 'unverified@example.com']) {
            for (let attempt = 0; attempt < 5; attempt++)
                expect(cognitoErrorOf(await confirm(username, '123456'))).toMatchObject({
                    __type: 'CodeMismatchException',
                });
            expect(cognitoErrorOf(await confirm(username, '123456'))).toMatchObject({
                __type: 'LimitExceededException',
            });
        }
        await t.db
            .update(identityPasswordResetCodes)
            .set({ expiresAt: new Date(Date.now() - 1000), attempts: 0 })
            .where(eq(identityPasswordResetCodes.usernameKey, usernameKey('nobody@example.com')));
        expect(cognitoErrorOf(await confirm('nobody@example.com', '123456'))).toMatchObject({
            __type: 'ExpiredCodeException',
        });
        expect(cognitoErrorOf(await confirm('never-asked@example.com', '123456'))).toMatchObject({
            __type: 'CodeMismatchException',
        });
    });

    it('limits code requests per username, unknown ones alike, with LimitExceededException', async () => {
        // Just after an hour boundary (the clock keeps running), so the requests share one window.
        vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
        vi.setSystemTime(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 1000);
        onTestFinished(() => void vi.useRealTimers());
        for (const username of ['driver-otto', 'ghost@example.com']) {
            const answers = [];
            for (let request = 0; request < 6; request++)
                answers.push(cognitoErrorOf(await forgot(username)).__type);
            expect(answers.slice(0, 4)).not.toContain('LimitExceededException');
            expect(answers[5]).toBe('LimitExceededException');
        }
    });
});

describe('UpdateUserAttributes', () => {
    it('changes custom attributes the user has, refuses custom:mfa_setup and unknown ones', async () => {
        await t.db
            .update(identityUsers)
            .set({ attributes: { 'custom:locale': 'en' } })
            .where(eq(identityUsers.sub, subs[2]!));
        const { AccessToken } = await signIn(t, 'nora@example.com', 'Reset-Password-5');
        const ok = await cognitoCall(t.app, 'UpdateUserAttributes', {
            AccessToken,
            UserAttributes: [{ Name: 'custom:locale', Value: 'de' }],
        });
        expect(ok.statusCode).toBe(200);
        expect(ok.json()).toEqual({});
        const user = (await cognitoCall(t.app, 'GetUser', { AccessToken })).json();
        expect(user.UserAttributes).toContainEqual({ Name: 'custom:locale', Value: 'de' });

        const mfaSetup = await cognitoCall(t.app, 'UpdateUserAttributes', {
            AccessToken,
            UserAttributes: [{ Name: 'custom:mfa_setup', Value: 'false' }],
        });
        expect(cognitoErrorOf(mfaSetup)).toMatchObject({
            __type: 'NotAuthorizedException',
            message: 'A client attempted to write unauthorized attribute',
        });
        const verified = await cognitoCall(t.app, 'UpdateUserAttributes', {
            AccessToken,
            UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
        });
        expect(cognitoErrorOf(verified)).toMatchObject({ __type: 'NotAuthorizedException' });
        const unknown = await cognitoCall(t.app, 'UpdateUserAttributes', {
            AccessToken,
            UserAttributes: [{ Name: 'custom:role', Value: 'admin' }],
        });
        expect(cognitoErrorOf(unknown)).toMatchObject({ __type: 'InvalidParameterException' });
    });

    it('changes the e-mail address with a recent sign-in: unverified, the old address is told', async () => {
        const { AccessToken } = await signIn(t, 'nora@example.com', 'Reset-Password-5');
        const bad = await cognitoCall(t.app, 'UpdateUserAttributes', {
            AccessToken,
            UserAttributes: [{ Name: 'email', Value: 'not an address' }],
        });
        expect(cognitoErrorOf(bad)).toMatchObject({ __type: 'InvalidParameterException' });
        const response = await cognitoCall(t.app, 'UpdateUserAttributes', {
            AccessToken,
            UserAttributes: [{ Name: 'email', Value: 'Nora.New@Example.com' }],
        });
        expect(response.statusCode).toBe(200);
        const [row] = await t.db
            .select()
            .from(identityUsers)
            .where(eq(identityUsers.sub, subs[2]!));
        expect(row).toMatchObject({
            email: 'nora.new@example.com',
            emailVerified: false,
            username: 'nora@example.com',
        });
        expect((await mailsTo(t, 'nora@example.com'))[0]).toMatchObject({ kind: 'email-changed' });
    });
});
