import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../server/db/schema/index.js';
import {
    accessTokenFor,
    addFixtureUsers,
    FIXTURE_PASSWORD,
    ids,
    paths,
    seedFixtures,
} from './helpers/fixtures.js';
import { cognitoCall, initiatePasswordAuth, totpCode } from './helpers/identity-fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Issue 13 point 13: `POST /api/v2/users/:hashId/mfa-reset` turns another back-office user's
 * two-step sign-in off (a lost authenticator), with the reach of editing that user: admins
 * everyone, others with u:bo-user covering one of the user's assignments; everyone else gets 404
 * as for an unknown id, and nothing changes.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
type ErrorBody = { code: string; message: string };

const GROUP_MANAGER = 'group.manager@fixture.test';
/** The group manager's session from before the reset. */
let managerToken = '';

async function reset(hashId: string, who: string) {
    const response = await t.app.inject({
        method: 'POST',
        url: `/api/v2/users/${hashId}/mfa-reset`,
        headers: { authorization: `Bearer ${tokens[who]}` },
    });
    return {
        status: response.statusCode,
        body: (response.body === '' ? undefined : response.json()) as ErrorBody | undefined,
    };
}

/** The step the next sign-in of `email` answers: a challenge name or TOKENS. */
async function stepOf(email: string): Promise<string> {
    const response = await initiatePasswordAuth(
        t.app,
        t.config.identity.clientId,
        email,
        FIXTURE_PASSWORD,
    );
    const body = response.json<{ ChallengeName?: string; AuthenticationResult?: unknown }>();
    return body.ChallengeName ?? (body.AuthenticationResult ? 'TOKENS' : 'NONE');
}

/** Turns TOTP on for `email` as Amplify's setUpTOTP, verifyTOTPSetup and updateMFAPreference do. */
async function turnOnTotp(email: string): Promise<string> {
    const AccessToken = await accessTokenFor(t.app, email, t.config.identity.clientId);
    const { SecretCode } = (
        await cognitoCall(t.app, 'AssociateSoftwareToken', { AccessToken })
    ).json<{ SecretCode: string }>();
    const verified = await cognitoCall(t.app, 'VerifySoftwareToken', {
        AccessToken,
        UserCode: await totpCode(SecretCode),
    });
    expect(verified.json()).toEqual({ Status: 'SUCCESS' });
    const enabled = await cognitoCall(t.app, 'SetUserMFAPreference', {
        AccessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    });
    expect(enabled.statusCode).toBe(200);
    return AccessToken;
}

const audited = (userId: string) =>
    t.db
        .select()
        .from(auditLog)
        .where(
            and(eq(auditLog.entityId, userId), eq(auditLog.action, 'backoffice-user-mfa-reset')),
        );

beforeAll(async () => {
    t = await createTestApp({
        IDENTITY_SIGN_IN_LIMIT_PER_MINUTE: '100000',
        IDENTITY_PASSWORD_LIMIT_PER_MINUTE: '100000',
    });
    await seedFixtures(t.db);
    await addFixtureUsers(
        t.db,
        [
            {
                key: 'boEditorA',
                type: 'BackofficeManager',
                email: 'bo.editor.a@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-bo-edit', scopePath: paths.groupA }],
            },
            {
                key: 'boReaderA',
                type: 'BackofficeManager',
                email: 'bo.reader.a@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-bo-read', scopePath: paths.groupA }],
            },
            {
                key: 'boMilan',
                type: 'BackofficeManager',
                email: 'bo.milan@fixture.test',
                tenantId: ids.north1,
                roles: [{ roleId: 'role-bo-edit', scopePath: paths.milan }],
            },
        ],
        [
            {
                id: 'role-bo-edit',
                name: 'BO editor (Depot)',
                contexts: ['DEPOT'],
                actions: ['r:bo-user', 'u:bo-user'],
            },
            {
                id: 'role-bo-read',
                name: 'BO reader (Depot)',
                contexts: ['DEPOT'],
                actions: ['r:bo-user'],
            },
        ],
    );
    for (const [key, email] of [
        ['admin', 'admin@fixture.test'],
        ['boEditorA', 'bo.editor.a@fixture.test'],
        ['boReaderA', 'bo.reader.a@fixture.test'],
        ['boMilan', 'bo.milan@fixture.test'],
    ] as const) {
        tokens[key] = await accessTokenFor(t.app, email, t.config.identity.clientId);
    }
});
afterAll(() => t.close());

describe('resetting another user’s two-step sign-in', () => {
    it('refuses callers without u:bo-user over the user as an unknown id (404), and changes nothing', async () => {
        managerToken = await turnOnTotp(GROUP_MANAGER);
        expect(await stepOf(GROUP_MANAGER)).toBe('SOFTWARE_TOKEN_MFA');
        const notFound = {
            status: 404,
            code: 'NOT_FOUND',
            message: 'User user-groupManager was not found.',
            details: [],
        };

        // Reads the user, may not edit them.
        const reader = await reset('user-groupManager', 'boReaderA');
        expect({ status: reader.status, ...reader.body }).toEqual(notFound);
        // Another organisation.
        const milan = await reset('user-groupManager', 'boMilan');
        expect({ status: milan.status, ...milan.body }).toEqual(notFound);
        // An admin-role holder is editable by admins only; an unknown id is 404 as well.
        expect((await reset('user-admin', 'boEditorA')).status).toBe(404);
        expect((await reset('nope', 'boEditorA')).status).toBe(404);

        expect(await stepOf(GROUP_MANAGER)).toBe('SOFTWARE_TOKEN_MFA');
        expect(await audited('user-groupManager')).toEqual([]);
    });

    it('turns MFA off for a user in reach: the next sign-in needs no code, sessions end, audited', async () => {
        expect(await stepOf(GROUP_MANAGER)).toBe('SOFTWARE_TOKEN_MFA');
        const other = await accessTokenFor(
            t.app,
            'tenant.user@fixture.test',
            t.config.identity.clientId,
        );

        const answer = await reset('user-groupManager', 'boEditorA');
        expect(answer).toEqual({ status: 204, body: undefined });
        expect(await stepOf(GROUP_MANAGER)).toBe('TOKENS');
        // The manager's session from before the reset ends; other users' sessions stay.
        await expect(t.app.identity.verifyAccessToken(managerToken)).rejects.toThrow();
        await expect(t.app.identity.verifyAccessToken(other)).resolves.toBeTruthy();

        const rows = await audited('user-groupManager');
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ actorUserId: 'user-boEditorA', entityType: 'user' });
    });

    it('lets admins reset anyone, and no one reset their own here (400)', async () => {
        await turnOnTotp('bo.milan@fixture.test');
        expect(await stepOf('bo.milan@fixture.test')).toBe('SOFTWARE_TOKEN_MFA');
        expect((await reset('user-boMilan', 'admin')).status).toBe(204);
        expect(await stepOf('bo.milan@fixture.test')).toBe('TOKENS');

        const own = await reset('user-boEditorA', 'boEditorA');
        expect({ status: own.status, code: own.body?.code }).toEqual({
            status: 400,
            code: 'CANNOT_RESET_OWN_MFA',
        });
    });
});
