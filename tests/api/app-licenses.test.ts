import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppLicenses } from '../../domain/contracts/fleet.js';
import { ensureTechnicalRoles } from '../../server/db/bootstrap.js';
import { driverAppLogins, subcontractors, users } from '../../server/db/schema/index.js';
import { previousMonth } from '../../server/services/back-office/fleet/licences-repository.js';
import { accessTokenFor, ids, paths, seedFixtures } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** App licences (account counting, domain §9): peak daily distinct driver-app logins of a month. */

let t: TestApp;
const tokens: Record<string, string> = {};
const sucoHamburg = 'suco-hamburg';

async function get(who: string, url: string) {
    const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${tokens[who] ?? ''}` },
    });
    return { status: response.statusCode, body: response.json<AppLicenses & { code?: string }>() };
}

let eventId = 0;
const login = (userId: string, depotId: string, tenantId: string, at: string) => ({
    id: `ev-${eventId++}`,
    tenantId,
    depotId,
    scopePath:
        depotId === ids.milan
            ? paths.milan
            : depotId === ids.hamburg
              ? paths.hamburg
              : paths.berlin,
    userId,
    occurredAt: new Date(at),
});

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
    await ensureTechnicalRoles(t.db);
    await t.db.insert(subcontractors).values({
        id: sucoHamburg,
        tenantId: ids.north,
        depotId: ids.hamburg,
        name: 'Elbe',
        code: 'E1',
        scopePath: `${paths.hamburg}.${sucoHamburg}`,
    });
    const account = (
        id: string,
        type: 'Driver' | 'TempDriver',
        subcontractorId: string,
        tenantId: string,
        scopePath: string,
        active = true,
    ) => ({
        id,
        tenantId,
        type,
        username: id.toUpperCase(),
        firstName: 'App',
        lastName: id,
        subcontractorId,
        scopePath,
        active,
    });
    await t.db
        .insert(users)
        .values([
            account('a', 'Driver', ids.sucoBerlin, ids.north, paths.sucoBerlin),
            account('b', 'TempDriver', ids.sucoBerlin, ids.north, paths.sucoBerlin),
            account('c', 'Driver', sucoHamburg, ids.north, `${paths.hamburg}.${sucoHamburg}`),
            account(
                'd',
                'TempDriver',
                sucoHamburg,
                ids.north,
                `${paths.hamburg}.${sucoHamburg}`,
                false,
            ),
            account('m', 'Driver', ids.sucoMilan, ids.north1, `${paths.milan}.${ids.sucoMilan}`),
        ]);
    await t.db.insert(driverAppLogins).values([
        // 00:30 on 1 March in Berlin (CET), still February in UTC: counts for March.
        login('a', ids.berlin, ids.north, '2026-02-28T23:30:00Z'),
        // 10 March: a (twice), b and c: three distinct accounts, two in Berlin.
        login('a', ids.berlin, ids.north, '2026-03-10T06:00:00Z'),
        login('a', ids.berlin, ids.north, '2026-03-10T12:00:00Z'),
        login('b', ids.berlin, ids.north, '2026-03-10T07:00:00Z'),
        login('c', ids.hamburg, ids.north, '2026-03-10T08:00:00Z'),
        // A back-office user is not an app account.
        login('user-orgAdmin', ids.berlin, ids.north, '2026-03-10T08:00:00Z'),
        // 11 March: c and d in Hamburg: Hamburg's peak is 2, the organisation's stays 3.
        login('c', ids.hamburg, ids.north, '2026-03-11T08:00:00Z'),
        login('d', ids.hamburg, ids.north, '2026-03-11T09:00:00Z'),
        // 00:30 on 1 April in Berlin (CEST), still March in UTC: counts for April.
        login('a', ids.berlin, ids.north, '2026-03-31T22:30:00Z'),
        login('b', ids.berlin, ids.north, '2026-03-31T22:40:00Z'),
        login('c', ids.hamburg, ids.north, '2026-03-31T22:50:00Z'),
        login('d', ids.hamburg, ids.north, '2026-03-31T22:55:00Z'),
        // Another organisation.
        login('m', ids.milan, ids.north1, '2026-03-10T08:00:00Z'),
    ]);
    for (const [key, email] of [
        ['admin', 'admin@fixture.test'],
        ['orgAdmin', 'org.admin@fixture.test'],
        ['tenantUser', 'tenant.user@fixture.test'],
        ['group', 'group.manager@fixture.test'],
    ] as const) {
        tokens[key] = await accessTokenFor(t.app, email, t.config.identity.clientId);
    }
});
afterAll(() => t?.close());

describe('GET /api/tenants/{tenantId}/app-licenses', () => {
    it('counts the peak of distinct app logins per local day of the month, for the organisation and per depot', async () => {
        const { status, body } = await get(
            'orgAdmin',
            `/api/tenants/${ids.north}/app-licenses?month=2026-03`,
        );
        expect(status).toBe(200);
        expect(body).toEqual({
            tenantId: ids.north,
            month: '2026-03',
            maxAppUsages: 3,
            peakDay: '2026-03-10',
            accounts: { drivers: 2, courierAccounts: 2, active: 3, inactive: 1 },
            depots: [
                {
                    internalDepotId: ids.berlin,
                    externalDepotId: '110',
                    name: 'Berlin',
                    drivers: 1,
                    courierAccounts: 1,
                    maxAppUsages: 2,
                },
                {
                    internalDepotId: ids.hamburg,
                    externalDepotId: '9',
                    name: 'Hamburg',
                    drivers: 1,
                    courierAccounts: 1,
                    maxAppUsages: 2,
                },
                {
                    internalDepotId: ids.munich,
                    externalDepotId: '120',
                    name: 'München',
                    drivers: 0,
                    courierAccounts: 0,
                    maxAppUsages: 0,
                },
            ],
        });
    });

    it('puts logins after local midnight into the next month and day (time zone), and answers zeros for a month without logins', async () => {
        const april = await get('orgAdmin', `/api/tenants/${ids.north}/app-licenses?month=2026-04`);
        expect({ max: april.body.maxAppUsages, day: april.body.peakDay }).toEqual({
            max: 4,
            day: '2026-04-01',
        });
        const february = await get(
            'orgAdmin',
            `/api/tenants/${ids.north}/app-licenses?month=2026-02`,
        );
        expect({ max: february.body.maxAppUsages, day: february.body.peakDay }).toEqual({
            max: 0,
            day: null,
        });
    });

    it('defaults to the previous calendar month in the organisation’s time zone', async () => {
        const { body } = await get('orgAdmin', `/api/tenants/${ids.north}/app-licenses`);
        expect(body.month).toBe(previousMonth(new Date(), 'Europe/Berlin'));
        expect(previousMonth(new Date('2026-01-31T23:30:00Z'), 'Europe/Berlin')).toBe('2026-01');
        expect(previousMonth(new Date('2026-01-31T23:30:00Z'), 'UTC')).toBe('2025-12');
        expect(previousMonth(new Date('2026-03-15T12:00:00Z'), 'Europe/Rome')).toBe('2026-02');
    });

    it('needs r:app-user-licences in the organisation; another organisation answers like one without the permission', async () => {
        expect(
            (await get('orgAdmin', `/api/tenants/${ids.north1}/app-licenses?month=2026-03`)).status,
        ).toBe(403);
        expect(
            (await get('tenantUser', `/api/tenants/${ids.north}/app-licenses?month=2026-03`))
                .status,
        ).toBe(403);
        expect(
            (await get('group', `/api/tenants/${ids.north}/app-licenses?month=2026-03`)).status,
        ).toBe(403);
        const milan = await get('admin', `/api/tenants/${ids.north1}/app-licenses?month=2026-03`);
        expect({ max: milan.body.maxAppUsages, drivers: milan.body.accounts.drivers }).toEqual({
            max: 1,
            drivers: 1,
        });
        expect((await get('admin', '/api/tenants/nope/app-licenses')).status).toBe(404);
        expect(
            (await get('admin', `/api/tenants/${ids.north}/app-licenses?month=2026-13`)).status,
        ).toBe(400);
    });
});
