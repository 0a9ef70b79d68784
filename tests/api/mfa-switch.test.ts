import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, identityUsers } from '../../server/db/schema/index.js';
import {
    accessTokenFor,
    addFixtureUsers,
    FIXTURE_PASSWORD,
    ids,
    seedFixtures,
} from './helpers/fixtures.js';
import {
    cognitoCall,
    cognitoErrorOf,
    initiatePasswordAuth,
    totpCode,
} from './helpers/identity-fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Issue 13 point 13: an organisation's requirement of two-step sign-in (`frontend.requireMfa`
 * in its client configuration) holds at the next sign-in of its back-office users (MFA_SETUP,
 * as Cognito with MFA required) and keeps them from turning MFA off; an administrator's reset
 * (AdminSetUserMFAPreference through the server's admin client) forgets the authenticator.
 */
let t: TestApp;
let adminToken: string;
let revision = 0;

const frontend = (requireMfa: boolean) => ({
    addEditUserFrom: 'ALL',
    maxTemporaryUsersPerDepot: 20,
    hidePhoneNumberLastDigits: false,
    requireMfa,
    liveDashboardRefreshIntervalInSec: 60,
    liveStatusShowLastUpdatedTime: true,
    deviceMappingServices: [],
    driverUsernameRule: 'DEFAULT',
});

async function requireMfa(tenantId: string, required: boolean) {
    const response = await t.app.inject({
        method: 'POST',
        url: `/tenant-admin/v1/tenants/${tenantId}/clientConfigs`,
        headers: { authorization: `Bearer ${adminToken}` },
        payload: { document: { frontend: frontend(required) }, baseRevision: revision },
    });
    expect(response.statusCode, response.body).toBe(201);
    revision = response.json<{ revision: number }>().revision;
}

const signInAs = (email: string) =>
    initiatePasswordAuth(t.app, t.config.identity.clientId, email, FIXTURE_PASSWORD);
const stepOf = async (email: string) => {
    const body = (await signInAs(email)).json<{
        ChallengeName?: string;
        AuthenticationResult?: unknown;
    }>();
    return body.ChallengeName ?? (body.AuthenticationResult ? 'TOKENS' : 'NONE');
};
const call = (operation: string, body: object) => cognitoCall(t.app, operation, body);

/** Turns TOTP on for a signed-in user as Amplify's setUpTOTP, verifyTOTPSetup and updateMFAPreference do. */
async function turnOnTotp(email: string): Promise<string> {
    const AccessToken = await accessTokenFor(t.app, email, t.config.identity.clientId);
    const { SecretCode } = (await call('AssociateSoftwareToken', { AccessToken })).json<{
        SecretCode: string;
    }>();
    const verified = await call('VerifySoftwareToken', {
        AccessToken,
        UserCode: await totpCode(SecretCode),
    });
    expect(verified.json()).toEqual({ Status: 'SUCCESS' });
    const enabled = await call('SetUserMFAPreference', {
        AccessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    });
    expect(enabled.statusCode).toBe(200);
    return AccessToken;
}

beforeAll(async () => {
    t = await createTestApp({
        IDENTITY_SIGN_IN_LIMIT_PER_MINUTE: '10000',
        IDENTITY_PASSWORD_LIMIT_PER_MINUTE: '10000',
    });
    await seedFixtures(t.db);
    await addFixtureUsers(t.db, [
        {
            key: 'milanUser',
            type: 'BackofficeManager',
            email: 'milan.user@fixture.test',
            tenantId: ids.north1,
            roles: [{ roleId: 'role-tenant-std', scopePath: ids.north1 }],
        },
    ]);
    adminToken = await accessTokenFor(t.app, 'admin@fixture.test', t.config.identity.clientId);
});
afterAll(() => t.close());

describe('organisation requires MFA', () => {
    it('sends its back-office users without TOTP through MFA setup at the next sign-in, and no one else', async () => {
        expect(await stepOf('tenant.user@fixture.test')).toBe('TOKENS');
        await requireMfa(ids.north, true);
        expect(await stepOf('tenant.user@fixture.test')).toBe('MFA_SETUP');
        expect(await stepOf('group.manager@fixture.test')).toBe('MFA_SETUP');
        // Another organisation and the platform admin (no organisation) are not concerned.
        expect(await stepOf('milan.user@fixture.test')).toBe('TOKENS');
        expect(await stepOf('admin@fixture.test')).toBe('TOKENS');

        await requireMfa(ids.north, false);
        expect(await stepOf('tenant.user@fixture.test')).toBe('TOKENS');
    });

    it('refuses turning MFA off while required, shows the requirement in GetUser, and allows it once lifted', async () => {
        const AccessToken = await turnOnTotp('org.admin@fixture.test');
        const attributes = async () =>
            Object.fromEntries(
                (await call('GetUser', { AccessToken }))
                    .json<{ UserAttributes: { Name: string; Value: string }[] }>()
                    .UserAttributes.map(({ Name, Value }) => [Name, Value]),
            );
        expect(await attributes()).not.toHaveProperty('custom:mfa_setup');

        await requireMfa(ids.north, true);
        expect(await stepOf('org.admin@fixture.test')).toBe('SOFTWARE_TOKEN_MFA');
        expect((await attributes())['custom:mfa_setup']).toBe('true');
        const off = { AccessToken, SoftwareTokenMfaSettings: { Enabled: false } };
        expect(cognitoErrorOf(await call('SetUserMFAPreference', off))).toMatchObject({
            __type: 'InvalidParameterException',
            message: 'MFA is required for this user and cannot be turned off.',
        });

        await requireMfa(ids.north, false);
        expect((await call('SetUserMFAPreference', off)).statusCode).toBe(200);
        expect(await stepOf('org.admin@fixture.test')).toBe('TOKENS');
    });
});

describe('administrator resets MFA', () => {
    it('forgets the authenticator: no code at the next sign-in, sessions ended, audited', async () => {
        const AccessToken = await turnOnTotp('group.manager@fixture.test');
        expect(await stepOf('group.manager@fixture.test')).toBe('SOFTWARE_TOKEN_MFA');

        await t.app.identityAdmin.resetMfa('group.manager@fixture.test');

        expect(await stepOf('group.manager@fixture.test')).toBe('TOKENS');
        const [row] = await t.db
            .select()
            .from(identityUsers)
            .where(eq(identityUsers.username, 'group.manager@fixture.test'));
        expect(row).toMatchObject({ mfaEnabled: false, totpSecret: null, totpPendingSecret: null });
        await expect(t.app.identity.verifyAccessToken(AccessToken)).rejects.toThrow();
        const audited = await t.db
            .select()
            .from(auditLog)
            .where(
                and(
                    eq(auditLog.entityId, row?.sub ?? ''),
                    eq(auditLog.action, 'admin-set-user-mfa-preference'),
                ),
            );
        expect(audited).toHaveLength(1);
    });

    it('sends a user who must have MFA through setup with a new authenticator after the reset', async () => {
        await turnOnTotp('tenant.user@fixture.test');
        await requireMfa(ids.north, true);
        expect(await stepOf('tenant.user@fixture.test')).toBe('SOFTWARE_TOKEN_MFA');
        await t.app.identityAdmin.resetMfa('tenant.user@fixture.test');
        expect(await stepOf('tenant.user@fixture.test')).toBe('MFA_SETUP');
        await requireMfa(ids.north, false);
    });
});
