import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../domain/contracts/roles.js';
import { ROLE_NAME_MAX_LENGTH } from '../../domain/userRules.js';
import { auditLog, permissionAssignments, roles } from '../../server/db/schema/index.js';
import { accessTokenFor, addFixtureUsers, ids, paths, seedFixtures } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
const tokens: Record<string, string> = {};

interface Answer<T> {
    status: number;
    body: T;
    headers: Record<string, unknown>;
}
type ErrorBody = { code: string; message: string; details: { field?: string; message: string }[] };

async function call<T = Role>(
    who: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
): Promise<Answer<T>> {
    const response = await t.app.inject({
        method,
        url,
        payload,
        headers: { authorization: `Bearer ${tokens[who]}` },
    });
    return { status: response.statusCode, body: response.json<T>(), headers: response.headers };
}
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const list = (
    who: string,
    filter: object = {},
    sort: [string, string] = ['name', 'ASC'],
    range: [number, number] = [0, 99],
) =>
    call<Role[] & ErrorBody>(
        who,
        'GET',
        `/api/roles?filter=${q(filter)}&sort=${q(sort)}&range=${q(range)}`,
    );

const valid = {
    tenantId: ids.north,
    name: 'Depot planner',
    contexts: ['DEPOT'],
    actions: ['r:tour', 'r:tour-details'],
    visibilityPath: ids.north,
};
const create = (who: string, body: object) =>
    call<Role & ErrorBody>(who, 'POST', '/api/roles', body);
const fieldsOf = (body: ErrorBody) => body.details.map((detail) => detail.field);

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
    await addFixtureUsers(
        t.db,
        [
            {
                key: 'roleReader',
                type: 'BackofficeManager',
                email: 'role.reader@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-role-reader', scopePath: ids.north }],
            },
            {
                key: 'italyRoles',
                type: 'BackofficeManager',
                email: 'italy.roles@fixture.test',
                tenantId: ids.north1,
                roles: [{ roleId: 'role-role-manager', scopePath: ids.north1 }],
            },
            {
                key: 'regionRoles',
                type: 'BackofficeManager',
                email: 'region.roles@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-role-manager', scopePath: `${ids.north}.DE` }],
            },
        ],
        [
            {
                id: 'role-role-reader',
                name: 'Role reader',
                contexts: ['TENANT'],
                actions: ['r:role'],
            },
            {
                id: 'role-role-manager',
                name: 'Role manager',
                contexts: ['TENANT'],
                actions: ['r:role', 'c:role', 'u:role', 'd:role'],
            },
        ],
    );
    for (const [key, email] of Object.entries({
        admin: 'admin@fixture.test',
        orgAdmin: 'org.admin@fixture.test',
        tenantUser: 'tenant.user@fixture.test',
        groupManager: 'group.manager@fixture.test',
        roleReader: 'role.reader@fixture.test',
        italyRoles: 'italy.roles@fixture.test',
        regionRoles: 'region.roles@fixture.test',
    })) {
        tokens[key] = await accessTokenFor(t.app, email, t.config.identity.clientId);
    }
});
afterAll(() => t.close());

