import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../domain/roleSync.js';
import type { RoleChange, RoleSyncFile } from '../../domain/contracts/backoffice-actions.js';
import {
    auditLog,
    localeOverrides,
    permissionAssignments,
    roles,
} from '../../server/db/schema/index.js';
import { accessTokenFor, ids, paths, seedFixtures } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
const tokens: Record<string, string> = {};
type ErrorBody = { code: string; message: string; details: { field?: string; message: string }[] };
interface Preview {
    sourceEnvironment: string;
    checksum: string;
    applicable: boolean;
    changes: RoleChange[];
    created?: number;
    updated?: number;
}

async function call<T>(
    who: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
) {
    const response = await t.app.inject({
        method,
        url,
        payload,
        headers: { authorization: `Bearer ${tokens[who]}` },
    });
    return { status: response.statusCode, body: response.json<T>(), headers: response.headers };
}
const exportFile = async () =>
    (await call<RoleSyncFile>('admin', 'GET', '/api/backoffice-actions/roles/export')).body;
/** Signs a changed file the way the server does (HMAC-SHA256 of the canonical form), with the test app's secret. */
function resign(file: RoleSyncFile): RoleSyncFile {
    const { signature: _old, ...content } = file;
    return {
        ...content,
        signature: createHmac('sha256', t.config.roleSync.secret)
            .update(canonicalJson(content))
            .digest('base64url'),
    };
}
const preview = (file: object, who = 'admin') =>
    call<Preview & ErrorBody>(who, 'POST', '/api/backoffice-actions/roles/import/preview', file);
const importFile = (file: object, checksum?: string, who = 'admin') =>
    call<Preview & ErrorBody>(
        who,
        'POST',
        `/api/backoffice-actions/roles/import${checksum ? `?checksum=${checksum}` : ''}`,
        file,
    );
const roleCount = async () => (await t.db.select({ n: count() }).from(roles))[0]?.n;
const kindOf = (body: Preview, key: string) => body.changes.find((change) => change.key === key);

const english = JSON.parse(
    readFileSync(resolve(import.meta.dirname, '../../locales/en.json'), 'utf8'),
) as Record<string, Record<string, unknown>>;
const german = () =>
    JSON.parse(readFileSync(resolve(import.meta.dirname, '../../locales/de.json'), 'utf8')) as {
        app: Record<string, unknown>;
    } & Record<string, unknown>;

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
    for (const [key, email] of Object.entries({
        admin: 'admin@fixture.test',
        orgAdmin: 'org.admin@fixture.test',
        tenantUser: 'tenant.user@fixture.test',
    })) {
        tokens[key] = await accessTokenFor(t.app, email, t.config.identity.clientId);
    }
});
afterAll(() => t.close());

describe('role sync: export', () => {
    it('answers every role as a signed file to download, and the signature verifies', async () => {
        const { status, body, headers } = await call<RoleSyncFile>(
            'admin',
            'GET',
            '/api/backoffice-actions/roles/export',
        );
        expect(status).toBe(200);
        expect(headers['content-disposition']).toMatch(
            /^attachment; filename="roles-local-.*\.json"$/,
        );
        expect(body).toMatchObject({
            format: 'backoffice-role-sync',
            formatVersion: 1,
            environment: t.config.environment,
        });
        expect(body.roles.length).toBe(await roleCount());
        expect(body.roles.find((role) => role.key === 'role-admin')).toMatchObject({
            technical: true,
            tenantId: null,
            name: 'Admin',
        });
        expect(resign(body).signature).toBe(body.signature);
    });

    it('tells whether the secret is configured', async () => {
        const { body } = await call<{ environment: string; secretSource: string }>(
            'admin',
            'GET',
            '/api/backoffice-actions/roles/sync-settings',
        );
        expect(body).toEqual({
            environment: t.config.environment,
            secretSource: t.config.roleSync.source,
        });
    });

    it('is for admins only', async () => {
        for (const who of ['orgAdmin', 'tenantUser']) {
            expect(
                (await call<ErrorBody>(who, 'GET', '/api/backoffice-actions/roles/export')).status,
                who,
            ).toBe(403);
            expect(
                (await call<ErrorBody>(who, 'GET', '/api/backoffice-actions/roles/sync-settings'))
                    .status,
                who,
            ).toBe(403);
        }
    });
});

