import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantConfiguration } from '../../domain/contracts/tenant-configuration.js';
import { defaultTenantFrontendConfiguration } from '../../domain/tenantConfiguration.js';
import { tenantConfigRevisions, tenants } from '../../server/db/schema/index.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { accessTokenFor, addFixtureUsers, ids, seedFixtures } from './helpers/fixtures.js';

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

const notFound = (key: string) => ({
    status: 404,
    code: 'NOT_FOUND',
    message: `Tenant configuration ${key} was not found.`,
});

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
    await t.db.insert(tenants).values([
        {
            id: 'south_east',
            name: 'South East',
            countryCode: 'AT',
            timeZone: 'Europe/Vienna',
            businessHoursFrom: '05:30',
            businessHoursTo: '22:00',
        },
        { id: 'twin_a', name: 'Twin underscore', countryCode: 'DE' },
        { id: 'twin-a', name: 'Twin hyphen', countryCode: 'DE' },
    ]);
    await addFixtureUsers(t.db, [
        {
            key: 'southUser',
            type: 'BackofficeManager',
            email: 'south@fixture.test',
            tenantId: 'south_east',
            roles: [{ roleId: 'role-tenant-std', scopePath: 'south_east' }],
        },
        {
            key: 'twinUnderscore',
            type: 'BackofficeManager',
            email: 'twin@fixture.test',
            tenantId: 'twin_a',
            roles: [{ roleId: 'role-tenant-std', scopePath: 'twin_a' }],
        },
    ]);
    for (const [key, email] of Object.entries({
        admin: 'admin@fixture.test',
        orgAdmin: 'org.admin@fixture.test',
        tenantUser: 'tenant.user@fixture.test',
        groupManager: 'group.manager@fixture.test',
        sucoUser: 'suco.user@fixture.test',
        southUser: 'south@fixture.test',
        twinUnderscore: 'twin@fixture.test',
    })) {
        tokens[key] = await accessTokenFor(t.app, email, t.config.identity.clientId);
    }
});
afterAll(() => t.close());