describe('POST /api/roles', () => {
    it("creates an organisation's role, answers it and writes an audit entry", async () => {
        const { status, body } = await create('orgAdmin', { ...valid, name: '  Depot planner ' });
        expect(status).toBe(201);
        expect(body).toMatchObject({
            tenantId: ids.north,
            name: 'Depot planner',
            contexts: ['DEPOT'],
            actions: ['r:tour', 'r:tour-details'],
            visibilityPath: ids.north,
        });
        expect(body).toMatchObject({
            fixed: false,
            technical: false,
            assignedUsers: 0,
            version: 1,
        });
        const [audit] = await t.db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.entityId, body.id), eq(auditLog.action, 'role-created')));
        expect(audit).toMatchObject({ entityType: 'role', actorUserId: 'user-orgAdmin' });
    });

    it('refuses a name used in the organisation, ignoring case (409 DUPLICATE_ROLE_NAME), also a technical role’s name', async () => {
        for (const name of ['DEPOT PLANNER', 'depot planner', 'role reader']) {
            const { status, body } = await create('orgAdmin', { ...valid, name });
            expect({ status, code: body.code, fields: fieldsOf(body) }, name).toEqual({
                status: 409,
                code: 'DUPLICATE_ROLE_NAME',
                fields: ['/body/name'],
            });
        }
        // The same name in another organisation is fine.
        const other = await create('italyRoles', {
            ...valid,
            tenantId: ids.north1,
            visibilityPath: ids.north1,
        });
        expect(other.status).toBe(201);
    });

    it('checks the name rule (required, at most 100 characters)', async () => {
        for (const [name, message] of [
            ['   ', 'name is required'],
            ['x'.repeat(ROLE_NAME_MAX_LENGTH + 1), 'name is too long'],
        ]) {
            const { status, body } = await create('orgAdmin', { ...valid, name });
            expect({ status, code: body.code, details: body.details }).toEqual({
                status: 400,
                code: 'BAD_REQUEST',
                details: [{ field: '/body/name', message }],
            });
        }
    });

    it('checks the contexts: non-empty, unique, no ADMIN, SUBCONTRACTOR alone', async () => {
        for (const contexts of [
            [],
            ['DEPOT', 'DEPOT'],
            ['ADMIN'],
            ['TENANT', 'ADMIN'],
            ['SUBCONTRACTOR', 'DEPOT'],
        ]) {
            const { status, body } = await create('orgAdmin', {
                ...valid,
                name: `ctx ${contexts.join()}`,
                contexts,
            });
            expect(status, contexts.join()).toBe(400);
            expect(fieldsOf(body), contexts.join()).toContain('/body/contexts');
        }
        const suco = await create('orgAdmin', {
            ...valid,
            name: 'Subcontractor viewer',
            contexts: ['SUBCONTRACTOR'],
            actions: ['r:suco', 'r:driver'],
        });
        expect(suco.status).toBe(201);
        const several = await create('orgAdmin', {
            ...valid,
            name: 'Two contexts',
            contexts: ['TENANT', 'DEPOT'],
            actions: ['r:parcel-finder', 'r:tour'],
        });
        expect(several.status).toBe(201);
    });

    it('checks the actions: known, usable in the contexts, no platform markers, every required code included', async () => {
        const cases: [string[], string[], string][] = [
            [['r:tour', 'r:nope'], ['DEPOT'], 'actions: r:nope is not a known action'],
            [['admin'], ['DEPOT'], "actions: admin is reserved for the platform's roles"],
            [
                ['super-admin', 'admin'],
                ['TENANT'],
                "actions: super-admin is reserved for the platform's roles",
            ],
            [
                ['tenant-admin'],
                ['TENANT'],
                "actions: tenant-admin is reserved for the platform's roles",
            ],
            [
                ['r:parcel-finder'],
                ['DEPOT'],
                'actions: r:parcel-finder cannot be used in the contexts DEPOT',
            ],
            [
                ['r:tour'],
                ['SUBCONTRACTOR'],
                'actions: r:tour cannot be used in the contexts SUBCONTRACTOR',
            ],
            [
                ['r:tour-details'],
                ['DEPOT'],
                'actions: r:tour-details requires r:tour, which is missing',
            ],
            [
                ['d:driver', 'r:driver', 'r:suco'],
                ['DEPOT'],
                'actions: d:driver requires can-assign-permission, which is missing',
            ],
            [[], ['DEPOT'], 'actions must name at least one action'],
            [['r:tour', 'r:tour'], ['DEPOT'], 'actions must not repeat a code'],
        ];
        for (const [actions, contexts, message] of cases) {
            const { status, body } = await create('orgAdmin', {
                ...valid,
                name: 'Action check',
                actions,
                contexts,
            });
            expect({ status, code: body.code }, message).toEqual({
                status: 400,
                code: 'BAD_REQUEST',
            });
            expect(body.details, message).toContainEqual({ field: '/body/actions', message });
        }
        const ok = await create('orgAdmin', {
            ...valid,
            name: 'Driver manager',
            actions: ['d:driver', 'r:driver', 'r:suco', 'can-assign-permission'],
        });
        expect(ok.status).toBe(201);
    });

    it('needs a visibility path of the organisation that exists in its scope tree', async () => {
        const bad: [string, string][] = [
            [
                '',
                "visibilityPath must be the organisation or a scope below it (the empty path is for the platform's roles)",
            ],
            [ids.north1, `visibilityPath must lie in the organisation ${ids.north}`],
            [paths.milan, `visibilityPath must lie in the organisation ${ids.north}`],
            [
                `${ids.north}.FR`,
                `visibilityPath ${ids.north}.FR is not a scope of the organisation ${ids.north}`,
            ],
            [
                `${paths.berlin}.nope`,
                `visibilityPath ${paths.berlin}.nope is not a scope of the organisation ${ids.north}`,
            ],
            [
                `${paths.groupA}1`,
                `visibilityPath ${paths.groupA}1 is not a scope of the organisation ${ids.north}`,
            ],
        ];
        for (const [visibilityPath, message] of bad) {
            const { status, body } = await create('orgAdmin', {
                ...valid,
                name: 'Visibility check',
                visibilityPath,
            });
            expect({ status, details: body.details }, visibilityPath).toEqual({
                status: 400,
                details: [{ field: '/body/visibilityPath', message }],
            });
        }
        for (const [index, visibilityPath] of [
            `${ids.north}.DE`,
            paths.groupA,
            paths.berlin,
            paths.sucoBerlin,
        ].entries()) {
            const { status } = await create('orgAdmin', {
                ...valid,
                name: `Visible ${index}`,
                visibilityPath,
            });
            expect(status, visibilityPath).toBe(201);
        }
    });

    it('needs c:role on the whole organisation; refusals write nothing', async () => {
        const before = (await t.db.select().from(roles)).length;
        const refusals: [string, object, number, string][] = [
            ['tenantUser', valid, 403, 'NO_PERMISSION'],
            ['groupManager', valid, 403, 'NO_PERMISSION'],
            ['roleReader', valid, 403, 'NO_PERMISSION'],
            ['italyRoles', valid, 403, 'CHANGE_SCOPE'],
            [
                'orgAdmin',
                { ...valid, tenantId: ids.north1, visibilityPath: ids.north1 },
                403,
                'CHANGE_SCOPE',
            ],
            [
                'regionRoles',
                { ...valid, visibilityPath: `${ids.north}.DE` },
                403,
                'NO_DATA_PERMISSION',
            ],
        ];
        for (const [who, body, status, code] of refusals) {
            const answer = await create(who, { ...body, name: 'Refused role' });
            expect({ status: answer.status, code: answer.body.code }, who).toEqual({
                status,
                code,
            });
        }
        expect((await t.db.select().from(roles)).length).toBe(before);
        // An admin may create in any organisation; an unknown one is a bad request.
        expect(
            (
                await create('admin', {
                    ...valid,
                    tenantId: ids.north1,
                    name: 'Admin made',
                    visibilityPath: paths.milan,
                })
            ).status,
        ).toBe(201);
        const unknown = await create('admin', {
            ...valid,
            tenantId: 'zz-unknown',
            visibilityPath: 'zz-unknown',
        });
        expect({ status: unknown.status, fields: fieldsOf(unknown.body) }).toEqual({
            status: 400,
            fields: ['/body/tenantId'],
        });
        const missing = await create('orgAdmin', {
            name: 'No tenant',
            contexts: ['DEPOT'],
            actions: ['r:tour'],
            visibilityPath: ids.north,
        });
        expect(missing.status).toBe(400);
    });
});

