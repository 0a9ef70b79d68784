import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HealthStatus } from '../../domain/contracts/health.js';
import type { DriverAppEvent } from '../../domain/contracts/driver-app-ingestion.js';
import type { ImportJob } from '../../domain/contracts/job-import.js';
import {
    jobs,
    subcontractors,
    tenants,
    tourProcessingQueue,
    tours,
    vehicles,
} from '../../server/db/schema/index.js';
import { processQueuedTours } from '../../server/services/tour-commander/processing.js';
import { accessTokenFor, addFixtureUsers, ids, paths, seedFixtures } from './helpers/fixtures.js';
import { machineTokenFor } from './helpers/machine-fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The organisation's health status page (`GET /api/tenants/:tenantId/health-status`, issue 14
 * part 7), on data built through the real job import and driver-app ingestion. The clock is
 * fixed (only `Date` is faked; PGlite reads the same clock, so the import's receipt times follow
 * it too): 2026-03-10 11:00 in Berlin, business hours of the organisation 07:00–19:00, so the
 * rule applies from 07:00 to 18:00.
 */

const T0 = Date.parse('2026-03-10T10:00:00Z');
const TODAY = '2026-03-10';
const TOMORROW = '2026-03-11';
const YESTERDAY = '2026-03-09';
const minutes = (n: number) => n * 60_000;
const at = (offsetMs: number) => new Date(T0 + offsetMs).toISOString();

let t: TestApp;
let importer: string;
let integrator: string;

function setClock(time: number) {
    vi.setSystemTime(new Date(time));
}

async function signedIn(email: string) {
    return accessTokenFor(t.app, email, t.config.identity.clientId);
}

async function healthStatus(token: string, tenantId: string = ids.north) {
    const response = await t.app.inject({
        method: 'GET',
        url: `/api/tenants/${tenantId}/health-status`,
        headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.statusCode, body: response.json<HealthStatus & { code?: string }>() };
}

const job = (
    id: string,
    depot: string,
    date: string,
    tour: string,
    latitude: number,
    longitude: number,
    key = 'TOUR',
): ImportJob => ({
    externalJobId: id,
    type: 'DELIVERY',
    address: { street: `Street ${id}`, postcode: '10115', countryCode: 'DE', latitude, longitude },
    assignments: [{ externalDepotId: depot, date, key, value: tour, sequence: 1 }],
});

async function importJobs(list: ImportJob[], token = importer) {
    const response = await t.app.inject({
        method: 'POST',
        url: '/data-gateway/api/v1/external/jobs',
        headers: { authorization: `Bearer ${token}` },
        payload: { jobs: list },
    });
    expect(response.json(), response.body).toMatchObject({ created: list.length });
}

async function postEvents(events: DriverAppEvent[], token = integrator) {
    const response = await t.app.inject({
        method: 'POST',
        url: '/tour-commander/v1/external/driver-app/events',
        headers: { authorization: `Bearer ${token}` },
        payload: { events },
    });
    expect(response.json()).toEqual({ accepted: events.length, rejected: [] });
}

async function tourId(depotId: string, date: string, tourNumber: string) {
    const [tour] = await t.db
        .select({ id: tours.id })
        .from(tours)
        .where(
            and(
                eq(tours.depotId, depotId),
                eq(tours.tourDate, date),
                eq(tours.tourNumber, tourNumber),
            ),
        );
    if (!tour) throw new Error(`no tour ${tourNumber} of ${depotId} on ${date}`);
    return tour.id;
}

/** Applies the queued events (the app's own worker may hold a tour: wait for its commit). */
async function settle() {
    for (let round = 0; round < 50; round++) {
        await processQueuedTours(t.db);
        const [queued] = await t.db.select({ n: count() }).from(tourProcessingQueue);
        await t.db.transaction(async (tx) => {
            await tx.execute(sql`select 1 from tours for update`);
        });
        if (queued?.n === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
    }
}

const jobId = async (externalJobId: string) =>
    (await t.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.externalJobId, externalJobId)))[0]
        ?.id ?? '';

