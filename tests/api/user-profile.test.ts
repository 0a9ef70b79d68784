import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserProfile } from '../../domain/contracts/profile.js';
import { users } from '../../server/db/schema/index.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { accessTokenFor, addFixtureUsers, ids, paths, seedFixtures } from './helpers/fixtures.js';

let t: TestApp;
const tokens: Record<string, string> = {};

async function get<T>(url: string, who: string) {
    const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${tokens[who]}` },
    });
    return { status: response.statusCode, body: response.json<T>() };
}

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
    await addFixtureUsers(
        t.db,
        [
            // Reads back-office users of the Berlin depot only.
            {
                key: 'berlinBoManager',
                type: 'BackofficeManager',
                email: 'berlin.bo@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-bo-reader', scopePath: paths.berlin }],
            },
            // Reads back-office users of the whole Italian organisation (tenant context).
            {
                key: 'italyBoManager',
                type: 'BackofficeManager',
                email: 'italy.bo@fixture.test',
                tenantId: ids.north1,
                roles: [{ roleId: 'role-tenant-bo-reader', scopePath: ids.north1 }],
            },
            {
                key: 'berlinAndMunich',
                type: 'DistributionCenterManager',
                email: 'berlin.munich@fixture.test',
                tenantId: ids.north,
                roles: [
                    { roleId: 'role-depot-std', scopePath: paths.berlin },
                    { roleId: 'role-depot-std', scopePath: paths.munich },
                ],
            },
            {
                key: 'munichOnly',
                type: 'DistributionCenterManager',
                email: 'munich@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-depot-std', scopePath: paths.munich }],
            },
            {
                key: 'milanStaff',
                type: 'BackofficeManager',
                email: 'milan@fixture.test',
                tenantId: ids.north1,
                roles: [{ roleId: 'role-depot-std', scopePath: paths.milan }],
            },
        ],
        [
            {
                id: 'role-bo-reader',
                name: 'BO reader (Depot)',
                contexts: ['DEPOT'],
                actions: ['r:bo-user'],
            },
            {
                id: 'role-tenant-bo-reader',
                name: 'BO reader (Tenant)',
                contexts: ['TENANT'],
                actions: ['r:bo-user'],
            },
        ],
    );
    await t.db.insert(users).values([
        {
            id: 'user-driver',
            tenantId: ids.north,
            type: 'Driver',
            username: 'D1001',
            firstName: 'Dora',
            lastName: 'Driver',
            scopePath: paths.sucoBerlin,
        },
        {
            id: 'user-courier',
            tenantId: ids.north,
            type: 'TempDriver',
            username: 'C1001',
            firstName: 'Carl',
            lastName: 'Courier',
            scopePath: paths.berlin,
        },
    ]);
    for (const [key, email] of Object.entries({
        admin: 'admin@fixture.test',
        orgAdmin: 'org.admin@fixture.test',
        tenantUser: 'tenant.user@fixture.test',
        groupManager: 'group.manager@fixture.test',
        sucoUser: 'suco.user@fixture.test',
        berlinBoManager: 'berlin.bo@fixture.test',
        italyBoManager: 'italy.bo@fixture.test',
    })) {
        tokens[key] = await accessTokenFor(t.app, email, t.config.identity.clientId);
    }
});
afterAll(() => t.close());

describe('GET /api/users/:hashId', () => {
    it('answers another user’s profile in the shape of /users/me, without their settings', async () => {
        await t.app.inject({
            method: 'PUT',
            url: '/api/users/me/settings',
            headers: { authorization: `Bearer ${tokens.groupManager}` },
            payload: {
                dateFormat: 'DATE_L_PERIOD',
                timeFormat: 'TIME_24_HOURS',
                lengthFormat: 'LENGTH_METRIC',
                weightFormat: 'WEIGHT_METRIC',
                numberFormat: 'DE',
            },
        });
        const { status, body } = await get<UserProfile>('/api/users/user-groupManager', 'admin');
        expect(status).toBe(200);
        expect(body).toMatchObject({
            id: 'user-groupManager',
            email: 'group.manager@fixture.test',
            firstName: 'groupManager',
            lastName: 'Fixture',
            initials: 'GF',
            mobilePhone: null,
            landLine: null,
            settings: null,
            tenants: [],
            actions: {
                ADMIN: [],
                TENANT: {},
                DEPOT: { [paths.groupA]: ['r:suco', 'r:tour'] },
                SUBCONTRACTOR: {},
            },
        });
        expect(body.permissions).toEqual([
            {
                id: 'perm-groupManager-0',
                role: {
                    id: 'role-depot-std',
                    name: 'Standard Access (Depot)',
                    actions: ['r:tour', 'r:suco'],
                    context: 'DEPOT',
                },
                scope: 'GROUP',
                path: paths.groupA,
                scopeDetails: { name: 'Region A' },
            },
        ]);
        // The same user asking for their own id sees their settings.
        const own = await get<UserProfile>('/api/users/user-groupManager', 'groupManager');
        expect(own.status).toBe(200);
        expect(own.body.settings).toMatchObject({ numberFormat: 'DE' });
    });

    it.each([
        // who, whose profile, expected permission paths (null: 404)
        ['admin', 'berlinAndMunich', [paths.berlin, paths.munich]],
        ['admin', 'admin', ['']],
        ['admin', 'milanStaff', [paths.milan]],
        ['orgAdmin', 'berlinAndMunich', [paths.berlin, paths.munich]],
        ['orgAdmin', 'groupManager', [paths.groupA]],
        ['orgAdmin', 'milanStaff', null],
        ['orgAdmin', 'admin', null],
        // r:bo-user on the Berlin depot: users with a role there, showing only that role.
        ['berlinBoManager', 'berlinAndMunich', [paths.berlin]],
        ['berlinBoManager', 'sucoUser', [paths.sucoBerlin]],
        ['berlinBoManager', 'munichOnly', null],
        ['berlinBoManager', 'groupManager', null],
        ['berlinBoManager', 'milanStaff', null],
        ['berlinBoManager', 'orgAdmin', null],
        // r:bo-user on the other organisation (tenant context).
        ['italyBoManager', 'milanStaff', [paths.milan]],
        ['italyBoManager', 'berlinAndMunich', null],
        // no r:bo-user at all
        ['tenantUser', 'berlinAndMunich', null],
        ['groupManager', 'berlinAndMunich', null],
        ['sucoUser', 'berlinBoManager', null],
        // oneself
        ['sucoUser', 'sucoUser', [paths.sucoBerlin]],
    ] as const)('%s reading %s', async (who, target, expected) => {
        const { status, body } = await get<UserProfile & { code?: string; message?: string }>(
            `/api/users/user-${target}`,
            who,
        );
        if (expected === null) {
            expect({ status, code: body.code, message: body.message }).toEqual({
                status: 404,
                code: 'NOT_FOUND',
                message: `User user-${target} was not found.`,
            });
        } else {
            expect(status).toBe(200);
            expect(body.id).toBe(`user-${target}`);
            expect(body.permissions.map((permission) => permission.path).sort()).toEqual(
                [...expected].sort(),
            );
            const actionPaths = [
                ...Object.keys(body.actions.TENANT),
                ...Object.keys(body.actions.DEPOT),
                ...Object.keys(body.actions.SUBCONTRACTOR),
            ];
            expect(actionPaths.every((path) => expected.includes(path as never))).toBe(true);
        }
    });

    it('answers 404 for drivers, courier accounts and unknown ids, also to admins', async () => {
        for (const id of ['user-driver', 'user-courier', 'user-nobody', 'zzzzzzzzzzzzzzzz']) {
            const { status, body } = await get<{ code: string; message: string }>(
                `/api/users/${id}`,
                'admin',
            );
            expect({ status, code: body.code, message: body.message }, id).toEqual({
                status: 404,
                code: 'NOT_FOUND',
                message: `User ${id} was not found.`,
            });
        }
    });

    it('still answers /users/me for the caller and refuses malformed ids with 400', async () => {
        expect((await get<UserProfile>('/api/users/me', 'berlinBoManager')).body.id).toBe(
            'user-berlinBoManager',
        );
        const bad = await get<{ code: string; details: { field: string }[] }>(
            '/api/users/a.b',
            'admin',
        );
        expect(bad.status).toBe(400);
        expect(bad.body.details[0]?.field).toBe('/params/hashId');
    });
});