describe('role sync: preview and import', () => {
    let dispatcherId: string;

    beforeAll(async () => {
        const created = await call<{ id: string }>('orgAdmin', 'POST', '/api/roles', {
            tenantId: ids.north,
            name: 'Dispatcher',
            contexts: ['DEPOT'],
            actions: ['r:tour'],
            visibilityPath: ids.north,
        });
        dispatcherId = created.body.id;
    });

    it('previews its own export as unchanged, writing nothing', async () => {
        const { status, body } = await preview(await exportFile());
        expect(status).toBe(200);
        expect(body.applicable).toBe(true);
        expect(new Set(body.changes.map((change) => change.kind))).toEqual(new Set(['unchanged']));
    });

    it('refuses a tampered file (400 INVALID_SIGNATURE) and a wrong format (400 BAD_REQUEST)', async () => {
        const file = await exportFile();
        const tampered = {
            ...file,
            roles: file.roles.map((role) =>
                role.key === `${ids.north}/Dispatcher`
                    ? { ...role, actions: [...role.actions, 'r:tour-details'] }
                    : role,
            ),
        };
        const refused = await preview(tampered);
        expect({ status: refused.status, code: refused.body.code }).toEqual({
            status: 400,
            code: 'INVALID_SIGNATURE',
        });
        expect((await importFile(tampered)).body.code).toBe('INVALID_SIGNATURE');
        expect((await preview({ ...file, signature: 'x' })).body.code).toBe('INVALID_SIGNATURE');
        const wrongFormat = await preview({ ...file, format: 'something-else' });
        expect({ status: wrongFormat.status, code: wrongFormat.body.code }).toEqual({
            status: 400,
            code: 'BAD_REQUEST',
        });
        expect((await preview({ hello: 'world' })).status).toBe(400);
    });

    /** The export plus: a new role, Dispatcher with one more action, a role of an unknown organisation, one with an unknown action, a changed technical role. */
    async function changedFile(): Promise<RoleSyncFile> {
        const file = await exportFile();
        const extra = [
            {
                key: `${ids.north}/Synced planner`,
                name: 'Synced planner',
                tenantId: ids.north,
                contexts: ['DEPOT' as const],
                actions: ['r:tour'],
                visibilityPath: paths.berlin,
                technical: false,
            },
            {
                key: 'elsewhere/Planner',
                name: 'Planner',
                tenantId: 'elsewhere',
                contexts: ['TENANT' as const],
                actions: ['r:parcel-finder'],
                visibilityPath: 'elsewhere',
                technical: false,
            },
            {
                key: `${ids.north1}/Future`,
                name: 'Future',
                tenantId: ids.north1,
                contexts: ['TENANT' as const],
                actions: ['r:parcel-finder', 'r:teleport'],
                visibilityPath: ids.north1,
                technical: false,
            },
        ];
        const roles = file.roles.map((role) => {
            if (role.key === `${ids.north}/Dispatcher`)
                return { ...role, actions: ['r:tour', 'r:tour-details'] };
            if (role.key === 'role-depot-std') return { ...role, actions: role.actions.slice(1) };
            return role;
        });
        return resign({ ...file, environment: 'staging', roles: [...roles, ...extra] });
    }

    it('lists creates, updates, unchanged and skipped roles', async () => {
        const before = await roleCount();
        const { status, body } = await preview(await changedFile());
        expect(status).toBe(200);
        expect(body.sourceEnvironment).toBe('staging');
        expect(kindOf(body, `${ids.north}/Synced planner`)).toMatchObject({
            kind: 'create',
            addedActions: ['r:tour'],
            contextsBefore: null,
            visibilityPathAfter: paths.berlin,
        });
        expect(kindOf(body, `${ids.north}/Dispatcher`)).toMatchObject({
            kind: 'update',
            roleId: dispatcherId,
            addedActions: ['r:tour-details'],
            removedActions: [],
        });
        expect(kindOf(body, 'elsewhere/Planner')).toMatchObject({
            kind: 'skipped',
            reason: 'TENANT_NOT_FOUND',
        });
        expect(kindOf(body, `${ids.north1}/Future`)).toMatchObject({
            kind: 'skipped',
            reason: 'UNKNOWN_ACTIONS',
            reasonDetails: ['r:teleport'],
        });
        expect(kindOf(body, 'role-depot-std')).toMatchObject({
            kind: 'skipped',
            reason: 'TECHNICAL_ROLE',
        });
        expect(kindOf(body, 'role-admin')).toMatchObject({ kind: 'unchanged' });
        expect(body.applicable).toBe(true);
        expect(await roleCount()).toBe(before);
    });

    it('is for admins only: nothing is written for others', async () => {
        const file = await changedFile();
        const before = await roleCount();
        for (const who of ['orgAdmin', 'tenantUser']) {
            expect((await preview(file, who)).status, who).toBe(403);
            expect((await importFile(file, undefined, who)).status, who).toBe(403);
        }
        expect(await roleCount()).toBe(before);
    });

    it('refuses an import whose plan changed since the preview (409 STALE_RECORD)', async () => {
        const before = await roleCount();
        const { status, body } = await importFile(await changedFile(), '0'.repeat(64));
        expect({ status, code: body.code }).toEqual({ status: 409, code: 'STALE_RECORD' });
        expect(await roleCount()).toBe(before);
    });

    it('applies creates and updates in one go, with versions bumped and audit entries', async () => {
        const file = await changedFile();
        const [technicalBefore] = await t.db
            .select()
            .from(roles)
            .where(eq(roles.id, 'role-depot-std'));
        const previewed = await preview(file);
        const { status, body } = await importFile(file, previewed.body.checksum);
        expect(status).toBe(200);
        expect({ created: body.created, updated: body.updated }).toEqual({
            created: 1,
            updated: 1,
        });
        const [dispatcher] = await t.db.select().from(roles).where(eq(roles.id, dispatcherId));
        expect(dispatcher).toMatchObject({ actions: ['r:tour', 'r:tour-details'], version: 2 });
        const [planner] = await t.db
            .select()
            .from(roles)
            .where(and(eq(roles.tenantId, ids.north), eq(roles.name, 'Synced planner')));
        expect(planner).toMatchObject({
            contexts: ['DEPOT'],
            visibilityPath: paths.berlin,
            version: 1,
            fixed: false,
        });
        expect(await t.db.select().from(roles).where(eq(roles.name, 'Planner'))).toEqual([]);
        const [technical] = await t.db.select().from(roles).where(eq(roles.id, 'role-depot-std'));
        expect(technical).toEqual(technicalBefore);
        expect(
            await t.db.select().from(auditLog).where(eq(auditLog.action, 'roles-imported')),
        ).toHaveLength(1);
        expect(
            await t.db
                .select()
                .from(auditLog)
                .where(
                    and(eq(auditLog.action, 'role-updated'), eq(auditLog.entityId, dispatcherId)),
                ),
        ).toHaveLength(1);
        // The same file again changes nothing more.
        const again = await preview(file);
        expect(kindOf(again.body, `${ids.north}/Dispatcher`)?.kind).toBe('unchanged');
        expect(kindOf(again.body, `${ids.north}/Synced planner`)?.kind).toBe('unchanged');
    });

    it('never deletes roles missing from the file', async () => {
        const file = await exportFile();
        const { body } = await importFile(
            resign({
                ...file,
                roles: file.roles.filter((role) => role.key !== `${ids.north}/Dispatcher`),
            }),
        );
        expect(body.created).toBe(0);
        expect(await t.db.select().from(roles).where(eq(roles.id, dispatcherId))).toHaveLength(1);
    });

    it('reports roles that break the role rules here, or take a technical role’s name, as conflicts', async () => {
        const file = await exportFile();
        const changed = resign({
            ...file,
            roles: [
                ...file.roles,
                {
                    key: `${ids.north}/Lost scope`,
                    name: 'Lost scope',
                    tenantId: ids.north,
                    contexts: ['DEPOT'],
                    actions: ['r:tour'],
                    visibilityPath: `${ids.north}.XX`,
                    technical: false,
                },
                {
                    key: `${ids.north}/admin`,
                    name: 'admin',
                    tenantId: ids.north,
                    contexts: ['TENANT'],
                    actions: ['r:parcel-finder'],
                    visibilityPath: ids.north,
                    technical: false,
                },
            ],
        });
        const { body } = await preview(changed);
        expect(body.applicable).toBe(false);
        expect(kindOf(body, `${ids.north}/Lost scope`)).toMatchObject({
            kind: 'conflict',
            reason: 'INVALID_ROLE',
            reasonDetails: [expect.stringContaining('is not a scope')],
        });
        expect(kindOf(body, `${ids.north}/admin`)).toMatchObject({
            kind: 'conflict',
            reason: 'DUPLICATE_ROLE_NAME',
        });
    });

    it('refuses the whole import when one role breaks a rule here: nothing is written', async () => {
        await t.db.insert(permissionAssignments).values({
            id: 'perm-dispatcher',
            userId: 'user-tenantUser',
            roleId: dispatcherId,
            scopePath: paths.berlin,
            tenantId: ids.north,
        });
        const file = await exportFile();
        const changed = resign({
            ...file,
            roles: [
                ...file.roles.map((role) =>
                    role.key === `${ids.north}/Dispatcher`
                        ? { ...role, contexts: ['TENANT' as const], actions: ['r:parcel-finder'] }
                        : role,
                ),
                {
                    key: `${ids.north}/Never written`,
                    name: 'Never written',
                    tenantId: ids.north,
                    contexts: ['TENANT'],
                    actions: ['r:parcel-finder'],
                    visibilityPath: ids.north,
                    technical: false,
                },
            ],
        });
        const previewed = await preview(changed);
        expect(previewed.body.applicable).toBe(false);
        expect(kindOf(previewed.body, `${ids.north}/Dispatcher`)).toMatchObject({
            kind: 'conflict',
            reason: 'ROLE_IS_ASSIGNED_TO_USER',
            reasonDetails: ['DEPOT'],
        });
        expect(kindOf(previewed.body, `${ids.north}/Never written`)?.kind).toBe('create');
        const before = await roleCount();
        const { status, body } = await importFile(changed, previewed.body.checksum);
        expect({ status, code: body.code }).toEqual({
            status: 409,
            code: 'ROLE_IS_ASSIGNED_TO_USER',
        });
        expect(body.details[0]?.field).toBe(`/body/roles/${ids.north}/Dispatcher`);
        expect(await roleCount()).toBe(before);
        const [dispatcher] = await t.db.select().from(roles).where(eq(roles.id, dispatcherId));
        expect(dispatcher?.contexts).toEqual(['DEPOT']);
    });
});

