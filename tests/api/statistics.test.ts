import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressCorrectionStatus } from '../../domain/addressCorrections.js';
import type { NotificationStatistics } from '../../domain/contracts/statistics.js';
import { depotScopePath } from '../../domain/scopePath.js';
import { addressCorrections, depots } from '../../server/db/schema/index.js';
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

/** A depot whose id extends Berlin's: a raw string prefix match would count its corrections for Berlin. */
const TWIN = `${ids.berlin}1`;
const twinPath = depotScopePath(ids.north, 'DE', ids.groupA, TWIN);

let counter = 0;
function corrections(
    depotId: string,
    scopePath: string,
    tenantId: string,
    status: AddressCorrectionStatus,
    count: number,
) {
    return Array.from({ length: count }, () => {
        counter += 1;
        return {
            id: `corr-${counter}`,
            tenantId,
            depotId,
            scopePath,
            status,
            currentLatitude: 52.5,
            currentLongitude: 13.4,
            correctedLatitude: 52.5001,
            correctedLongitude: 13.4002,
            coordinateType: 'ROOFTOP' as const,
            distanceM: 17.5,
            navigationAddress: 'Invalidenstraße 1, 10115 Berlin',
            driverCommentReason: 'BEST_PARKING' as const,
            driverComment: null,
            decidedAt: status === 'PENDING' ? null : new Date(),
        };
    });
}

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
    await t.db.insert(depots).values({
        internalDepotId: TWIN,
        tenantId: ids.north,
        groupId: ids.groupA,
        externalDepotId: '111',
        name: 'Berlin twin',
        street: 'Depotstraße',
        postcode: '10115',
        locality: 'Berlin',
        countryCode: 'DE',
        latitude: 52.5,
        longitude: 13.4,
        timeZone: 'Europe/Berlin',
        scopePath: twinPath,
    });
    await t.db
        .insert(addressCorrections)
        .values([
            ...corrections(ids.berlin, paths.berlin, ids.north, 'PENDING', 2),
            ...corrections(ids.berlin, paths.berlin, ids.north, 'APPROVED', 1),
            ...corrections(ids.berlin, paths.berlin, ids.north, 'REJECTED', 1),
            ...corrections(ids.hamburg, paths.hamburg, ids.north, 'PENDING', 1),
            ...corrections(ids.munich, paths.munich, ids.north, 'PENDING', 3),
            ...corrections(ids.munich, paths.munich, ids.north, 'APPROVED', 2),
            ...corrections(TWIN, twinPath, ids.north, 'PENDING', 1),
            ...corrections(ids.milan, paths.milan, ids.north1, 'PENDING', 4),
        ]);
    await addFixtureUsers(
        t.db,
        [
            {
                key: 'berlinCorrections',
                type: 'BackofficeManager',
                email: 'berlin.corrections@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-corrections', scopePath: paths.berlin }],
            },
            {
                key: 'tenantCorrections',
                type: 'BackofficeManager',
                email: 'tenant.corrections@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-tenant-corrections', scopePath: ids.north }],
            },
            {
                key: 'mixed',
                type: 'BackofficeManager',
                email: 'mixed@fixture.test',
                tenantId: ids.north,
                roles: [
                    { roleId: 'role-corrections', scopePath: paths.berlin },
                    { roleId: 'role-depot-std', scopePath: paths.munich },
                ],
            },
        ],
        [
            {
                id: 'role-corrections',
                name: 'Corrections (Depot)',
                contexts: ['DEPOT'],
                actions: ['r:address-location-correction'],
            },
            {
                id: 'role-tenant-corrections',
                name: 'Corrections (Tenant)',
                contexts: ['TENANT'],
                actions: ['r:address-location-correction'],
            },
        ],
    );
    for (const [key, email] of Object.entries({
        admin: 'admin@fixture.test',
        orgAdmin: 'org.admin@fixture.test',
        groupManager: 'group.manager@fixture.test',
        sucoUser: 'suco.user@fixture.test',
        berlinCorrections: 'berlin.corrections@fixture.test',
        tenantCorrections: 'tenant.corrections@fixture.test',
        mixed: 'mixed@fixture.test',
    })) {
        tokens[key] = await accessTokenFor(t.app, email, t.config.identity.clientId);
    }
});
afterAll(() => t.close());

const url = (path?: string) =>
    path === undefined ? '/api/statistics' : `/api/statistics?path=${path}`;

describe('GET /api/statistics', () => {
    it.each([
        // who, path, pending corrections
        ['admin', undefined, 11],
        ['admin', '', 11],
        ['admin', ids.north, 7],
        ['admin', ids.north1, 4],
        ['admin', paths.groupA, 4],
        ['admin', paths.berlin, 2],
        ['admin', twinPath, 1],
        ['orgAdmin', undefined, 7],
        ['orgAdmin', paths.munich, 3],
        ['tenantCorrections', undefined, 7],
        ['tenantCorrections', paths.hamburg, 1],
        ['berlinCorrections', undefined, 2],
        ['berlinCorrections', paths.berlin, 2],
        // A path above the caller's scope counts what the caller may see below it.
        ['berlinCorrections', paths.groupA, 2],
        ['berlinCorrections', ids.north, 2],
        // Only where the feature is held: not at Munich, where the caller only has other roles.
        ['mixed', undefined, 2],
        ['mixed', paths.munich, 0],
        ['groupManager', paths.groupA, 0],
        ['sucoUser', paths.sucoBerlin, 0],
        ['sucoUser', paths.berlin, 0],
        // Inside the caller's scopes, an unknown path has nothing (checks never read the database).
        ['berlinCorrections', `${paths.berlin}.nope`, 0],
    ] as const)('%s under %s', async (who, path, pending) => {
        const { status, body } = await get<NotificationStatistics>(url(path), who);
        expect(status).toBe(200);
        expect(body).toEqual({ path: path ?? '', addressCorrections: { pending } });
    });

    it('refuses a path outside the caller’s scopes like an unknown one: 403 NO_DATA_PERMISSION', async () => {
        for (const [who, path] of [
            ['berlinCorrections', paths.hamburg],
            ['berlinCorrections', twinPath],
            ['berlinCorrections', ids.north1],
            ['tenantCorrections', ids.north1],
            ['tenantCorrections', 'nope'],
            ['sucoUser', paths.hamburg],
            ['admin', 'nope'],
        ] as const) {
            const { status, body } = await get<{ code: string; message: string }>(url(path), who);
            if (who === 'admin') {
                // Inside the caller's scopes (admins hold all), an unknown path simply has nothing.
                expect({ status, body }).toEqual({
                    status: 200,
                    body: { path, addressCorrections: { pending: 0 } },
                });
                continue;
            }
            expect({ who, path, status, code: body.code, message: body.message }).toEqual({
                who,
                path,
                status: 403,
                code: 'NO_DATA_PERMISSION',
                message: `The scope ${path} does not exist or is outside your permissions.`,
            });
        }
    });

    it('refuses a malformed path with 400', async () => {
        const { status, body } = await get<{ details: { field: string }[] }>(url('a..b'), 'admin');
        expect({ status, field: body.details[0]?.field }).toEqual({
            status: 400,
            field: '/querystring/path',
        });
    });
});