describe('GET /api/tenant-configuration/:tenantId', () => {
    it('answers the defaults of shell §9 when the organisation has no configuration revision', async () => {
        const { status, body } = await get<TenantConfiguration>(
            `/api/tenant-configuration/${ids.north}`,
            'admin',
        );
        expect(status).toBe(200);
        expect(body).toEqual({
            id: ids.north,
            frontend: {
                businessHours: { from: '00:00', to: '23:59' },
                addEditUserFrom: 'ALL',
                maxTemporaryUsersPerDepot: 20,
                hidePhoneNumberLastDigits: false,
                liveDashboardRefreshIntervalInSec: 60,
                liveStatusShowLastUpdatedTime: true,
                deviceMappingServices: [],
                driverUsernameRule: 'DEFAULT',
            },
        });
        expect(body.frontend).toEqual(defaultTenantFrontendConfiguration);
    });

    it('reads the latest revision and the organisation’s business hours', async () => {
        await t.db.insert(tenantConfigRevisions).values([
            {
                id: 'rev-north-2',
                tenantId: ids.north,
                revision: 2,
                document: {
                    frontend: {
                        maxTemporaryUsersPerDepot: 12,
                        hidePhoneNumberLastDigits: true,
                        liveDashboardRefreshIntervalInSec: 30,
                        liveStatusShowLastUpdatedTime: false,
                        addEditUserFrom: 'DEPOT',
                        deviceMappingServices: ['mdm', 'soti'],
                        driverUsernameRule: 'ITALIAN',
                    },
                },
            },
            {
                id: 'rev-north-1',
                tenantId: ids.north,
                revision: 1,
                document: { frontend: { maxTemporaryUsersPerDepot: 5, addEditUserFrom: 'TENANT' } },
            },
        ]);
        await t.db
            .update(tenants)
            .set({ businessHoursFrom: '06:00', businessHoursTo: '21:00' })
            .where(eq(tenants.id, ids.north));
        const { status, body } = await get<TenantConfiguration>(
            `/api/tenant-configuration/${ids.north}`,
            'groupManager',
        );
        expect(status).toBe(200);
        expect(body).toEqual({
            id: ids.north,
            frontend: {
                businessHours: { from: '06:00', to: '21:00' },
                addEditUserFrom: 'DEPOT',
                maxTemporaryUsersPerDepot: 12,
                hidePhoneNumberLastDigits: true,
                liveDashboardRefreshIntervalInSec: 30,
                liveStatusShowLastUpdatedTime: false,
                deviceMappingServices: ['mdm', 'soti'],
                driverUsernameRule: 'ITALIAN',
            },
        });
    });

    it('falls back to the default of each value that is missing or of the wrong type', async () => {
        await t.db.insert(tenantConfigRevisions).values({
            id: 'rev-north-3',
            tenantId: ids.north,
            revision: 3,
            document: {
                frontend: {
                    maxTemporaryUsersPerDepot: -1,
                    hidePhoneNumberLastDigits: 'yes',
                    liveDashboardRefreshIntervalInSec: 0,
                    addEditUserFrom: 'NOWHERE',
                    deviceMappingServices: ['mdm', 7, ''],
                    driverUsernameRule: 'KLINGON',
                },
            },
        });
        const { body } = await get<TenantConfiguration>(
            `/api/tenant-configuration/${ids.north}`,
            'orgAdmin',
        );
        expect(body.frontend).toEqual({
            ...defaultTenantFrontendConfiguration,
            businessHours: { from: '06:00', to: '21:00' },
            deviceMappingServices: ['mdm'],
        });
    });

    it('maps underscores of the organisation id to hyphens (shell §7), preferring an exact id', async () => {
        for (const key of ['south-east', 'south_east']) {
            const { status, body } = await get<TenantConfiguration>(
                `/api/tenant-configuration/${key}`,
                'southUser',
            );
            expect(status, key).toBe(200);
            expect(body.id, key).toBe('south_east');
            expect(body.frontend.businessHours, key).toEqual({ from: '05:30', to: '22:00' });
        }
        expect(
            (await get<TenantConfiguration>('/api/tenant-configuration/twin-a', 'admin')).body.id,
        ).toBe('twin-a');
        expect(
            (await get<TenantConfiguration>('/api/tenant-configuration/twin_a', 'admin')).body.id,
        ).toBe('twin_a');
        // A user of twin_a only: the hyphenated id the browser sends leads to their organisation, never to twin-a.
        expect(
            (await get<TenantConfiguration>('/api/tenant-configuration/twin-a', 'twinUnderscore'))
                .body.id,
        ).toBe('twin_a');
    });

    it('answers any user with a scope in the organisation (tenant, region, subcontractor)', async () => {
        for (const who of ['admin', 'orgAdmin', 'tenantUser', 'groupManager', 'sucoUser']) {
            const { status, body } = await get<TenantConfiguration>(
                `/api/tenant-configuration/${ids.north}`,
                who,
            );
            expect({ who, status, id: body.id }).toEqual({ who, status: 200, id: ids.north });
        }
    });

    it('answers another organisation exactly like an unknown one (404), prefix twins included', async () => {
        for (const [who, key] of [
            ['tenantUser', ids.north1],
            ['groupManager', ids.north1],
            ['sucoUser', 'south-east'],
            ['southUser', ids.north],
            ['twinUnderscore', 'twin_a1'],
            ['tenantUser', 'nope'],
            ['admin', 'nope'],
        ] as const) {
            const { status, body } = await get<{ code: string; message: string }>(
                `/api/tenant-configuration/${key}`,
                who,
            );
            expect({ status, code: body.code, message: body.message }, `${who} → ${key}`).toEqual(
                notFound(key),
            );
        }
    });
});