// Berlin depot 52.52, 13.405; Hamburg 53.551, 9.993 (tests/api/helpers/fixtures.ts).
const farFromBerlin = { latitude: 52.55, longitude: 13.405 };
const atBerlin = { latitude: 52.5201, longitude: 13.405 };

async function setUp() {
    vi.useFakeTimers({ toFake: ['Date'], now: T0 });
    t = await createTestApp();
    await seedFixtures(t.db);
    await t.db
        .update(tenants)
        .set({ businessHoursFrom: '07:00', businessHoursTo: '19:00' })
        .where(eq(tenants.id, ids.north));
    await t.db.insert(subcontractors).values({
        id: 'suco-hamburg',
        tenantId: ids.north,
        depotId: ids.hamburg,
        name: 'Elbe Kurier',
        code: 'EK1',
        scopePath: `${paths.hamburg}.suco-hamburg`,
    });
    const vehicle = (
        id: string,
        depotId: string,
        sucoId: string,
        path: string,
        tenantId: string = ids.north,
    ) => ({
        id,
        tenantId,
        depotId,
        subcontractorId: sucoId,
        number: id.slice(-4),
        scopePath: path,
    });
    await t.db
        .insert(vehicles)
        .values([
            vehicle('veh-1001', ids.berlin, ids.sucoBerlin, paths.sucoBerlin),
            vehicle('veh-1002', ids.berlin, ids.sucoBerlin, paths.sucoBerlin),
            vehicle('veh-1003', ids.berlin, ids.sucoBerlin, paths.sucoBerlin),
            vehicle('veh-2001', ids.hamburg, 'suco-hamburg', `${paths.hamburg}.suco-hamburg`),
            vehicle(
                'veh-3001',
                ids.milan,
                ids.sucoMilan,
                `${paths.milan}.${ids.sucoMilan}`,
                ids.north1,
            ),
        ]);
    importer = (await machineTokenFor(t, ids.north, ['jobs:write'])).token;
    integrator = (await machineTokenFor(t, ids.north, ['events:write'])).token;

    // Munich: only an assignment for yesterday (to a route, not a tour), received yesterday.
    setClock(T0 - minutes(24 * 60));
    await importJobs([job('M1', '120', YESTERDAY, 'R-5', 48.15, 11.575, 'ROUTE')]);
    // Hamburg: today's tour received 50 minutes ago, no app data.
    setClock(T0 - minutes(50));
    await importJobs([job('H1', '9', TODAY, '2001', 53.56, 9.993)]);
    // Berlin: tomorrow's job received 45 minutes ago, today's three tours 40 minutes ago, and
    // 10 minutes ago a late job for yesterday: the newest receipt is of the oldest date.
    setClock(T0 - minutes(45));
    await importJobs([job('B5', '110', TOMORROW, '1001', 52.53, 13.41)]);
    setClock(T0 - minutes(40));
    await importJobs([
        job('B1', '110', TODAY, '1001', 52.53, 13.405),
        job('B2', '110', TODAY, '1001', 52.54, 13.405),
        job('B3', '110', TODAY, '1002', 52.545, 13.405),
        job('B4', '110', TODAY, '1003', 52.535, 13.405),
    ]);
    setClock(T0 - minutes(10));
    await importJobs([job('B0', '110', YESTERDAY, 'R-1', 52.53, 13.42, 'ROUTE')]);
    // Milan (another organisation): fresh data that must never show.
    setClock(T0 - minutes(5));
    await importJobs(
        [job('I1', '200', TODAY, '3001', 45.47, 9.19)],
        (await machineTokenFor(t, ids.north1, ['jobs:write'])).token,
    );

    setClock(T0);
    const tour1001 = await tourId(ids.berlin, TODAY, '1001');
    const tour1002 = await tourId(ids.berlin, TODAY, '1002');
    const tour1003 = await tourId(ids.berlin, TODAY, '1003');
    await postEvents([
        // 1001 leaves the depot and delivers its first stop: on the road.
        {
            eventId: 'p-1001-a',
            type: 'POSITION',
            occurredAt: at(-minutes(30)),
            tourId: tour1001,
            position: farFromBerlin,
        },
        {
            eventId: 's-1001-a',
            type: 'STATUS_CHANGE',
            occurredAt: at(-minutes(25)),
            tourId: tour1001,
            jobId: await jobId('B1'),
            outcome: 'DELIVERED_TO_CONSIGNEE',
        },
        // 1002 leaves, delivers its only stop and is back: finished.
        {
            eventId: 'p-1002-a',
            type: 'POSITION',
            occurredAt: at(-minutes(55)),
            tourId: tour1002,
            position: farFromBerlin,
        },
        {
            eventId: 'c-1002-a',
            type: 'SCAN',
            occurredAt: at(-minutes(50)),
            tourId: tour1002,
            parcelNumber: 'P-1',
        },
        {
            eventId: 's-1002-a',
            type: 'STATUS_CHANGE',
            occurredAt: at(-minutes(45)),
            tourId: tour1002,
            jobId: await jobId('B3'),
            outcome: 'DELIVERED_TO_CONSIGNEE',
        },
        {
            eventId: 'p-1002-b',
            type: 'POSITION',
            occurredAt: at(-minutes(5)),
            tourId: tour1002,
            position: atBerlin,
        },
        // 1003 has not left: its app only came to the foreground.
        {
            eventId: 'a-1003-a',
            type: 'APP_STATE',
            occurredAt: at(-minutes(3)),
            tourId: tour1003,
            appState: 'FOREGROUND',
        },
    ]);
    await settle();

    await addFixtureUsers(
        t.db,
        [
            {
                key: 'regionHealth',
                type: 'BackofficeManager',
                email: 'region.health@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-tenant-health', scopePath: paths.groupA }],
            },
            {
                key: 'depotHealth',
                type: 'BackofficeManager',
                email: 'depot.health@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-depot-health', scopePath: paths.berlin }],
            },
        ],
        [
            {
                id: 'role-tenant-health',
                name: 'Health (Tenant)',
                contexts: ['TENANT'],
                actions: ['r:health-status'],
            },
            {
                id: 'role-depot-health',
                name: 'Health (Depot)',
                contexts: ['DEPOT'],
                actions: ['r:health-status'],
            },
        ],
    );
}