describe('translation update', () => {
    const put = (language: string, file: object, who = 'admin') =>
        call<ErrorBody & { status: string }>(
            who,
            'PUT',
            `/api/backoffice-actions/translations/${language}`,
            file,
        );

    it('lists the 17 languages as bundled', async () => {
        const { status, body } = await call<{ language: string; status: string }[]>(
            'admin',
            'GET',
            '/api/backoffice-actions/translations',
        );
        expect(status).toBe(200);
        expect(body).toHaveLength(17);
        expect(new Set(body.map((row) => row.status))).toEqual(new Set(['bundled']));
    });

    it('refuses files with missing keys, unknown keys or lost variables, naming them (400 LOCALE_KEYS_MISMATCH)', async () => {
        const missing = german();
        delete (missing.app.navigation as Record<string, unknown>).backofficeActions;
        const extra = german();
        (extra.app as Record<string, unknown>).surplus = 'Zu viel';
        const lost = german();
        const keyWithVariable = 'greeting';
        expect(JSON.stringify(english.app?.landing)).toContain('{{');
        (lost.app.landing as Record<string, unknown>)[keyWithVariable] = 'Hallo';
        const cases = [
            {
                file: missing,
                field: '/body/app/navigation/backofficeActions',
                message: 'missing key',
            },
            { file: extra, field: '/body/app/surplus', message: 'unknown key' },
            {
                file: lost,
                field: `/body/app/landing/${keyWithVariable}`,
                message: expect.stringMatching(/^must use the variables \{\{/),
            },
            {
                file: { ...german(), resources: 'none' },
                field: expect.stringMatching(/^\/body\/resources\//),
                message: 'missing key',
            },
        ];
        for (const { file, field, message } of cases) {
            const { status, body } = await put('de', file);
            expect({ status, code: body.code }).toEqual({
                status: 400,
                code: 'LOCALE_KEYS_MISMATCH',
            });
            expect(body.details).toContainEqual({ field, message });
        }
        expect(await t.db.select().from(localeOverrides)).toEqual([]);
    });

    it('serves a valid upload at once, and the bundled file again after a reset', async () => {
        const file = german();
        (file.app.navigation as Record<string, unknown>).backofficeActions = 'Aktionen (neu)';
        const first = await t.app.inject('/locales/de.json');
        expect(first.headers['cache-control']).toBe('no-cache');
        const unchanged = await t.app.inject({
            url: '/locales/de.json',
            headers: { 'if-none-match': String(first.headers.etag) },
        });
        expect(unchanged.statusCode).toBe(304);

        const { status, body } = await put('de', file);
        expect({ status, state: body.status }).toEqual({ status: 200, state: 'updated' });
        const served = await t.app.inject({
            url: '/locales/de.json?v=test-build',
            headers: { 'if-none-match': String(first.headers.etag) },
        });
        expect(served.statusCode).toBe(200);
        expect(
            served.json<{ app: { navigation: { backofficeActions: string } } }>().app.navigation
                .backofficeActions,
        ).toBe('Aktionen (neu)');
        const list = await call<
            { language: string; status: string; updatedBy: { id: string } | null }[]
        >('admin', 'GET', '/api/backoffice-actions/translations');
        expect(list.body.find((row) => row.language === 'de')).toMatchObject({
            status: 'updated',
            updatedBy: { id: 'user-admin' },
        });
        const download = await call<typeof file>(
            'admin',
            'GET',
            '/api/backoffice-actions/translations/de',
        );
        expect(download.headers['content-disposition']).toBe('attachment; filename="de.json"');
        expect((download.body.app.navigation as Record<string, unknown>).backofficeActions).toBe(
            'Aktionen (neu)',
        );
        expect(
            await t.db.select().from(auditLog).where(eq(auditLog.action, 'translation-updated')),
        ).toHaveLength(1);

        const reset = await call<{ status: string }>(
            'admin',
            'DELETE',
            '/api/backoffice-actions/translations/de',
        );
        expect(reset.body.status).toBe('bundled');
        const bundled = await t.app.inject('/locales/de.json');
        expect(bundled.body).toBe(first.body);
        expect(
            await t.db.select().from(auditLog).where(eq(auditLog.action, 'translation-reset')),
        ).toHaveLength(1);
    });

    it('accepts an English upload checked against the bundled English', async () => {
        const file = structuredClone(english);
        (file.app as Record<string, Record<string, unknown>>).navigation!.backofficeActions =
            'Back-office actions';
        expect((await put('en', file)).status).toBe(200);
        expect(
            (await t.app.inject('/locales/en.json')).json<typeof file>().app?.navigation,
        ).toMatchObject({ backofficeActions: 'Back-office actions' });
        await call('admin', 'DELETE', '/api/backoffice-actions/translations/en');
    });

    it('is for admins only: nothing changes for others', async () => {
        for (const who of ['orgAdmin', 'tenantUser']) {
            expect((await put('de', german(), who)).status, who).toBe(403);
            expect(
                (await call(who, 'DELETE', '/api/backoffice-actions/translations/de')).status,
                who,
            ).toBe(403);
            expect(
                (await call(who, 'GET', '/api/backoffice-actions/translations')).status,
                who,
            ).toBe(403);
        }
        expect(await t.db.select().from(localeOverrides)).toEqual([]);
    });

    it('refuses an unknown language', async () => {
        expect((await put('xx', german())).status).toBe(400);
    });
});
