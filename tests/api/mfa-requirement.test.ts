import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MfaRequirement } from '../../domain/contracts/mfa-requirement.js';
import { auditLog, tenantConfigRevisions } from '../../server/db/schema/index.js';
import {
    accessTokenFor,
    addFixtureUsers,
    FIXTURE_PASSWORD,
    ids,
    seedFixtures,
} from './helpers/fixtures.js';
import { initiatePasswordAuth } from './helpers/identity-fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Issue 13 point 13: an organisation admin requires two-step sign-in for the organisation's
 * back-office users (`/tenant-admin/v1/tenants/:tenantId/mfaRequirement`), without the rest of
 * the client configuration, which stays with admins; the users then set MFA up at their next
 * sign-in.
 */
let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
    t = await createTestApp({
        IDENTITY_SIGN_IN_LIMIT_PER_MINUTE: '10000',
        IDENTITY_PASSWORD_LIMIT_PER_MINUTE: '10000',
    });
    await seedFixtures(t.db);
    await addFixtureUsers(t.db, [
        {
            key: 'milanAdmin',
            type: 'BackofficeManager',
            email: 'milan.admin@fixture.test',
            tenantId: ids.north1,
            roles: [{ roleId: 'role-org-admin', scopePath: ids.north1 }],
        },
    ]);
    for (const [key, email] of [
        ['admin', 'admin@fixture.test'],
        ['orgAdmin', 'org.admin@fixture.test'],
        ['tenantUser', 'tenant.user@fixture.test'],
        ['milanAdmin', 'milan.admin@fixture.test'],
    ] as const)
        tokens[key] = await accessTokenFor(t.app, email, t.config.identity.clientId);
}, 60_000);
afterAll(() => t.close());

const url = (tenantId: string) => `/tenant-admin/v1/tenants/${tenantId}/mfaRequirement`;
const read = (who: string, tenantId: string) =>
    t.app.inject({
        method: 'GET',
        url: url(tenantId),
        headers: { authorization: `Bearer ${tokens[who]}` },
    });
const write = (who: string, tenantId: string, payload: object) =>
    t.app.inject({
        method: 'PUT',
        url: url(tenantId),
        headers: { authorization: `Bearer ${tokens[who]}` },
        payload,
    });
const stepOf = async (email: string) => {
    const body = (
        await initiatePasswordAuth(t.app, t.config.identity.clientId, email, FIXTURE_PASSWORD)
    ).json<{ ChallengeName?: string; AuthenticationResult?: unknown }>();
    return body.ChallengeName ?? (body.AuthenticationResult ? 'TOKENS' : 'NONE');
};

describe('the MFA requirement of an organisation', () => {
    it('is set by the organisation admin and holds at the next sign-in of its users', async () => {
        const before = await read('orgAdmin', ids.north);
        expect(before.statusCode).toBe(200);
        expect(before.json()).toEqual({ required: false, revision: 0 });
        expect(await stepOf('tenant.user@fixture.test')).toBe('TOKENS');

        const on = await write('orgAdmin', ids.north, { required: true, baseRevision: 0 });
        expect(on.statusCode, on.body).toBe(200);
        expect(on.json<MfaRequirement>()).toEqual({ required: true, revision: 1 });
        expect(await stepOf('tenant.user@fixture.test')).toBe('MFA_SETUP');

        // The configuration kept every other value (the defaults, as none was saved) and is audited.
        const [stored] = await t.db
            .select()
            .from(tenantConfigRevisions)
            .where(
                and(
                    eq(tenantConfigRevisions.tenantId, ids.north),
                    eq(tenantConfigRevisions.revision, 1),
                ),
            );
        expect(stored?.document).toMatchObject({
            frontend: { addEditUserFrom: 'ALL', maxTemporaryUsersPerDepot: 20, requireMfa: true },
        });
        const audited = await t.db
            .select()
            .from(auditLog)
            .where(
                and(
                    eq(auditLog.entityId, ids.north),
                    eq(auditLog.action, 'tenant-client-config-saved'),
                ),
            );
        expect(audited).toHaveLength(1);

        const off = await write('orgAdmin', ids.north, { required: false, baseRevision: 1 });
        expect(off.json<MfaRequirement>()).toEqual({ required: false, revision: 2 });
        expect(await stepOf('tenant.user@fixture.test')).toBe('TOKENS');
    });

    it('refuses a change based on an older revision, and changes nothing', async () => {
        const current = (await read('admin', ids.north)).json<MfaRequirement>();
        const stale = await write('orgAdmin', ids.north, {
            required: true,
            baseRevision: current.revision - 1,
        });
        expect(stale.statusCode).toBe(409);
        expect(stale.json<{ code: string }>().code).toBe('STALE_RECORD');
        expect((await read('admin', ids.north)).json()).toEqual(current);
    });

    it('is for organisation admins of that organisation and admins only', async () => {
        expect((await read('tenantUser', ids.north)).statusCode).toBe(403);
        expect(
            (await write('tenantUser', ids.north, { required: true, baseRevision: 2 })).statusCode,
        ).toBe(403);
        expect((await read('milanAdmin', ids.north)).statusCode).toBe(403);
        expect((await read('orgAdmin', ids.north1)).statusCode).toBe(403);
        expect((await read('milanAdmin', ids.north1)).statusCode).toBe(200);
        const admin = await write('admin', ids.north1, { required: true, baseRevision: 0 });
        expect(admin.json<MfaRequirement>()).toEqual({ required: true, revision: 1 });
        // The rest of the client configuration stays with admins.
        const whole = await t.app.inject({
            method: 'GET',
            url: `/tenant-admin/v1/tenants/${ids.north}/clientConfigs`,
            headers: { authorization: `Bearer ${tokens.orgAdmin}` },
        });
        expect(whole.statusCode).toBe(403);
    });

    it('answers 400 naming the field for a body that is not a yes or no, and 404 for an unknown organisation', async () => {
        const bad = await write('admin', ids.north, { required: 'yes', baseRevision: 2 });
        expect(bad.statusCode).toBe(400);
        expect(JSON.stringify(bad.json())).toContain('required');
        expect((await read('admin', 'nowhere')).statusCode).toBe(404);
    });
});