async function tearDown() {
    await t?.close();
    vi.useRealTimers();
}

const berlin = {
    internalDepotId: ids.berlin,
    externalDepotId: '110',
    name: 'Berlin',
    timeZone: 'Europe/Berlin',
    date: TODAY,
    lastAssignmentAt: at(-minutes(40)),
    lastStatusChangeAt: at(-minutes(25)),
    lastPositionAt: at(-minutes(5)),
    lastImportAt: at(-minutes(10)),
    lastAppEventAt: at(-minutes(3)),
    tours: { notStarted: 1, onRoad: 1, finished: 1 },
};
const hamburg = {
    internalDepotId: ids.hamburg,
    externalDepotId: '9',
    name: 'Hamburg',
    timeZone: 'Europe/Berlin',
    date: TODAY,
    lastAssignmentAt: at(-minutes(50)),
    lastStatusChangeAt: null,
    lastPositionAt: null,
    lastImportAt: at(-minutes(50)),
    lastAppEventAt: null,
    tours: { notStarted: 1, onRoad: 0, finished: 0 },
};
const munich = {
    internalDepotId: ids.munich,
    externalDepotId: '120',
    name: 'München',
    timeZone: 'Europe/Berlin',
    date: TODAY,
    lastAssignmentAt: null,
    lastStatusChangeAt: null,
    lastPositionAt: null,
    lastImportAt: at(-minutes(24 * 60)),
    lastAppEventAt: null,
    tours: { notStarted: 0, onRoad: 0, finished: 0 },
};

