import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
    TourPerformanceDetail,
    TourPerformanceList,
    TourPerformanceRollups,
} from '../../domain/contracts/tour-performance.js';
import {
    consigneeReviews,
    subcontractors,
    tourAnalytics,
    tours,
    vehicles,
} from '../../server/db/schema/index.js';
import { accessTokenFor, addFixtureUsers, ids, paths, seedFixtures } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Tour performance (issue 16 parts 2 and 7). Berlin has tour 10 on three days (D1 and D2
 * driven by Spree Kurier's vehicle, D3 not started) and tour 9 on D1 (Havel Express), plus a
 * tour 10 the day before the range; Hamburg has a tour 10 on D1. Every expected figure below is
 * worked out by hand from these rows.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
/**
 * The calendar day `offset` days from the depot's today. Counted on the calendar, not in 24-hour
 * steps: across a change of summer time, 92 × 24 hours before 23:30 is already the next day.
 */
const berlinDay = (offset: number) =>
    new Date(Date.parse(`${TODAY}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const D0 = berlinDay(-11);
const D1 = berlinDay(-10);
const D2 = berlinDay(-9);
const D3 = berlinDay(-3);
const HAVEL = 'suco-havel';
const havelPath = `${paths.berlin}.${HAVEL}`;
const ALSTER = 'suco-alster';
const alsterPath = `${paths.hamburg}.${ALSTER}`;

const causes = (byCause: Partial<Record<string, number>> = {}) => ({
    ADDRESS_ERROR: 0,
    LATE_DEPARTURE: 0,
    SERVICE_TIME_OVERRUN: 0,
    SEQUENCE_DEVIATION: 0,
    TRAFFIC: 0,
    ...byCause,
});
const reasons = (byReason: Partial<Record<string, number>> = {}) => ({
    ABSENT: 0,
    REFUSED: 0,
    ADDRESS_PROBLEM: 0,
    TRAFFIC: 0,
    ...byReason,
});

interface Day {
    id: string;
    date: string;
    number: string;
    vehicle: 'veh-1234' | 'veh-2222' | 'veh-h';
    driver?: string;
    planned: number;
    done: number;
    jobs: [number, number];
    metres: number;
    fidelity?: number;
    analytics?: {
        driving: number | null;
        service: number | null;
        eta: [number | null, number];
        adherence: number | null;
        failed: Partial<Record<string, number>>;
        missed: Partial<Record<string, number>>;
    };
}

const days: Day[] = [
    {
        id: 'tp-10-d1',
        date: D1,
        number: '10',
        vehicle: 'veh-1234',
        driver: 'user-driverA',
        planned: 20,
        done: 18,
        jobs: [20, 3],
        metres: 85_400,
        fidelity: 80,
        analytics: {
            driving: 300,
            service: 120,
            eta: [10, 15],
            adherence: 0.1,
            failed: { ABSENT: 2, ADDRESS_PROBLEM: 1 },
            missed: { LATE_DEPARTURE: 1, TRAFFIC: 1 },
        },
    },
    {
        id: 'tp-10-d2',
        date: D2,
        number: '10',
        vehicle: 'veh-1234',
        driver: 'user-driverB',
        planned: 22,
        done: 22,
        jobs: [25, 1],
        metres: 90_000,
        fidelity: 90,
        analytics: {
            driving: 320,
            service: null,
            eta: [20, 5],
            adherence: 0.2,
            failed: { REFUSED: 1 },
            missed: { SEQUENCE_DEVIATION: 1 },
        },
    },
    {
        id: 'tp-10-d3',
        date: D3,
        number: '10',
        vehicle: 'veh-1234',
        planned: 21,
        done: 0,
        jobs: [0, 0],
        metres: 0,
    },
    {
        id: 'tp-9-d1',
        date: D1,
        number: '9',
        vehicle: 'veh-2222',
        driver: 'user-driverB',
        planned: 10,
        done: 10,
        jobs: [10, 0],
        metres: 40_000,
        fidelity: 100,
        analytics: {
            driving: null,
            service: 60,
            eta: [null, 0],
            adherence: null,
            failed: {},
            missed: {},
        },
    },
    {
        id: 'tp-10-d0',
        date: D0,
        number: '10',
        vehicle: 'veh-1234',
        planned: 50,
        done: 50,
        jobs: [50, 0],
        metres: 1,
    },
    {
        id: 'tp-h10-d1',
        date: D1,
        number: '10',
        vehicle: 'veh-h',
        planned: 5,
        done: 5,
        jobs: [5, 0],
        metres: 1,
    },
];

/** A consignee review of a Berlin tour (Spree Kurier). */
const review = (id: string, tourId: string, stars: number) => ({
    id,
    tenantId: ids.north,
    depotId: ids.berlin,
    scopePath: paths.sucoBerlin,
    tourId,
    stars,
    createdAt: new Date(),
});

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
    const suco = (id: string, depotId: string, name: string, scopePath: string) => ({
        id,
        tenantId: ids.north,
        depotId,
        name,
        code: id,
        scopePath,
    });
    await t.db
        .insert(subcontractors)
        .values([
            suco(HAVEL, ids.berlin, 'Havel Express', havelPath),
            suco(ALSTER, ids.hamburg, 'Alster Logistik', alsterPath),
        ]);
    const vehicleOf = {
        'veh-1234': {
            depotId: ids.berlin,
            subcontractorId: ids.sucoBerlin,
            scopePath: paths.sucoBerlin,
        },
        'veh-2222': { depotId: ids.berlin, subcontractorId: HAVEL, scopePath: havelPath },
        'veh-h': { depotId: ids.hamburg, subcontractorId: ALSTER, scopePath: alsterPath },
    };
    await t.db.insert(vehicles).values(
        Object.entries(vehicleOf).map(([id, vehicle], index) => ({
            id,
            tenantId: ids.north,
            number: String(1000 + index),
            ...vehicle,
        })),
    );
    const driver = (key: string) => ({
        key,
        type: 'Driver' as const,
        email: `${key}@fixture.test`,
        tenantId: ids.north,
        roles: [],
    });
    const manager = (key: string, roleId: string, scopePath: string) => ({
        key,
        type: 'BackofficeManager' as const,
        email: `${key}@fixture.test`,
        tenantId: ids.north,
        roles: [{ roleId, scopePath }],
    });
    await addFixtureUsers(
        t.db,
        [
            driver('driverA'),
            driver('driverB'),
            manager('perf', 'role-perf', paths.berlin),
            manager('perfHamburg', 'role-perf', paths.hamburg),
            {
                ...manager('perfSuco', 'role-perf-suco', paths.sucoBerlin),
                type: 'SubContractorUser',
            },
        ],
        [
            { id: 'role-perf', name: 'Performance', contexts: ['DEPOT'], actions: ['r:tour-perf'] },
            {
                id: 'role-perf-suco',
                name: 'SuCo performance',
                contexts: ['SUBCONTRACTOR'],
                actions: ['r:tour-perf'],
            },
        ],
    );
    // One transaction: the analytics worker never sees a started tour without its figures.
    await t.db.transaction(async (tx) => {
        for (const day of days) {
            const vehicle = vehicleOf[day.vehicle];
            await tx.insert(tours).values({
                id: day.id,
                tenantId: ids.north,
                ...vehicle,
                tourDate: day.date,
                tourNumber: day.number,
                vehicleId: day.vehicle,
                driverId: day.driver ?? null,
                state: day.analytics ? 'FINISHED' : 'NOT_STARTED',
                startedAt: day.analytics ? new Date(`${day.date}T06:00:00Z`) : null,
                waypointsTotal: day.planned,
                waypointsDone: day.done,
                jobsSuccessful: day.jobs[0],
                jobsFailed: day.jobs[1],
                jobsTotal: day.jobs[0] + day.jobs[1],
                distanceMetres: day.metres,
                sequenceFidelity: day.fidelity ?? null,
            });
            const figures = day.analytics;
            if (!figures) continue;
            const missed = causes(figures.missed);
            const total = Object.values(missed).reduce((a, b) => a + b, 0);
            await tx.insert(tourAnalytics).values({
                tourId: day.id,
                tenantId: ids.north,
                depotId: vehicle.depotId,
                tourDate: day.date,
                appUsage: 'NORMAL',
                drivingMinutes: figures.driving,
                serviceMinutes: figures.service,
                etaDeviationMinutes: figures.eta[0],
                etaStops: figures.eta[1],
                sequenceAdherence: figures.adherence,
                missedWindows: total,
                figures: {
                    failedJobsByReason: reasons(figures.failed),
                    missedWindows: { total, byCause: missed },
                },
            });
        }
    });
    await t.db
        .insert(consigneeReviews)
        .values([
            review('r1', 'tp-10-d1', 5),
            review('r2', 'tp-10-d1', 4),
            review('r3', 'tp-10-d2', 4),
        ]);
    const clientId = t.config.identity.clientId;
    for (const key of ['perf', 'perfHamburg', 'perfSuco', 'groupManager', 'admin'])
        tokens[key] = await accessTokenFor(
            t.app,
            key === 'groupManager' ? 'group.manager@fixture.test' : `${key}@fixture.test`,
            clientId,
        );
}, 180_000);
afterAll(async () => {
    await t.close();
});

async function get<T>(who: string, rest: string, query: Record<string, string> = {}) {
    const search = new URLSearchParams({ path: paths.berlin, from: D1, to: D3, ...query });
    const answer = await t.app.inject({
        method: 'GET',
        url: `/tour-commander/v1/tour-performance${rest}?${search.toString()}`,
        headers: { authorization: `Bearer ${tokens[who]}` },
    });
    return {
        status: answer.statusCode,
        headers: answer.headers,
        raw: answer.rawPayload,
        body: (answer.headers['content-type']?.toString().startsWith('application/json')
            ? answer.json()
            : undefined) as T & { code?: string; details?: { field?: string }[] },
    };
}

/** The hand-computed rows of the depot manager over D1…D3. */
const tour9 = {
    tourNumber: '9',
    days: 1,
    daysDriven: 1,
    stopsPlanned: 10,
    stopsDone: 10,
    jobsSuccessful: 10,
    jobsFailed: 0,
    failedJobsByReason: reasons(),
    drivingMinutes: null,
    drivingMinutesPerDay: null,
    serviceMinutes: 60,
    serviceMinutesPerDay: 60,
    distanceKm: 40,
    etaDeviationMinutes: null,
    etaStops: 0,
    sequenceFidelity: 100,
    sequenceAdherence: null,
    starRating: null,
    reviews: 0,
    missedWindows: { total: 0, byCause: causes() },
};
const tour10 = {
    tourNumber: '10',
    days: 3,
    daysDriven: 2,
    stopsPlanned: 63,
    stopsDone: 40,
    jobsSuccessful: 45,
    jobsFailed: 4,
    failedJobsByReason: reasons({ ABSENT: 2, REFUSED: 1, ADDRESS_PROBLEM: 1 }),
    drivingMinutes: 620,
    drivingMinutesPerDay: 310,
    serviceMinutes: 120,
    serviceMinutesPerDay: 120,
    distanceKm: 175.4,
    // (10 min × 15 stops + 20 min × 5 stops) / 20 stops
    etaDeviationMinutes: 12.5,
    etaStops: 20,
    sequenceFidelity: 85,
    // (0.1 × 18 done stops + 0.2 × 22) / 40
    sequenceAdherence: 0.155,
    // (5 + 4 + 4) / 3
    starRating: 4.33,
    reviews: 3,
    missedWindows: {
        total: 3,
        byCause: causes({ LATE_DEPARTURE: 1, TRAFFIC: 1, SEQUENCE_DEVIATION: 1 }),
    },
};

describe('the tour performance list', () => {
    it('answers one row per tour number of the depot in natural order, figures summed over the range', async () => {
        const { status, body } = await get<TourPerformanceList>('perf', '');
        expect(status).toBe(200);
        expect(body).toEqual({ from: D1, to: D3, tours: [tour9, tour10] });
    });

    it('answers a subcontractor user only the tours of their subcontractor', async () => {
        const { status, body } = await get<TourPerformanceList>('perfSuco', '');
        expect(status).toBe(200);
        expect(body.tours.map((row) => [row.tourNumber, row.days, row.stopsDone])).toEqual([
            ['10', 3, 40],
        ]);
    });

    it('refuses callers without r:tour-perf at the depot, and a path that names no depot', async () => {
        expect((await get('groupManager', '')).status).toBe(403);
        expect((await get('perfHamburg', '')).status).toBe(403);
        const unknown = await get('admin', '', { path: `${paths.groupA}.dep-nowhere` });
        expect([unknown.status, unknown.body.code]).toEqual([403, 'NO_DATA_PERMISSION']);
    });

    it('refuses ranges backwards, longer than 92 days, reaching into the future or not on the calendar', async () => {
        const field = async (query: Record<string, string>) => {
            const { status, body } = await get('perf', '', query);
            return [status, body.details?.[0]?.field];
        };
        expect(await field({ from: D2, to: D1 })).toEqual([400, '/querystring/to']);
        expect(await field({ from: berlinDay(-92), to: TODAY })).toEqual([400, '/querystring/to']);
        expect(await field({ from: D1, to: berlinDay(1) })).toEqual([400, '/querystring/to']);
        expect(await field({ from: '2025-02-30', to: D1 })).toEqual([400, '/querystring/from']);
        expect((await get('perf', '', { from: berlinDay(-91), to: TODAY })).status).toBe(200);
    });
});

describe('a tour number’s days', () => {
    it('answers each day with its tour, driver, subcontractor and own figures', async () => {
        const { status, body } = await get<TourPerformanceDetail>('perf', '/tours/10');
        expect(status).toBe(200);
        expect(
            body.days.map((day) => [
                day.tourDate,
                day.tourId,
                day.driverName,
                day.subcontractorName,
                day.state,
            ]),
        ).toEqual([
            [D1, 'tp-10-d1', 'driverA Fixture', 'Spree Kurier', 'FINISHED'],
            [D2, 'tp-10-d2', 'driverB Fixture', 'Spree Kurier', 'FINISHED'],
            [D3, 'tp-10-d3', null, 'Spree Kurier', 'NOT_STARTED'],
        ]);
        expect(body.days[0]).toMatchObject({
            days: 1,
            daysDriven: 1,
            drivingMinutes: 300,
            drivingMinutesPerDay: 300,
            etaDeviationMinutes: 10,
            etaStops: 15,
            sequenceAdherence: 0.1,
            starRating: 4.5,
            reviews: 2,
            distanceKm: 85.4,
            missedWindows: { total: 2, byCause: causes({ LATE_DEPARTURE: 1, TRAFFIC: 1 }) },
        });
        expect(body.days[2]).toMatchObject({
            daysDriven: 0,
            drivingMinutes: null,
            sequenceFidelity: null,
            sequenceAdherence: null,
            starRating: null,
        });
    });

    it('answers no days for a tour number that did not run at the depot in the range', async () => {
        for (const number of ['77', '9x']) {
            const { status, body } = await get<TourPerformanceDetail>('perf', `/tours/${number}`);
            expect([status, body.days]).toEqual([200, []]);
        }
        const { body } = await get<TourPerformanceDetail>('perfSuco', '/tours/9');
        expect(body.days).toEqual([]);
    });
});

describe('the roll-ups', () => {
    it('rolls the started tours up per driver, subcontractor and tour number', async () => {
        const { status, body } = await get<TourPerformanceRollups>('perf', '/rollups');
        expect(status).toBe(200);
        const rollup = (id: string, name: string, fields: object) => ({ id, name, ...fields });
        expect(body.drivers).toEqual([
            rollup('user-driverA', 'driverA Fixture', {
                tours: 1,
                stopsDone: 18,
                sequenceAdherence: 0.1,
                sequenceFidelity: 80,
                missedWindows: { total: 2, byCause: causes({ LATE_DEPARTURE: 1, TRAFFIC: 1 }) },
            }),
            // Tour 9 has no adherence: only tour 10 on D2 weighs in.
            rollup('user-driverB', 'driverB Fixture', {
                tours: 2,
                stopsDone: 32,
                sequenceAdherence: 0.2,
                sequenceFidelity: 95,
                missedWindows: { total: 1, byCause: causes({ SEQUENCE_DEVIATION: 1 }) },
            }),
        ]);
        expect(body.subcontractors).toEqual([
            rollup(HAVEL, 'Havel Express', {
                tours: 1,
                stopsDone: 10,
                sequenceAdherence: null,
                sequenceFidelity: 100,
                missedWindows: { total: 0, byCause: causes() },
            }),
            rollup(ids.sucoBerlin, 'Spree Kurier', {
                tours: 2,
                stopsDone: 40,
                sequenceAdherence: 0.155,
                sequenceFidelity: 85,
                missedWindows: tour10.missedWindows,
            }),
        ]);
        expect(body.tourNumbers).toEqual([
            { tourNumber: '9', tours: 1, missedWindows: tour9.missedWindows },
            { tourNumber: '10', tours: 2, missedWindows: tour10.missedWindows },
        ]);
    });
});

describe('the files', () => {
    it('sends the rows as CSV with a header per figure', async () => {
        const { status, headers, raw } = await get('perf', '/export', { format: 'csv' });
        expect(status).toBe(200);
        expect(headers['content-disposition']).toBe(
            `attachment; filename="tour-performance-110-${D1}_${D3}.csv"`,
        );
        const lines = raw
            .toString('utf8')
            .replace(/^\uFEFF/, '')
            .trimEnd()
            .split('\r\n');
        expect(lines[0]?.split(',').slice(0, 7)).toEqual([
            'Tour number',
            'Days',
            'Days driven',
            'Stops planned',
            'Stops done',
            'Jobs successful',
            'Jobs failed',
        ]);
        expect(lines.slice(1)).toEqual([
            '9,1,1,10,10,10,0,0,0,0,0,,,60,60,40,,0,100,,,0,0,0,0,0,0,0',
            '10,3,2,63,40,45,4,2,1,1,0,620,310,120,120,175.4,12.5,20,85,0.155,4.33,3,3,0,1,0,1,1',
        ]);
    });

    it('sends the rows as an Excel workbook that an independent reader opens', async () => {
        const { status, headers, raw } = await get('perf', '/export', { format: 'xlsx' });
        expect(status).toBe(200);
        expect(headers['content-disposition']).toBe(
            `attachment; filename="tour-performance-110-${D1}_${D3}.xlsx"`,
        );
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(Uint8Array.from(raw).buffer);
        const sheet = workbook.getWorksheet('Tour performance');
        const row = (index: number) => (sheet?.getRow(index).values as unknown[]).slice(1);
        expect(row(1).slice(20, 23)).toEqual(['Star rating', 'Reviews', 'Missed windows']);
        expect(row(2).slice(0, 5)).toEqual(['9', 1, 1, 10, 10]);
        expect(row(3)).toEqual([
            '10',
            3,
            2,
            63,
            40,
            45,
            4,
            2,
            1,
            1,
            0,
            620,
            310,
            120,
            120,
            175.4,
            12.5,
            20,
            85,
            0.155,
            4.33,
            3,
            3,
            0,
            1,
            0,
            1,
            1,
        ]);
        expect(sheet?.rowCount).toBe(3);
    });
});

describe("a tour's review sums (kept by the triggers of migration 0017)", () => {
    const reviewed = ['tp-10-d1', 'tp-10-d2', 'tp-9-d1'];
    const sums = async () =>
        Object.fromEntries(
            (
                await t.db
                    .select({ id: tours.id, stars: tours.reviewStars, count: tours.reviewCount })
                    .from(tours)
                    .where(inArray(tours.id, reviewed))
            ).map((row) => [row.id, [row.stars, row.count]]),
        );

    it('follow inserted, changed, moved and deleted reviews', async () => {
        const seeded = { 'tp-10-d1': [9, 2], 'tp-10-d2': [4, 1], 'tp-9-d1': [0, 0] };
        expect(await sums()).toEqual(seeded);
        await t.db.update(consigneeReviews).set({ stars: 1 }).where(eq(consigneeReviews.id, 'r1'));
        expect(await sums()).toEqual({ ...seeded, 'tp-10-d1': [5, 2] });
        // A review moved to another tour leaves the first and counts for the second.
        await t.db
            .update(consigneeReviews)
            .set({ tourId: 'tp-9-d1' })
            .where(eq(consigneeReviews.id, 'r3'));
        expect(await sums()).toEqual({ 'tp-10-d1': [5, 2], 'tp-10-d2': [0, 0], 'tp-9-d1': [4, 1] });
        await t.db.delete(consigneeReviews).where(inArray(consigneeReviews.id, ['r1', 'r3']));
        expect(await sums()).toEqual({ 'tp-10-d1': [4, 1], 'tp-10-d2': [0, 0], 'tp-9-d1': [0, 0] });
        // Back as the other tests found them: one statement of two rows.
        await t.db
            .insert(consigneeReviews)
            .values([review('r1', 'tp-10-d1', 5), review('r3', 'tp-10-d2', 4)]);
        expect(await sums()).toEqual(seeded);
    });
});
