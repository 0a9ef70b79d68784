import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, identitySessions, identityUsers } from '../../server/db/schema/index.js';
import { createIdentities } from '../../server/identity/directory.js';
import {
    claimsOf,
    cognitoCall,
    cognitoErrorOf,
    createIdentityTestApp,
    IDENTITY_PASSWORD,
    mailsTo,
    signIn,
    totpCode,
    type IdentityTestApp,
} from './helpers/identity-fixtures.js';

let t: IdentityTestApp;
let sub: string;

beforeAll(async () => {
    t = await createIdentityTestApp();
    [sub] = (await createIdentities(t.db, [
        { username: 'paula@example.com', email: 'paula@example.com', password: IDENTITY_PASSWORD },
        {
            username: 'required@example.com',
            email: 'required@example.com',
            password: IDENTITY_PASSWORD,
        },
    ])) as [string];
});
afterAll(() => t.close());

const call = (operation: string, body: object) => cognitoCall(t.app, operation, body);
const RECENT = {
    __type: 'NotAuthorizedException',
    message: 'Recent sign-in required: sign in again to change this setting.',
};

/** Makes the sign-in behind a token 16 minutes old. */
async function ageSession(accessToken: string): Promise<void> {
    const originJti = String(claimsOf(accessToken).origin_jti);
    await t.db
        .update(identitySessions)
        .set({ authTime: new Date(Date.now() - 16 * 60 * 1000) })
        .where(eq(identitySessions.originJti, originJti));
}

describe('TOTP while signed in (setUpTOTP, verifyTOTPSetup, updateMFAPreference)', () => {
    it('associates, verifies, enables, reports it in GetUser, and then asks for the code at sign-in', async () => {
        const other = await signIn(t, 'paula@example.com');
        const { AccessToken } = await signIn(t, 'paula@example.com');
        const early = await call('SetUserMFAPreference', {
            AccessToken,
            SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
        });
        expect(cognitoErrorOf(early)).toMatchObject({
            __type: 'InvalidParameterException',
            message: 'User has not verified software token mfa',
        });
        const noToken = await call('VerifySoftwareToken', { AccessToken, UserCode: '123456' });
        expect(cognitoErrorOf(noToken)).toMatchObject({ __type: 'InvalidParameterException' });

        const associated = await call('AssociateSoftwareToken', { AccessToken });
        expect(associated.statusCode).toBe(200);
        const { SecretCode, ...rest } = associated.json<{ SecretCode: string }>();
        expect(rest).toEqual({});
        expect(SecretCode).toMatch(/^[A-Z2-7]{32}$/);

        const wrong = await call('VerifySoftwareToken', { AccessToken, UserCode: '000000' });
        expect(cognitoErrorOf(wrong)).toMatchObject({
            __type: 'EnableSoftwareTokenMFAException',
            message: 'Code mismatch',
        });
        const malformed = await call('VerifySoftwareToken', { AccessToken, UserCode: '12345' });
        expect(cognitoErrorOf(malformed)).toMatchObject({ __type: 'InvalidParameterException' });
        const verified = await call('VerifySoftwareToken', {
            AccessToken,
            UserCode: await totpCode(SecretCode),
        });
        expect(verified.json()).toEqual({ Status: 'SUCCESS' });
        expect((await call('GetUser', { AccessToken })).json()).not.toHaveProperty(
            'PreferredMfaSetting',
        );

        const enabled = await call('SetUserMFAPreference', {
            AccessToken,
            SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
        });
        expect(enabled.statusCode).toBe(200);
        expect(enabled.json()).toEqual({});
        expect((await call('GetUser', { AccessToken })).json()).toMatchObject({
            PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
            UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
        });
        await expect(t.app.identity.verifyAccessToken(AccessToken)).resolves.toMatchObject({ sub });
        await expect(t.app.identity.verifyAccessToken(other.AccessToken)).rejects.toMatchObject({
            message: 'Access Token has been revoked',
        });
        expect((await mailsTo(t, 'paula@example.com'))[0]).toMatchObject({ kind: 'mfa-enabled' });

        const signInAgain = await cognitoCall(t.app, 'InitiateAuth', {
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: t.config.identity.clientId,
            AuthParameters: { USERNAME: 'paula@example.com', PASSWORD: IDENTITY_PASSWORD },
        });
        expect(signInAgain.json()).toMatchObject({
            ChallengeName: 'SOFTWARE_TOKEN_MFA',
            ChallengeParameters: {},
        });

        const disabled = await call('SetUserMFAPreference', {
            AccessToken,
            SoftwareTokenMfaSettings: { Enabled: false },
        });
        expect(disabled.statusCode).toBe(200);
        expect((await mailsTo(t, 'paula@example.com'))[0]).toMatchObject({ kind: 'mfa-disabled' });
        const actions = (await t.db.select().from(auditLog).where(eq(auditLog.entityId, sub))).map(
            (row) => row.action,
        );
        expect(actions).toEqual(
            expect.arrayContaining(['mfa-setup', 'mfa-enabled', 'mfa-disabled']),
        );
        expect(JSON.stringify(await t.db.select().from(auditLog))).not.toContain(SecretCode);
    });

    it('needs a sign-in of the last 15 minutes to change MFA or the e-mail address', async () => {
        const { AccessToken } = await signIn(t, 'paula@example.com');
        await ageSession(AccessToken);
        expect(cognitoErrorOf(await call('AssociateSoftwareToken', { AccessToken }))).toMatchObject(
            RECENT,
        );
        expect(
            cognitoErrorOf(await call('VerifySoftwareToken', { AccessToken, UserCode: '123456' })),
        ).toMatchObject(RECENT);
        expect(
            cognitoErrorOf(
                await call('SetUserMFAPreference', {
                    AccessToken,
                    SoftwareTokenMfaSettings: { Enabled: true },
                }),
            ),
        ).toMatchObject(RECENT);
        expect(
            cognitoErrorOf(
                await call('UpdateUserAttributes', {
                    AccessToken,
                    UserAttributes: [{ Name: 'email', Value: 'p@example.com' }],
                }),
            ),
        ).toMatchObject(RECENT);
        // Reading is fine.
        expect((await call('GetUser', { AccessToken })).statusCode).toBe(200);
    });

    it('keeps MFA on for users who must have it (custom:mfa_setup), and refuses SMS MFA', async () => {
        const { AccessToken } = await signIn(t, 'required@example.com');
        // As if the user had set up MFA during a sign-in required by an administrator.
        await t.db
            .update(identityUsers)
            .set({
                mfaEnabled: true,
                totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
                attributes: { 'custom:mfa_setup': 'true' },
            })
            .where(eq(identityUsers.username, 'required@example.com'));
        const off = await call('SetUserMFAPreference', {
            AccessToken,
            SoftwareTokenMfaSettings: { Enabled: false },
        });
        expect(cognitoErrorOf(off)).toMatchObject({
            __type: 'InvalidParameterException',
            message: 'MFA is required for this user and cannot be turned off.',
        });
        const sms = await call('SetUserMFAPreference', {
            AccessToken,
            SMSMfaSettings: { Enabled: true },
        });
        expect(cognitoErrorOf(sms)).toMatchObject({ __type: 'InvalidParameterException' });
        expect(cognitoErrorOf(await call('AssociateSoftwareToken', {}))).toMatchObject({
            __type: 'InvalidParameterException',
        });
    });
});