// On PostgreSQL (TEST_DATABASE_URL) the import's receipt times come from the server's own clock,
// which the fixed clock here cannot move.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'GET /api/tenants/:tenantId/health-status',
    () => {
        beforeAll(setUp, 60_000);
        afterAll(tearDown);

        it('lists every depot of the organisation with today’s times, each source’s freshness, the tours by state and the warning', async () => {
            setClock(T0);
            const { status, body } = await healthStatus(await signedIn('org.admin@fixture.test'));
            expect(status).toBe(200);
            expect(body).toEqual({
                tenantId: ids.north,
                checkedAt: at(0),
                businessHours: { from: '07:00', to: '19:00' },
                // By external id as text: 110, 120, 9.
                depots: [
                    // Newest of the badge's times 25 minutes old: fine.
                    { ...berlin, health: 'OK' },
                    // Nothing today: a warning.
                    { ...munich, health: 'WARNING' },
                    // Newest 50 minutes old: a warning.
                    { ...hamburg, health: 'WARNING' },
                ],
            });
        });

        it('applies the rule at fixed times: 30 minutes is outdated, and only inside the business hours shifted back one hour', async () => {
            const expectations: [string, number, 'OK' | 'WARNING' | 'OFF_HOURS'][] = [
                // 11:04 in Berlin: the scan of 10:35 is 29 minutes old.
                ['11:04', T0 + minutes(4), 'OK'],
                // 11:05: 30 minutes old.
                ['11:05', T0 + minutes(5), 'WARNING'],
                // 18:00 is the last minute the rule applies (19:00 minus one hour, inclusive).
                ['18:00', T0 + minutes(7 * 60), 'WARNING'],
                ['18:01', T0 + minutes(7 * 60 + 1), 'OFF_HOURS'],
                ['06:59', T0 - minutes(4 * 60 + 1), 'OFF_HOURS'],
                ['07:00', T0 - minutes(4 * 60), 'OK'],
            ];
            for (const [clock, time, expected] of expectations) {
                setClock(time);
                const { body } = await healthStatus(await signedIn('org.admin@fixture.test'));
                const row = body.depots.find((depot) => depot.internalDepotId === ids.berlin);
                expect({ clock, health: row?.health }).toEqual({ clock, health: expected });
                // Munich has no data today: a warning whenever the rule applies.
                const empty = body.depots.find((depot) => depot.internalDepotId === ids.munich);
                expect({ clock, health: empty?.health }).toEqual({
                    clock,
                    health: expected === 'OFF_HOURS' ? 'OFF_HOURS' : 'WARNING',
                });
            }
            setClock(T0);
        });

        it('lists only the depots the caller’s grant covers', async () => {
            setClock(T0);
            const region = await healthStatus(await signedIn('region.health@fixture.test'));
            expect(region.status).toBe(200);
            expect(region.body.depots.map((depot) => depot.internalDepotId)).toEqual([
                ids.berlin,
                ids.hamburg,
            ]);
            const admin = await healthStatus(await signedIn('admin@fixture.test'));
            expect(admin.body.depots.map((depot) => depot.internalDepotId)).toEqual([
                ids.berlin,
                ids.munich,
                ids.hamburg,
            ]);
            const other = await healthStatus(await signedIn('admin@fixture.test'), ids.north1);
            expect(
                other.body.depots.map((depot) => [depot.internalDepotId, depot.lastImportAt]),
            ).toEqual([[ids.milan, at(-minutes(5))]]);
        });

        it('refuses callers without r:health-status in the tenant context, and another organisation', async () => {
            setClock(T0);
            for (const [email, tenantId, code] of [
                ['tenant.user@fixture.test', ids.north, 'NO_PERMISSION'],
                ['depot.health@fixture.test', ids.north, 'NO_PERMISSION'],
                ['region.health@fixture.test', ids.north1, 'CHANGE_SCOPE'],
                ['org.admin@fixture.test', ids.north1, 'CHANGE_SCOPE'],
            ] as const) {
                const { status, body } = await healthStatus(await signedIn(email), tenantId);
                expect({ email, tenantId, status, code: body.code }).toEqual({
                    email,
                    tenantId,
                    status: 403,
                    code,
                });
            }
            const unknown = await healthStatus(await signedIn('admin@fixture.test'), 'nope');
            expect({ status: unknown.status, code: unknown.body.code }).toEqual({
                status: 404,
                code: 'NOT_FOUND',
            });
        });
    },
);