describe('GET /api/roles and /api/roles/:id', () => {
    it("lists the organisation's roles and the technical ones, never another organisation's", async () => {
        const { status, body, headers } = await list('orgAdmin', { tenantId: ids.north });
        expect(status).toBe(200);
        expect(headers['content-range']).toBe(`roles 0-${body.length - 1}/${body.length}`);
        expect(body.every((role) => role.tenantId === ids.north || role.tenantId === null)).toBe(
            true,
        );
        expect(body.some((role) => role.technical && role.name === 'Role reader')).toBe(true);
        expect(
            body.filter((role) => role.tenantId === ids.north).map((role) => role.name),
        ).toContain('Depot planner');
        const italian = await list('italyRoles', { tenantId: ids.north1 });
        expect(
            italian.body
                .filter((role) => !role.technical)
                .map((role) => role.name)
                .sort(),
        ).toEqual(['Admin made', 'Depot planner']);
        // Sorted by name (case-insensitive), then paged.
        const names = body.map((role) => role.name.toLowerCase());
        expect(names).toEqual([...names].sort());
        const page = await list('orgAdmin', { tenantId: ids.north }, ['name', 'DESC'], [1, 2]);
        expect(page.headers['content-range']).toBe(`roles 1-2/${body.length}`);
        expect(page.body.map((role) => role.id)).toEqual(
            [...body]
                .reverse()
                .slice(1, 3)
                .map((role) => role.id),
        );
    });

    it('searches by name, filters by context and ids, sorts by assigned users', async () => {
        expect(
            (await list('orgAdmin', { tenantId: ids.north, q: 'planner' })).body.map(
                (role) => role.name,
            ),
        ).toEqual(['Depot planner']);
        expect((await list('orgAdmin', { tenantId: ids.north, q: '%' })).body).toEqual([]);
        const suco = (await list('orgAdmin', { tenantId: ids.north, context: 'SUBCONTRACTOR' }))
            .body;
        expect(suco.length).toBeGreaterThan(0);
        expect(suco.every((role) => role.contexts.includes('SUBCONTRACTOR'))).toBe(true);
        const planner = (await list('orgAdmin', { tenantId: ids.north, q: 'planner' })).body[0];
        const byId = await list('orgAdmin', { id: [planner?.id ?? '?'], tenantId: ids.north });
        expect(byId.body.map((role) => role.name)).toEqual(['Depot planner']);
        const byUsers = (await list('admin', {}, ['assignedUsers', 'DESC'])).body.map(
            (role) => role.assignedUsers,
        );
        expect(byUsers).toEqual([...byUsers].sort((a, b) => b - a));
    });

    it("counts a technical role's holders inside the organisation only", async () => {
        // role-depot-std: groupManager (north) and inactive (north); no one in north1.
        const north = (
            await list('orgAdmin', { tenantId: ids.north, q: 'Standard Access (Depot)' })
        ).body[0];
        const italy = (
            await list('italyRoles', { tenantId: ids.north1, q: 'Standard Access (Depot)' })
        ).body[0];
        expect([north?.assignedUsers, italy?.assignedUsers]).toEqual([2, 0]);
        expect(
            (await call('italyRoles', 'GET', '/api/roles/role-depot-std')).body.assignedUsers,
        ).toBe(0);
        expect((await call('admin', 'GET', '/api/roles/role-depot-std')).body.assignedUsers).toBe(
            2,
        );
    });

    it('needs r:role on the organisation; tenantId is required unless every organisation is readable', async () => {
        for (const [who, filter, status, code] of [
            ['tenantUser', { tenantId: ids.north }, 403, 'NO_PERMISSION'],
            ['groupManager', { tenantId: ids.north }, 403, 'NO_PERMISSION'],
            ['italyRoles', { tenantId: ids.north }, 403, 'CHANGE_SCOPE'],
            ['regionRoles', { tenantId: ids.north }, 403, 'NO_DATA_PERMISSION'],
            ['orgAdmin', {}, 400, 'BAD_REQUEST'],
            ['orgAdmin', { tenant: ids.north }, 400, 'BAD_REQUEST'],
        ] as const) {
            const { status: actual, body } = await list(who, filter);
            expect({ status: actual, code: body.code }, `${who} ${JSON.stringify(filter)}`).toEqual(
                { status, code },
            );
        }
        const all = await list('admin');
        expect(new Set(all.body.map((role) => role.tenantId))).toEqual(
            new Set([null, ids.north, ids.north1]),
        );
    });

    it("answers another organisation's role exactly like an unknown id", async () => {
        const italian = (await list('italyRoles', { tenantId: ids.north1, q: 'Admin made' }))
            .body[0];
        const id = italian?.id ?? '?';
        expect((await call('italyRoles', 'GET', `/api/roles/${id}`)).status).toBe(200);
        expect((await call('admin', 'GET', `/api/roles/${id}`)).status).toBe(200);
        const hidden = await call<ErrorBody>('orgAdmin', 'GET', `/api/roles/${id}`);
        const unknown = await call<ErrorBody>('orgAdmin', 'GET', '/api/roles/nope');
        expect({
            status: hidden.status,
            code: hidden.body.code,
            message: hidden.body.message.replace(id, 'nope'),
        }).toEqual({
            status: unknown.status,
            code: unknown.body.code,
            message: unknown.body.message,
        });
        expect(unknown.status).toBe(404);
        expect((await call('roleReader', 'GET', '/api/roles/role-admin')).body).toMatchObject({
            technical: true,
            tenantId: null,
        });
        expect(
            (await call<ErrorBody>('tenantUser', 'GET', `/api/roles/role-admin`)).body.code,
        ).toBe('NO_PERMISSION');
    });
});

