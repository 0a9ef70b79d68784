import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackOfficeUser, RolesAndScopes } from '../../domain/contracts/back-office-users.js';
import type { Page } from '../../domain/contracts/common.js';
import {
    auditLog,
    identityUsers,
    mailOutbox,
    permissionAssignments,
    users,
    vehicles,
} from '../../server/db/schema/index.js';
import { accessTokenFor, addFixtureUsers, ids, paths, seedFixtures } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The back-office user calls (domain §7) on the small fixture model: `north` (Berlin and Hamburg
 * in region A, Munich in region B) and its prefix twin `north1` (Milan).
 */

let t: TestApp;
const tokens: Record<string, string> = {};
type ErrorBody = { code: string; message: string; details: { field?: string; message: string }[] };

const BO_ACTIONS = [
    'r:bo-user',
    'c:bo-user',
    'u:bo-user',
    'd:bo-user',
    'can-assign-permission',
    'can-remove-permission',
];

async function call<T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who: string,
    payload?: object,
) {
    const response = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${tokens[who]}` },
        ...(payload ? { payload } : {}),
    });
    const json = String(response.headers['content-type'] ?? '').includes('json');
    return {
        status: response.statusCode,
        body: (json ? response.json() : undefined) as T,
        raw: response.rawPayload,
        headers: response.headers,
    };
}

const list = (who: string, query: string) =>
    call<Page<BackOfficeUser> & ErrorBody>('GET', `/api/v2/users?${query}`, who);
const emailsOf = (page: Page<BackOfficeUser>) => page.content.map((user) => user.email).sort();

let counter = 0;
function newUser(overrides: Record<string, unknown> = {}) {
    counter += 1;
    return {
        type: 'BackofficeManager',
        email: `new.user${counter}@fixture.test`,
        firstName: 'Nina',
        lastName: `Neu${counter}`,
        mobilePhone: null,
        landLine: null,
        context: 'depot',
        path: paths.berlin,
        permissions: { addPermissions: [{ path: paths.berlin, roleId: 'role-depot-std' }] },
        ...overrides,
    };
}

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
                key: 'boBerlin',
                type: 'BackofficeManager',
                email: 'bo.berlin@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-bo-mgmt', scopePath: paths.berlin }],
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
                roles: [{ roleId: 'role-bo-mgmt', scopePath: paths.milan }],
            },
            {
                key: 'boTenant',
                type: 'BackofficeManager',
                email: 'bo.tenant@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-bo-tenant', scopePath: ids.north }],
            },
            {
                key: 'twoDepots',
                type: 'DistributionCenterManager',
                email: 'two.depots@fixture.test',
                tenantId: ids.north,
                roles: [
                    { roleId: 'role-depot-std', scopePath: paths.berlin },
                    { roleId: 'role-depot-std', scopePath: paths.munich },
                ],
            },
            {
                key: 'milanStaff',
                type: 'BackofficeManager',
                email: 'milan.staff@fixture.test',
                tenantId: ids.north1,
                roles: [{ roleId: 'role-depot-std', scopePath: paths.milan }],
            },
            {
                key: 'driverMgr',
                type: 'DistributionCenterManager',
                email: 'driver.mgr@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-driver-mgmt', scopePath: paths.berlin }],
            },
            {
                key: 'hamburgStaff',
                type: 'Fieldops',
                email: '=hamburg@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-depot-std', scopePath: paths.hamburg }],
            },
        ],
        [
            {
                id: 'role-bo-mgmt',
                name: 'BO management (Depot)',
                contexts: ['DEPOT'],
                actions: BO_ACTIONS,
            },
            {
                id: 'role-bo-read',
                name: 'BO reader (Depot)',
                contexts: ['DEPOT'],
                actions: ['r:bo-user'],
            },
            {
                id: 'role-bo-tenant',
                name: 'BO management (Tenant)',
                contexts: ['TENANT'],
                actions: BO_ACTIONS,
            },
            {
                id: 'role-driver-mgmt',
                name: 'Driver management (Depot)',
                contexts: ['DEPOT'],
                actions: [
                    'r:suco',
                    'r:driver',
                    'c:driver',
                    'u:driver',
                    'd:driver',
                    'r:temp-driver',
                    'can-assign-permission',
                ],
            },
        ],
    );
    await t.db
        .update(users)
        .set({ mobilePhone: '+4915112345678', lastName: 'Zimmer' })
        .where(eq(users.id, 'user-hamburgStaff'));
    for (const [key, email] of [
        ['admin', 'admin@fixture.test'],
        ['orgAdmin', 'org.admin@fixture.test'],
        ['boBerlin', 'bo.berlin@fixture.test'],
        ['boReaderA', 'bo.reader.a@fixture.test'],
        ['boMilan', 'bo.milan@fixture.test'],
        ['boTenant', 'bo.tenant@fixture.test'],
        ['groupManager', 'group.manager@fixture.test'],
        ['driverMgr', 'driver.mgr@fixture.test'],
    ] as const) {
        tokens[key] = await accessTokenFor(t.app, email, t.config.identity.clientId);
    }
}, 60_000);

afterAll(async () => {
    await t?.close();
});

describe('GET /api/v2/users', () => {
    it('lists every back-office user in the admin context for admins (also users without assignments), never app accounts', async () => {
        await t.db.insert(users).values({
            id: 'user-no-roles',
            type: 'Fieldops',
            email: 'no.roles@fixture.test',
            firstName: 'No',
            lastName: 'Roles',
            tenantId: ids.north,
        });
        await t.db.insert(users).values({
            id: 'user-driver',
            type: 'Driver',
            username: 'D1',
            firstName: 'Dri',
            lastName: 'Ver',
            tenantId: ids.north,
            scopePath: paths.sucoBerlin,
        });
        const { status, body } = await list('admin', 'context=admin&size=500');
        expect(status).toBe(200);
        expect(body.content.map((user) => user.id)).toContain('user-no-roles');
        expect(body.content.map((user) => user.id)).not.toContain('user-driver');
        expect(body.totalElements).toBe(body.content.length);
        await t.db.delete(users).where(eq(users.id, 'user-driver'));
    });

    it('refuses the admin context to others and needs a path in the tenant and depot contexts', async () => {
        expect((await list('orgAdmin', 'context=admin')).body.code).toBe('NO_PERMISSION');
        const missing = await list('boBerlin', 'context=depot');
        expect(missing.status).toBe(400);
        expect(missing.body.details[0]?.field).toBe('/querystring/path');
        expect((await list('boBerlin', 'context=depot&size=501&path=' + paths.berlin)).status).toBe(
            400,
        );
        expect(
            (await list('boBerlin', 'context=depot&sort=password,asc&path=' + paths.berlin)).status,
        ).toBe(400);
    });

    it('a depot user lists only users of its depot, and shows only their permissions inside its scopes', async () => {
        const { status, body } = await list('boBerlin', `context=depot&path=${paths.berlin}`);
        expect(status).toBe(200);
        // Also the subcontractor user of Berlin's subcontractor (its scope lies under the depot).
        expect(emailsOf(body)).toEqual([
            'bo.berlin@fixture.test',
            'driver.mgr@fixture.test',
            'inactive@fixture.test',
            'suco.user@fixture.test',
            'two.depots@fixture.test',
        ]);
        const two = body.content.find((user) => user.email === 'two.depots@fixture.test');
        expect(two?.permissions.map((permission) => permission.path)).toEqual([paths.berlin]);
        expect(two?.permissions[0]).toMatchObject({
            roleName: 'Standard Access (Depot)',
            scope: 'DISTRIBUTION_CENTER',
            scopeName: 'Berlin',
            contexts: ['DEPOT'],
        });
        // Another depot of the same organisation, and the prefix twin organisation: nothing.
        expect((await list('boBerlin', `context=depot&path=${paths.munich}`)).body.code).toBe(
            'CHANGE_SCOPE',
        );
        expect((await list('boMilan', `context=depot&path=${paths.berlin}`)).status).toBe(403);
        const milan = await list('boMilan', `context=depot&path=${paths.milan}`);
        expect(emailsOf(milan.body)).toEqual(['bo.milan@fixture.test', 'milan.staff@fixture.test']);
    });

    it('a tenant user lists the users of the organisation, not of its prefix twin', async () => {
        const { body } = await list('boTenant', `context=tenant&path=${ids.north}&size=100`);
        expect(
            body.content.every((user) =>
                user.permissions.every((permission) => permission.path.split('.')[0] === ids.north),
            ),
        ).toBe(true);
        expect(emailsOf(body)).not.toContain('milan.staff@fixture.test');
        expect(emailsOf(body)).toContain('suco.user@fixture.test');
        expect((await list('boTenant', `context=tenant&path=${ids.north1}`)).status).toBe(403);
    });

    it('searches name and e-mail case-insensitively, filters by type and role, sorts and pages stably', async () => {
        const base = `context=tenant&path=${ids.north}`;
        expect(emailsOf((await list('orgAdmin', `${base}&search=ZIMM`)).body)).toEqual([
            '=hamburg@fixture.test',
        ]);
        expect(emailsOf((await list('orgAdmin', `${base}&search=TWO.DEPOTS@`)).body)).toEqual([
            'two.depots@fixture.test',
        ]);
        expect(emailsOf((await list('orgAdmin', `${base}&search=%25`)).body)).toEqual([]);
        expect(emailsOf((await list('orgAdmin', `${base}&type=Fieldops`)).body)).toEqual([
            '=hamburg@fixture.test',
        ]);
        expect(emailsOf((await list('orgAdmin', `${base}&roleId=role-bo-tenant`)).body)).toEqual([
            'bo.tenant@fixture.test',
        ]);
        const all = (await list('orgAdmin', `${base}&size=100&sort=email,desc`)).body;
        const sortedEmails = all.content.map((user) => user.email);
        expect(sortedEmails).toEqual([...sortedEmails].sort((a, b) => b.localeCompare(a)));
        const pages = [];
        for (let page = 0; page * 2 < all.totalElements; page += 1)
            pages.push(
                ...(await list('orgAdmin', `${base}&size=2&page=${page}`)).body.content.map(
                    (user) => user.id,
                ),
            );
        expect(new Set(pages).size).toBe(all.totalElements);
        const past = (await list('orgAdmin', `${base}&size=2&page=99`)).body;
        expect(past).toMatchObject({
            content: [],
            totalElements: all.totalElements,
            number: 99,
            size: 2,
        });
        expect(past.totalPages).toBe(Math.ceil(all.totalElements / 2));
    });
});

describe('GET /api/rolesAndScopes', () => {
    it('offers the depot and its subcontractors in the depot context, roles of the context', async () => {
        const { status, body } = await call<RolesAndScopes>(
            'GET',
            `/api/rolesAndScopes?context=depot&path=${paths.berlin}`,
            'boBerlin',
        );
        expect(status).toBe(200);
        expect(body.scopes).toEqual([
            { path: paths.berlin, name: 'Berlin', scope: 'DISTRIBUTION_CENTER' },
            { path: paths.sucoBerlin, name: 'Spree Kurier', scope: 'SUBCONTRACTOR' },
        ]);
        const roleIds = body.roles.map((role) => role.id);
        expect(roleIds).toContain('role-depot-std');
        expect(roleIds).toContain('role-suco-std');
        expect(roleIds).not.toContain('role-org-admin');
        expect(roleIds).not.toContain('role-admin');
    });

    it('offers all tenants only to who may assign there; the tenant with its countries, regions, depots and subcontractors', async () => {
        const admin = await call<RolesAndScopes>(
            'GET',
            `/api/rolesAndScopes?context=tenant&path=${ids.north}`,
            'admin',
        );
        expect(admin.body.scopes.map((scope) => scope.path)).toEqual([
            '',
            ids.north,
            'north.DE',
            paths.groupA,
            paths.hamburg,
            paths.berlin,
            paths.sucoBerlin,
            'north.DE.grp-b',
            paths.munich,
        ]);
        const tenant = await call<RolesAndScopes>(
            'GET',
            `/api/rolesAndScopes?context=tenant&path=${ids.north}`,
            'boTenant',
        );
        expect(tenant.body.scopes[0]?.path).toBe(ids.north);
        expect(
            (await call('GET', `/api/rolesAndScopes?context=tenant&path=${ids.north1}`, 'boTenant'))
                .status,
        ).toBe(403);
        const adminContext = await call<RolesAndScopes>(
            'GET',
            '/api/rolesAndScopes?context=admin',
            'admin',
        );
        expect(adminContext.body.scopes).toEqual([{ path: '', name: 'ADMIN', scope: 'ADMIN' }]);
        expect(adminContext.body.roles.map((role) => role.id)).toEqual(['role-admin']);
        expect((await call('GET', '/api/rolesAndScopes?context=admin', 'orgAdmin')).status).toBe(
            403,
        );
    });
});

describe('POST /api/v2/users', () => {
    it('creates the user, its identity with an invitation e-mail, the assignments and an audit entry', async () => {
        const body = newUser({
            email: '  Erika.Muster@Fixture.test ',
            mobilePhone: '+49301234567',
            landLine: '',
            permissions: {
                addPermissions: [
                    { path: paths.berlin, roleId: 'role-depot-std' },
                    { path: paths.berlin, roleId: 'role-bo-read' },
                ],
            },
        });
        const created = await call<BackOfficeUser>('POST', '/api/v2/users', 'boBerlin', body);
        expect(created.status).toBe(201);
        expect(created.body).toMatchObject({
            email: 'Erika.Muster@Fixture.test',
            mobilePhone: '+49301234567',
            landLine: null,
            tenantId: ids.north,
            version: 1,
            type: 'BackofficeManager',
        });
        expect(created.body.permissions.map((permission) => permission.roleId).sort()).toEqual([
            'role-bo-read',
            'role-depot-std',
        ]);
        const [identity] = await t.db
            .select()
            .from(identityUsers)
            .where(eq(identityUsers.username, 'erika.muster@fixture.test'));
        expect(identity?.status).toBe('FORCE_CHANGE_PASSWORD');
        const [row] = await t.db.select().from(users).where(eq(users.id, created.body.id));
        expect(row?.identitySub).toBe(identity?.sub);
        const mails = await t.db
            .select()
            .from(mailOutbox)
            .where(eq(mailOutbox.to, 'Erika.Muster@Fixture.test'));
        const mail =
            mails[0] ??
            (
                await t.db
                    .select()
                    .from(mailOutbox)
                    .where(sql`lower(${mailOutbox.to}) = 'erika.muster@fixture.test'`)
            )[0];
        expect(mail?.kind).toBe('invitation');
        const temporary = /Temporary password: (\S+)/.exec(mail?.text ?? '')?.[1];
        expect(temporary).toBeTruthy();
        const challenge = await t.app.inject({
            method: 'POST',
            url: '/cognito-idp/',
            headers: {
                'content-type': 'application/x-amz-json-1.1',
                'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
            },
            payload: {
                AuthFlow: 'USER_PASSWORD_AUTH',
                ClientId: t.config.identity.clientId,
                AuthParameters: { USERNAME: 'erika.muster@fixture.test', PASSWORD: temporary },
            },
        });
        expect(challenge.json()).toMatchObject({ ChallengeName: 'NEW_PASSWORD_REQUIRED' });
        const audit = await t.db
            .select()
            .from(auditLog)
            .where(
                and(
                    eq(auditLog.entityId, created.body.id),
                    eq(auditLog.action, 'backoffice-user-created'),
                ),
            );
        expect(audit).toHaveLength(1);
        expect(audit[0]?.actorUserId).toBe('user-boBerlin');
    });

    it('puts a user whose permissions are on one subcontractor on that subcontractor', async () => {
        const created = await call<BackOfficeUser>(
            'POST',
            '/api/v2/users',
            'boBerlin',
            newUser({
                type: 'SubContractorUser',
                permissions: {
                    addPermissions: [{ path: paths.sucoBerlin, roleId: 'role-suco-std' }],
                },
            }),
        );
        expect(created.status).toBe(201);
        const [row] = await t.db.select().from(users).where(eq(users.id, created.body.id));
        expect(row).toMatchObject({ subcontractorId: ids.sucoBerlin, scopePath: paths.sucoBerlin });
    });

    it.each([
        ['email', { email: 'no spaces@fixture.test' }, 'email must not contain spaces'],
        ['email', { email: '' }, 'email is required'],
        ['email', { email: 'not-an-address' }, 'email is not a valid e-mail address'],
        ['firstName', { firstName: ' a ' }, 'firstName needs at least 2'],
        ['firstName', { firstName: 'x'.repeat(41) }, 'firstName is too long'],
        ['lastName', { lastName: '' }, 'lastName is required'],
        ['mobilePhone', { mobilePhone: '+49 301234567' }, 'mobilePhone must not contain spaces'],
        [
            'mobilePhone',
            { mobilePhone: '+999123456' },
            'mobilePhone does not start with a known country calling code',
        ],
        [
            'mobilePhone',
            { mobilePhone: '0301234567' },
            'mobilePhone must be in international format',
        ],
        ['landLine', { landLine: '+4930123456789012' }, 'landLine is too long'],
        ['landLine', { landLine: '+49+301234' }, 'landLine must be in international format'],
    ])('refuses a bad %s: %j', async (field, change, message) => {
        const before = await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users);
        const { status, body } = await call<ErrorBody>(
            'POST',
            '/api/v2/users',
            'boBerlin',
            newUser(change),
        );
        expect(status).toBe(400);
        expect(body.code).toBe('BAD_REQUEST');
        expect(body.details).toContainEqual({
            field: `/body/${field}`,
            message: expect.stringContaining(message),
        });
        expect(await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users)).toEqual(
            before,
        );
    });

    it('applies the permission rules: a row is needed, roles of the context, one subcontractor per depot, no mixing, assign permission', async () => {
        const refuse = async (who: string, payload: object, rule: string, status = 400) => {
            const response = await call<ErrorBody>('POST', '/api/v2/users', who, payload);
            expect({
                status: response.status,
                messages: response.body.details.map((detail) => detail.message).join(' | '),
            }).toMatchObject({ status, messages: expect.stringContaining(rule) });
        };
        await refuse(
            'boBerlin',
            newUser({ permissions: { addPermissions: [] } }),
            'NOTHING_TO_SUBMIT',
        );
        await refuse(
            'boBerlin',
            newUser({
                permissions: { addPermissions: [{ path: paths.berlin, roleId: 'role-org-admin' }] },
            }),
            'ROLE_NOT_AVAILABLE',
        );
        await refuse(
            'boBerlin',
            newUser({
                permissions: { addPermissions: [{ path: paths.berlin, roleId: 'role-unknown' }] },
            }),
            'ROLE_NOT_AVAILABLE',
        );
        await refuse(
            'boBerlin',
            newUser({
                permissions: {
                    addPermissions: [{ path: paths.sucoBerlin, roleId: 'role-depot-std' }],
                },
            }),
            'SCOPE_LEVEL',
        );
        await refuse(
            'boBerlin',
            newUser({
                permissions: {
                    addPermissions: [
                        { path: paths.berlin, roleId: 'role-depot-std' },
                        { path: paths.sucoBerlin, roleId: 'role-suco-std' },
                    ],
                },
            }),
            'ROLE_MIX',
        );
        await refuse(
            'boBerlin',
            newUser({
                permissions: {
                    addPermissions: [
                        { path: paths.berlin, roleId: 'role-depot-std' },
                        { path: paths.berlin, roleId: 'role-depot-std' },
                    ],
                },
            }),
            'DUPLICATE_ASSIGNMENT',
        );
        // Outside the view path, and outside the caller's scopes.
        await refuse(
            'boBerlin',
            newUser({
                permissions: {
                    addPermissions: [{ path: paths.hamburg, roleId: 'role-depot-std' }],
                },
            }),
            'SCOPE_OUTSIDE_VIEW',
        );
        await refuse(
            'orgAdmin',
            newUser({
                path: paths.berlin,
                permissions: { addPermissions: [{ path: paths.milan, roleId: 'role-depot-std' }] },
            }),
            'NO_ASSIGN_PERMISSION',
        );
        // A reader may not create at all; a depot user not in another depot.
        expect(
            (
                await call<ErrorBody>(
                    'POST',
                    '/api/v2/users',
                    'boReaderA',
                    newUser({ path: paths.groupA }),
                )
            ).body.code,
        ).toBe('NO_PERMISSION');
        expect(
            (
                await call<ErrorBody>(
                    'POST',
                    '/api/v2/users',
                    'boBerlin',
                    newUser({
                        path: paths.munich,
                        permissions: {
                            addPermissions: [{ path: paths.munich, roleId: 'role-depot-std' }],
                        },
                    }),
                )
            ).status,
        ).toBe(403);
        // Admin type and admin context: admins only.
        expect(
            (await call<ErrorBody>('POST', '/api/v2/users', 'boBerlin', newUser({ type: 'Admin' })))
                .body.code,
        ).toBe('NO_PERMISSION');
        expect(
            (
                await call<ErrorBody>(
                    'POST',
                    '/api/v2/users',
                    'orgAdmin',
                    newUser({
                        context: 'admin',
                        path: undefined,
                        permissions: { addPermissions: [{ path: '', roleId: 'role-admin' }] },
                    }),
                )
            ).status,
        ).toBe(403);
        const admin = await call<BackOfficeUser>(
            'POST',
            '/api/v2/users',
            'admin',
            newUser({
                type: 'Admin',
                context: 'admin',
                path: undefined,
                permissions: { addPermissions: [{ path: '', roleId: 'role-admin' }] },
            }),
        );
        expect(admin.status).toBe(201);
        expect(admin.body.tenantId).toBeNull();
        expect(admin.body.permissions[0]).toMatchObject({ scope: 'ADMIN', path: '' });
    });

    it('refuses a duplicate e-mail (any case, also when only the identity exists) and a duplicate phone with 409', async () => {
        const taken = await call<ErrorBody>(
            'POST',
            '/api/v2/users',
            'boBerlin',
            newUser({ email: 'TWO.DEPOTS@fixture.test' }),
        );
        expect({ status: taken.status, code: taken.body.code }).toEqual({
            status: 409,
            code: 'DUPLICATE_EMAIL',
        });
        await t.app.identityAdmin.createUser({
            username: 'only.identity@fixture.test',
            email: 'only.identity@fixture.test',
            sendInvitation: false,
        });
        expect(
            (
                await call<ErrorBody>(
                    'POST',
                    '/api/v2/users',
                    'boBerlin',
                    newUser({ email: 'Only.Identity@fixture.test' }),
                )
            ).body.code,
        ).toBe('DUPLICATE_EMAIL');
        for (const phones of [{ mobilePhone: '+4915112345678' }, { landLine: '+4915112345678' }]) {
            const response = await call<ErrorBody>(
                'POST',
                '/api/v2/users',
                'boBerlin',
                newUser(phones),
            );
            expect({ status: response.status, code: response.body.code }).toEqual({
                status: 409,
                code: 'DUPLICATE_PHONE_NUMBER',
            });
        }
        expect(
            await t.app.identityAdmin.getUser(`new.user${counter}@fixture.test`),
        ).toBeUndefined();
    });

    it('deletes the identity again when the insert fails', async () => {
        await t.db.execute(
            sql`create or replace function fail_insert() returns trigger language plpgsql as $$ begin raise exception 'insert refused'; end $$`,
        );
        await t.db.execute(
            sql`create trigger fail_insert before insert on permission_assignments for each row when (new.role_id = 'role-bo-read') execute function fail_insert()`,
        );
        try {
            const body = newUser({
                permissions: { addPermissions: [{ path: paths.berlin, roleId: 'role-bo-read' }] },
            });
            const response = await call<ErrorBody>('POST', '/api/v2/users', 'boBerlin', body);
            expect(response.status).toBe(500);
            expect(await t.app.identityAdmin.getUser(body.email)).toBeUndefined();
            expect(await t.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
        } finally {
            await t.db.execute(sql`drop trigger fail_insert on permission_assignments`);
        }
    });
});

describe('PUT /api/users/:hashId', () => {
    it('edits the data of a user in reach, bumps the version, audits; a stale version is 409 STALE_RECORD', async () => {
        const before = (
            await list('boBerlin', `context=depot&path=${paths.berlin}&search=two.depots`)
        ).body.content[0]!;
        const payload = {
            type: before.type,
            firstName: 'Tina',
            lastName: 'Zwei',
            mobilePhone: '+41791234567',
            landLine: null,
            version: before.version,
            email: before.email,
        };
        const updated = await call<BackOfficeUser>(
            'PUT',
            `/api/users/${before.id}`,
            'boBerlin',
            payload,
        );
        expect(updated.status).toBe(200);
        expect(updated.body).toMatchObject({
            firstName: 'Tina',
            lastName: 'Zwei',
            mobilePhone: '+41791234567',
            version: before.version + 1,
        });
        // Both the visible permission and none of Munich's.
        expect(updated.body.permissions.map((permission) => permission.path)).toEqual([
            paths.berlin,
        ]);
        const stale = await call<ErrorBody>('PUT', `/api/users/${before.id}`, 'boBerlin', {
            ...payload,
            firstName: 'Late',
        });
        expect({ status: stale.status, code: stale.body.code }).toEqual({
            status: 409,
            code: 'STALE_RECORD',
        });
        const [row] = await t.db.select().from(users).where(eq(users.id, before.id));
        expect(row?.firstName).toBe('Tina');
        const [audit] = await t.db
            .select()
            .from(auditLog)
            .where(
                and(
                    eq(auditLog.entityId, before.id),
                    eq(auditLog.action, 'backoffice-user-updated'),
                ),
            );
        expect(audit?.changes).toMatchObject({ firstName: { from: 'twoDepots', to: 'Tina' } });
    });

    it('refuses a changed e-mail, bad fields and a duplicate phone', async () => {
        const [row] = await t.db.select().from(users).where(eq(users.id, 'user-inactive'));
        const payload = {
            type: 'BackofficeManager',
            firstName: 'In',
            lastName: 'Active',
            mobilePhone: null,
            landLine: null,
            version: row!.version,
        };
        expect(
            (
                await call<ErrorBody>('PUT', '/api/users/user-inactive', 'boBerlin', {
                    ...payload,
                    email: 'other@fixture.test',
                })
            ).body.details[0]?.field,
        ).toBe('/body/email');
        expect(
            (
                await call<ErrorBody>('PUT', '/api/users/user-inactive', 'boBerlin', {
                    ...payload,
                    lastName: 'A',
                })
            ).body.details[0]?.field,
        ).toBe('/body/lastName');
        expect(
            (
                await call<ErrorBody>('PUT', '/api/users/user-inactive', 'boBerlin', {
                    ...payload,
                    landLine: '+4915112345678',
                })
            ).body.code,
        ).toBe('DUPLICATE_PHONE_NUMBER');
        expect(
            (
                await call<ErrorBody>('PUT', '/api/users/user-inactive', 'boBerlin', {
                    ...payload,
                    type: 'Admin',
                })
            ).body.code,
        ).toBe('NO_PERMISSION');
        expect(
            (
                await call('PUT', '/api/users/user-inactive', 'boBerlin', {
                    ...payload,
                    email: ' INACTIVE@fixture.test',
                })
            ).status,
        ).toBe(200);
    });

    it("answers 404 like an unknown id outside the caller's reach, for readers, admins, drivers and unknown ids", async () => {
        const payload = {
            type: 'BackofficeManager',
            firstName: 'Xx',
            lastName: 'Yy',
            mobilePhone: null,
            landLine: null,
            version: 1,
        };
        for (const [who, id] of [
            ['boBerlin', 'user-milanStaff'],
            ['boBerlin', 'user-hamburgStaff'],
            ['boMilan', 'user-inactive'],
            ['boReaderA', 'user-inactive'],
            ['orgAdmin', 'user-admin'],
            // A tenant-context role needs u:bo-user in the tenant context.
            ['boBerlin', 'user-tenantUser'],
            ['boBerlin', 'nope'],
        ] as const) {
            const response = await call<ErrorBody>('PUT', `/api/users/${id}`, who, payload);
            expect({ who, id, status: response.status, message: response.body.message }).toEqual({
                who,
                id,
                status: 404,
                message: `User ${id} was not found.`,
            });
        }
        const [milan] = await t.db.select().from(users).where(eq(users.id, 'user-milanStaff'));
        expect(milan?.firstName).toBe('milanStaff');
    });
});

describe('PUT /api/v2/users/:hashId/permissions', () => {
    it('adds and removes in the view, bumps the version; the later of two stale requests is refused', async () => {
        const target = (await call<BackOfficeUser>('POST', '/api/v2/users', 'boBerlin', newUser()))
            .body;
        const url = `/api/v2/users/${target.id}/permissions`;
        const removeId = target.permissions[0]!.id;
        const change = {
            id: target.id,
            context: 'depot',
            path: paths.berlin,
            permissions: {
                addPermissions: [{ path: paths.berlin, roleId: 'role-bo-read' }],
                removePermissions: [removeId],
            },
        };
        const first = await call<BackOfficeUser>('PUT', url, 'boBerlin', change);
        expect(first.status).toBe(200);
        expect(first.body.permissions.map((permission) => permission.roleId)).toEqual([
            'role-bo-read',
        ]);
        expect(first.body.version).toBe(target.version + 1);
        const second = await call<ErrorBody>('PUT', url, 'boBerlin', change);
        expect(second.status).toBe(400);
        expect(second.body.details.map((detail) => detail.message.split(':')[0])).toEqual(
            expect.arrayContaining(['DUPLICATE_ASSIGNMENT', 'UNKNOWN_PERMISSION']),
        );
        const rows = await t.db
            .select()
            .from(permissionAssignments)
            .where(eq(permissionAssignments.userId, target.id));
        expect(rows.map((row) => row.roleId)).toEqual(['role-bo-read']);
    });

    it('refuses a mismatched id, additions outside the view, the last permission removed and users out of reach', async () => {
        const [perm] = await t.db
            .select()
            .from(permissionAssignments)
            .where(eq(permissionAssignments.userId, 'user-inactive'));
        const url = '/api/v2/users/user-inactive/permissions';
        const base = { id: 'user-inactive', context: 'depot', path: paths.berlin };
        expect(
            (
                await call<ErrorBody>('PUT', url, 'boBerlin', {
                    ...base,
                    id: 'user-other',
                    permissions: { addPermissions: [], removePermissions: [perm!.id] },
                })
            ).body.details[0]?.field,
        ).toBe('/body/id');
        expect(
            (
                await call<ErrorBody>('PUT', url, 'boBerlin', {
                    ...base,
                    permissions: {
                        addPermissions: [{ path: paths.hamburg, roleId: 'role-depot-std' }],
                        removePermissions: [],
                    },
                })
            ).body.details
                .map((d) => d.message)
                .join(),
        ).toContain('SCOPE_OUTSIDE_VIEW');
        expect(
            (
                await call<ErrorBody>('PUT', url, 'boBerlin', {
                    ...base,
                    permissions: { addPermissions: [], removePermissions: [perm!.id] },
                })
            ).body.details
                .map((d) => d.message)
                .join(),
        ).toContain('NOTHING_TO_SUBMIT');
        expect(
            (
                await call<ErrorBody>('PUT', url, 'boMilan', {
                    ...base,
                    path: paths.milan,
                    permissions: {
                        addPermissions: [{ path: paths.milan, roleId: 'role-depot-std' }],
                        removePermissions: [],
                    },
                })
            ).status,
        ).toBe(404);
        expect(
            await t.db
                .select()
                .from(permissionAssignments)
                .where(eq(permissionAssignments.userId, 'user-inactive')),
        ).toHaveLength(1);
    });
});

describe('concurrent permission changes', () => {
    it('of two simultaneous stale requests removing the same permission, exactly one wins', async () => {
        const target = (await call<BackOfficeUser>('POST', '/api/v2/users', 'boBerlin', newUser()))
            .body;
        const change = (roleId: string) => ({
            id: target.id,
            context: 'depot',
            path: paths.berlin,
            permissions: {
                addPermissions: [{ path: paths.berlin, roleId }],
                removePermissions: [target.permissions[0]!.id],
            },
        });
        const answers = await Promise.all([
            call<ErrorBody>(
                'PUT',
                `/api/v2/users/${target.id}/permissions`,
                'boBerlin',
                change('role-bo-read'),
            ),
            call<ErrorBody>(
                'PUT',
                `/api/v2/users/${target.id}/permissions`,
                'boBerlin',
                change('role-bo-mgmt'),
            ),
        ]);
        expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
        expect(
            answers
                .find((answer) => answer.status === 400)
                ?.body.details.map((detail) => detail.message)
                .join(),
        ).toContain('UNKNOWN_PERMISSION');
        const rows = await t.db
            .select()
            .from(permissionAssignments)
            .where(eq(permissionAssignments.userId, target.id));
        expect(rows).toHaveLength(1);
    });
});

describe('DELETE /api/v2/users (drivers and courier accounts)', () => {
    it('needs d:driver for drivers and d:temp-driver for courier accounts at their scope; vehicles keep no base driver', async () => {
        await t.db.insert(users).values([
            {
                id: 'user-drv1',
                type: 'Driver',
                username: 'DRV1',
                firstName: 'Dri',
                lastName: 'One',
                tenantId: ids.north,
                subcontractorId: ids.sucoBerlin,
                scopePath: paths.sucoBerlin,
            },
            {
                id: 'user-tmp1',
                type: 'TempDriver',
                username: 'TMP1',
                firstName: 'Tem',
                lastName: 'One',
                tenantId: ids.north,
                subcontractorId: ids.sucoBerlin,
                scopePath: paths.sucoBerlin,
            },
            {
                id: 'user-drv-milan',
                type: 'Driver',
                username: 'DRVM',
                firstName: 'Dri',
                lastName: 'Milan',
                tenantId: ids.north1,
                scopePath: `${paths.milan}.${ids.sucoMilan}`,
            },
        ]);
        await t.db.insert(vehicles).values({
            id: 'veh-1',
            tenantId: ids.north,
            depotId: ids.berlin,
            subcontractorId: ids.sucoBerlin,
            number: '1234',
            baseDriverId: 'user-drv1',
            scopePath: paths.sucoBerlin,
        });
        const del = (who: string, userIds: string[]) =>
            call<ErrorBody>('DELETE', '/api/v2/users', who, { ids: userIds });
        // App accounts are not edited through the back-office user calls.
        const edit = {
            type: 'BackofficeManager',
            firstName: 'Dri',
            lastName: 'One',
            mobilePhone: null,
            landLine: null,
            version: 1,
        };
        expect((await call('PUT', '/api/users/user-drv1', 'admin', edit)).status).toBe(404);
        expect((await list('admin', 'context=admin&search=dri%20one')).body.content).toEqual([]);
        expect((await del('driverMgr', ['user-drv-milan'])).status).toBe(404);
        expect((await del('boBerlin', ['user-drv1'])).status).toBe(404);
        expect((await del('driverMgr', ['user-tmp1'])).body.code).toBe('NO_PERMISSION');
        expect((await del('driverMgr', ['user-drv1'])).status).toBe(200);
        const [vehicle] = await t.db.select().from(vehicles).where(eq(vehicles.id, 'veh-1'));
        expect(vehicle?.baseDriverId).toBeNull();
        expect((await del('admin', ['user-tmp1', 'user-drv-milan'])).status).toBe(200);
    });
});

describe('DELETE /api/v2/users', () => {
    it('deletes all or nothing: 404 for ids out of sight, 403 when visible but not deletable, 400 for oneself', async () => {
        const del = (who: string, userIds: string[]) =>
            call<ErrorBody & { ids: string[] }>('DELETE', '/api/v2/users', who, { ids: userIds });
        expect((await del('boBerlin', ['user-inactive', 'user-milanStaff'])).status).toBe(404);
        // Two depots: Berlin's manager does not cover Munich.
        expect((await del('boBerlin', ['user-inactive', 'user-twoDepots'])).body.code).toBe(
            'NO_PERMISSION',
        );
        expect((await del('boReaderA', ['user-inactive'])).status).toBe(403);
        expect((await del('boBerlin', ['user-boBerlin'])).status).toBe(400);
        expect((await del('orgAdmin', ['user-admin'])).status).toBe(404);
        expect(
            await t.db.select({ id: users.id }).from(users).where(eq(users.id, 'user-inactive')),
        ).toHaveLength(1);
        expect((await call('DELETE', '/api/v2/users', 'boBerlin', { ids: [] })).status).toBe(400);
    });

    it("deletes the users and their identities; a deleted user's access token is refused", async () => {
        const created = (await call<BackOfficeUser>('POST', '/api/v2/users', 'boBerlin', newUser()))
            .body;
        await t.app.identityAdmin.setPassword(created.email.toLowerCase(), 'Deleted-Pass-1!', true);
        const token = await accessTokenFor(
            t.app,
            created.email,
            t.config.identity.clientId,
            'Deleted-Pass-1!',
        );
        expect(
            (
                await t.app.inject({
                    method: 'GET',
                    url: '/api/users/me',
                    headers: { authorization: `Bearer ${token}` },
                })
            ).statusCode,
        ).toBe(200);
        const response = await call<{ ids: string[] }>('DELETE', '/api/v2/users', 'boBerlin', {
            ids: [created.id, 'user-inactive'],
        });
        expect(response).toMatchObject({
            status: 200,
            body: { ids: [created.id, 'user-inactive'] },
        });
        expect(await t.db.select().from(users).where(eq(users.id, created.id))).toEqual([]);
        expect(
            await t.db
                .select()
                .from(permissionAssignments)
                .where(eq(permissionAssignments.userId, 'user-inactive')),
        ).toEqual([]);
        expect(await t.app.identityAdmin.getUser(created.email.toLowerCase())).toBeUndefined();
        expect(await t.app.identityAdmin.getUser('inactive@fixture.test')).toBeUndefined();
        const after = await t.app.inject({
            method: 'GET',
            url: '/api/users/me',
            headers: { authorization: `Bearer ${token}` },
        });
        expect(after.statusCode).toBe(401);
        expect(
            await t.db
                .select()
                .from(auditLog)
                .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'user-deleted'))),
        ).toHaveLength(1);
    });
});

function parseCsv(text: string): string[][] {
    const rows: string[][] = [];
    let row: string[] = [];
    let field = '';
    let quoted = false;
    for (let i = 0; i < text.length; i += 1) {
        const char = text[i];
        if (quoted) {
            if (char === '"' && text[i + 1] === '"') {
                field += '"';
                i += 1;
            } else if (char === '"') quoted = false;
            else field += char;
        } else if (char === '"') quoted = true;
        else if (char === ',') {
            row.push(field);
            field = '';
        } else if (char === '\r' && text[i + 1] === '\n') {
            row.push(field);
            rows.push(row);
            row = [];
            field = '';
            i += 1;
        } else field += char;
    }
    return rows;
}

describe('export and download', () => {
    it('exports every readable user as CSV with BOM, header, RFC 4180 quoting and formula guard', async () => {
        const response = await call('GET', '/api/v2/users/export', 'boReaderA');
        expect(response.status).toBe(200);
        expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(response.headers['content-disposition']).toMatch(
            /^attachment; filename="backoffice-users-\d{4}-\d{2}-\d{2}\.csv"$/,
        );
        const text = response.raw.toString('utf8');
        expect(text.startsWith('\uFEFF')).toBe(true);
        const rows = parseCsv(text.slice(1));
        expect(rows[0]).toEqual([
            'Last name',
            'First name',
            'E-mail',
            'Type',
            'Mobile',
            'Landline',
            'Roles',
            'Last login',
            'Created',
        ]);
        const emails = rows.slice(1).map((row) => row[2]);
        expect(emails).toContain("'=hamburg@fixture.test");
        expect(emails).not.toContain('milan.staff@fixture.test');
        expect(emails).not.toContain('munich@fixture.test');
        const hamburg = rows.find((row) => row[2] === "'=hamburg@fixture.test");
        expect(hamburg?.[4]).toBe("'+4915112345678");
        expect(hamburg?.[6]).toBe('Standard Access (Depot) (Hamburg)');
        expect((await call('GET', '/api/v2/users/export', 'groupManager')).status).toBe(403);
    });

    it('downloads the filtered, sorted list as an Excel workbook (or CSV)', async () => {
        const response = await call(
            'GET',
            `/api/v2/users/download?context=tenant&path=${ids.north}&sort=email,asc&type=Fieldops`,
            'orgAdmin',
        );
        expect(response.status).toBe(200);
        expect(response.headers['content-type']).toBe(
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        );
        expect(response.headers['content-disposition']).toMatch(
            /filename="backoffice-users-\d{4}-\d{2}-\d{2}\.xlsx"/,
        );
        // Read with an independent reader (exceljs), never with the product's writer.
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(Uint8Array.from(response.raw).buffer);
        const sheet = workbook.getWorksheet('Users');
        expect(sheet?.getRow(1).values).toEqual([
            undefined,
            'Last name',
            'First name',
            'E-mail',
            'Type',
            'Mobile',
            'Landline',
            'Roles',
            'Last login',
            'Created',
        ]);
        expect(sheet?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
        // Only the Hamburg staff member is a Fieldops user of north.
        expect(sheet?.rowCount).toBe(2);
        expect(
            ['A2', 'B2', 'C2', 'D2', 'E2', 'F2', 'G2'].map((cell) => sheet?.getCell(cell).value),
        ).toEqual([
            'Zimmer',
            'hamburgStaff',
            '=hamburg@fixture.test',
            'Fieldops',
            '+4915112345678',
            null,
            'Standard Access (Depot) (Hamburg)',
        ]);
        expect(sheet?.getCell('C2').formula).toBeUndefined();
        const [stored] = await t.db
            .select({ created: users.createdAt, lastLogin: users.lastLoginAt })
            .from(users)
            .where(eq(users.id, 'user-hamburgStaff'));
        expect(sheet?.getCell('I2').value).toEqual(stored?.created);
        expect(sheet?.getCell('H2').value).toEqual(stored?.lastLogin);
        const csv = await call(
            'GET',
            `/api/v2/users/download?context=depot&path=${paths.milan}&format=csv`,
            'boMilan',
        );
        expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(
            parseCsv(csv.raw.toString('utf8').slice(1))
                .slice(1)
                .map((row) => row[2])
                .sort(),
        ).toEqual(['bo.milan@fixture.test', 'milan.staff@fixture.test']);
        expect(
            (
                await call(
                    'GET',
                    `/api/v2/users/download?context=depot&path=${paths.milan}`,
                    'boBerlin',
                )
            ).status,
        ).toBe(403);
    });
});