describe('PUT /api/roles/:id', () => {
    const roleNamed = async (tenantId: string, name: string) => {
        const found = (await list('admin', { tenantId, q: name })).body.find(
            (role) => role.name === name,
        );
        if (!found) throw new Error(`no role ${name}`);
        return found;
    };
    const update = (who: string, role: Role, change: object = {}) =>
        call<Role & ErrorBody>(who, 'PUT', `/api/roles/${role.id}`, { ...role, ...change });

    it('saves a change based on the current version and counts the version up', async () => {
        const role = await roleNamed(ids.north, 'Depot planner');
        const { status, body } = await update('orgAdmin', role, {
            name: 'Depot planner (senior)',
            actions: ['r:tour', 'r:tour-details', 'r:tour-perf'],
        });
        expect(status).toBe(200);
        expect(body).toMatchObject({
            name: 'Depot planner (senior)',
            actions: ['r:tour', 'r:tour-details', 'r:tour-perf'],
            version: role.version + 1,
        });
        const audits = await t.db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.entityId, role.id), eq(auditLog.action, 'role-updated')));
        expect(audits).toHaveLength(1);
        // The later save of the stale record is refused, and nothing changes.
        const stale = await update('orgAdmin', role, { name: 'Overwritten' });
        expect({ status: stale.status, code: stale.body.code }).toEqual({
            status: 409,
            code: 'STALE_RECORD',
        });
        expect((await call('orgAdmin', 'GET', `/api/roles/${role.id}`)).body.name).toBe(
            'Depot planner (senior)',
        );
    });

    it('applies the rules of a new role', async () => {
        const role = await roleNamed(ids.north, 'Depot planner (senior)');
        expect((await update('orgAdmin', role, { name: 'Role Reader' })).body.code).toBe(
            'DUPLICATE_ROLE_NAME',
        );
        expect((await update('orgAdmin', role, { name: 'TWO CONTEXTS' })).body.code).toBe(
            'DUPLICATE_ROLE_NAME',
        );
        const missing = await update('orgAdmin', role, {
            actions: ['r:tour-perf', 'r:tour-details'],
        });
        expect(missing.body.details).toEqual([
            {
                field: '/body/actions',
                message: 'actions: r:tour-details requires r:tour, which is missing',
            },
        ]);
        expect((await update('orgAdmin', role, { visibilityPath: '' })).status).toBe(400);
        expect((await update('orgAdmin', role, { contexts: ['ADMIN'] })).status).toBe(400);
        // Keeping the own name (another case) is fine.
        expect((await update('orgAdmin', role, { name: 'DEPOT PLANNER (SENIOR)' })).status).toBe(
            200,
        );
    });

    it('keeps an assigned role usable: no removed context, no visibility path excluding an assignment', async () => {
        const role = await roleNamed(ids.north, 'Two contexts');
        await t.db.insert(permissionAssignments).values({
            id: 'perm-two-contexts',
            userId: 'user-tenantUser',
            roleId: role.id,
            scopePath: paths.berlin,
            tenantId: ids.north,
        });
        const dropped = await update('orgAdmin', role, {
            contexts: ['TENANT'],
            actions: ['r:parcel-finder'],
        });
        expect({
            status: dropped.status,
            code: dropped.body.code,
            fields: fieldsOf(dropped.body),
        }).toEqual({ status: 409, code: 'ROLE_IS_ASSIGNED_TO_USER', fields: ['/body/contexts'] });
        const narrowed = await update('orgAdmin', role, { visibilityPath: paths.munich });
        expect({
            status: narrowed.status,
            code: narrowed.body.code,
            fields: fieldsOf(narrowed.body),
        }).toEqual({
            status: 409,
            code: 'ROLE_IS_ASSIGNED_TO_USER',
            fields: ['/body/visibilityPath'],
        });
        expect((await update('orgAdmin', role, { visibilityPath: paths.groupA })).status).toBe(200);
    });

    it('refuses technical roles to everyone (403) and other organisations’ roles like unknown ones (404)', async () => {
        for (const who of ['admin', 'orgAdmin']) {
            const technical = (await call('admin', 'GET', '/api/roles/role-depot-std')).body;
            const { status, body } = await update(who, technical, { name: 'Renamed' });
            expect({ status, code: body.code }, who).toEqual({
                status: 403,
                code: 'NO_PERMISSION',
            });
        }
        const italian = await roleNamed(ids.north1, 'Admin made');
        const hidden = await update('orgAdmin', italian, { name: 'Taken over' });
        expect({ status: hidden.status, code: hidden.body.code }).toEqual({
            status: 404,
            code: 'NOT_FOUND',
        });
        const reader = await update('roleReader', await roleNamed(ids.north, 'Visible 0'), {
            name: 'Read only',
        });
        expect({ status: reader.status, code: reader.body.code }).toEqual({
            status: 403,
            code: 'NO_PERMISSION',
        });
        expect((await roleNamed(ids.north1, 'Admin made')).version).toBe(italian.version);
        // Admins change any organisation's role.
        expect((await update('admin', italian, { name: 'Admin made' })).status).toBe(200);
    });
});

describe('DELETE /api/roles/:id', () => {
    it('refuses a role in use with ROLE_IS_ASSIGNED_TO_USER, deletes it once unassigned, with an audit entry', async () => {
        const [role] = (await list('orgAdmin', { tenantId: ids.north, q: 'Two contexts' })).body;
        if (!role) throw new Error('no role');
        const refused = await call<ErrorBody>('orgAdmin', 'DELETE', `/api/roles/${role.id}`);
        expect({ status: refused.status, code: refused.body.code }).toEqual({
            status: 409,
            code: 'ROLE_IS_ASSIGNED_TO_USER',
        });
        expect(await t.db.select().from(roles).where(eq(roles.id, role.id))).toHaveLength(1);
        await t.db.delete(permissionAssignments).where(eq(permissionAssignments.roleId, role.id));
        const deleted = await call('orgAdmin', 'DELETE', `/api/roles/${role.id}`);
        expect(deleted.status).toBe(200);
        expect(deleted.body).toMatchObject({ id: role.id, name: 'Two contexts' });
        expect(await t.db.select().from(roles).where(eq(roles.id, role.id))).toHaveLength(0);
        expect((await call<ErrorBody>('orgAdmin', 'GET', `/api/roles/${role.id}`)).status).toBe(
            404,
        );
        const audits = await t.db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.entityId, role.id), eq(auditLog.action, 'role-deleted')));
        expect(audits).toHaveLength(1);
    });

    it('refuses technical roles, other organisations’ roles (404) and callers without d:role', async () => {
        expect(
            (await call<ErrorBody>('admin', 'DELETE', '/api/roles/role-tenant-std')).body.code,
        ).toBe('NO_PERMISSION');
        expect((await call<ErrorBody>('admin', 'DELETE', '/api/roles/role-admin')).status).toBe(
            403,
        );
        const [italian] = (await list('admin', { tenantId: ids.north1, q: 'Depot planner' })).body;
        const hidden = await call<ErrorBody>(
            'orgAdmin',
            'DELETE',
            `/api/roles/${italian?.id ?? '?'}`,
        );
        expect({ status: hidden.status, code: hidden.body.code }).toEqual({
            status: 404,
            code: 'NOT_FOUND',
        });
        const [own] = (await list('orgAdmin', { tenantId: ids.north, q: 'Visible 1' })).body;
        expect(
            (await call<ErrorBody>('roleReader', 'DELETE', `/api/roles/${own?.id ?? '?'}`)).body
                .code,
        ).toBe('NO_PERMISSION');
        expect(
            (await call<ErrorBody>('tenantUser', 'DELETE', `/api/roles/${own?.id ?? '?'}`)).body
                .code,
        ).toBe('NO_PERMISSION');
        expect(
            await t.db
                .select()
                .from(roles)
                .where(eq(roles.id, italian?.id ?? '?')),
        ).toHaveLength(1);
        expect(
            await t.db
                .select()
                .from(roles)
                .where(eq(roles.id, own?.id ?? '?')),
        ).toHaveLength(1);
    });
});
