import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RttDashboard } from '../../domain/contracts/rtt-dashboard.js';
import {
    subcontractors,
    tourAnalytics,
    tours,
    vehicles,
    waypoints,
} from '../../server/db/schema/index.js';
import { accessTokenFor, addFixtureUsers, ids, paths, seedFixtures } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The tracking dashboard (issue 16 part 5, domain §9): a depot's tours by RTT category over 15 ISO
 * weeks, the trend of the last 2 working days and the Blocked tours with why, within the caller's
 * scopes. The tours and their stored figures are written here; every expected value is worked
 * out by hand in the comments (a day's category: the stop-weighted mean of the 7 days before it;
 * Medium with a day over 90 minutes shows Blocked).
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const DATE = '2025-03-12'; // a Wednesday
const SUCO_B = 'suco-berlin-b';
const sucoBPath = `${paths.berlin}.${SUCO_B}`;
const SUCO_H = 'suco-hamburg';
const sucoHPath = `${paths.hamburg}.${SUCO_H}`;

interface Day {
    id: string;
    depotId?: string;
    date: string;
    number: string;
    vehicle: 'veh-a' | 'veh-b' | 'veh-h';
    /** Stored figures: mean deviation and stops; none = the tour did not start. */
    figures?: { minutes: number | null; stops: number; nightEtas?: number };
    driverId?: string;
}

/**
 * Berlin: tour 5 (subcontractor A) 2024-11-29 10 × 3 (history only), 2024-12-02: 10, Good.
 * Tour 7 (A): 03-10 100 × 10 (nothing before: None), 03-11 100 × 10 (100: Blocked),
 * 03-12 80 × 10 ((1000 + 1000) / 20 = 100: Blocked; 2 night ETAs, 3 missed windows, 2 stops not
 * considered). Tour 8 (B): 03-11 60 × 4 (None), 03-12 95 × 4 (60 Medium, the day over 90: Blocked).
 * Tour 9: 03-11 on B 10 × 5 (None), 03-12 on A not started (10: Good).
 * Hamburg's tour 7 (500 minutes on 03-11 and 03-12) belongs to no Berlin answer.
 */
const day = (
    id: string,
    date: string,
    number: string,
    vehicle: Day['vehicle'],
    figures?: Day['figures'],
    more: Partial<Day> = {},
): Day => ({ id, date, number, vehicle, figures, ...more });
const days: Day[] = [
    day('b5-1129', '2024-11-29', '5', 'veh-a', { minutes: 10, stops: 3 }),
    day('b5-1202', '2024-12-02', '5', 'veh-a', { minutes: 10, stops: 3 }),
    day('b7-0310', '2025-03-10', '7', 'veh-a', { minutes: 100, stops: 10 }),
    day('b7-0311', '2025-03-11', '7', 'veh-a', { minutes: 100, stops: 10 }),
    day(
        'b7-0312',
        DATE,
        '7',
        'veh-a',
        { minutes: 80, stops: 10, nightEtas: 2 },
        {
            driverId: 'user-sucoUser',
        },
    ),
    day('b8-0311', '2025-03-11', '8', 'veh-b', { minutes: 60, stops: 4 }),
    day('b8-0312', DATE, '8', 'veh-b', { minutes: 95, stops: 4 }),
    day('b9-0311', '2025-03-11', '9', 'veh-b', { minutes: 10, stops: 5 }),
    day('b9-0312', DATE, '9', 'veh-a'),
    day(
        'h7-0311',
        '2025-03-11',
        '7',
        'veh-h',
        { minutes: 500, stops: 10 },
        { depotId: ids.hamburg },
    ),
    day('h7-0312', DATE, '7', 'veh-h', { minutes: 500, stops: 10 }, { depotId: ids.hamburg }),
];

const vehicleRows = [
    {
        id: 'veh-a',
        depotId: ids.berlin,
        subcontractorId: ids.sucoBerlin,
        number: '0101',
        scopePath: paths.sucoBerlin,
    },
    {
        id: 'veh-b',
        depotId: ids.berlin,
        subcontractorId: SUCO_B,
        number: '0202',
        scopePath: sucoBPath,
    },
    {
        id: 'veh-h',
        depotId: ids.hamburg,
        subcontractorId: SUCO_H,
        number: '0303',
        scopePath: sucoHPath,
    },
];

const noCauses = {
    ADDRESS_ERROR: 0,
    LATE_DEPARTURE: 0,
    SERVICE_TIME_OVERRUN: 0,
    SEQUENCE_DEVIATION: 0,
    TRAFFIC: 0,
};

async function seed() {
    await seedFixtures(t.db);
    await t.db.insert(subcontractors).values([
        {
            id: SUCO_B,
            tenantId: ids.north,
            depotId: ids.berlin,
            name: 'Havel Express',
            code: 'HE1',
            scopePath: sucoBPath,
        },
        {
            id: SUCO_H,
            tenantId: ids.north,
            depotId: ids.hamburg,
            name: 'Elbe Kurier',
            code: 'EK1',
            scopePath: sucoHPath,
        },
    ]);
    await t.db.insert(vehicles).values(vehicleRows.map((row) => ({ ...row, tenantId: ids.north })));
    for (const day of days) {
        const vehicle = vehicleRows.find((row) => row.id === day.vehicle);
        const depotId = day.depotId ?? ids.berlin;
        await t.db.insert(tours).values({
            id: day.id,
            tenantId: ids.north,
            depotId,
            scopePath: vehicle?.scopePath ?? '',
            tourDate: day.date,
            tourNumber: day.number,
            vehicleId: day.vehicle,
            subcontractorId: vehicle?.subcontractorId ?? null,
            driverId: day.driverId ?? null,
            state: day.figures ? 'FINISHED' : 'NOT_STARTED',
        });
        if (!day.figures) continue;
        const tally =
            day.id === 'b7-0312'
                ? { total: 3, byCause: { ...noCauses, TRAFFIC: 1, LATE_DEPARTURE: 2 } }
                : { total: 0, byCause: noCauses };
        await t.db.insert(tourAnalytics).values({
            tourId: day.id,
            tenantId: ids.north,
            depotId,
            tourDate: day.date,
            appUsage: 'NORMAL',
            etaDeviationMinutes: day.figures.minutes,
            etaStops: day.figures.stops,
            nightEtas: day.figures.nightEtas ?? 0,
            missedWindows: tally.total,
            figures: { missedWindows: tally },
        });
    }
    const stop = (n: number, reason: string | null) => ({
        id: `b7-0312-w${n}`,
        tenantId: ids.north,
        tourId: 'b7-0312',
        stopKey: `k${n}`,
        plannedSequence: n,
        state: 'DONE' as const,
        street: 'Street',
        postcode: '10115',
        countryCode: 'DE',
        notConsideredReason: reason,
    });
    await t.db
        .insert(waypoints)
        .values([stop(1, 'INVALID_ADDRESS'), stop(2, null), stop(3, 'SCANTIME_AMBIGUOUS')]);

    await addFixtureUsers(
        t.db,
        [
            {
                key: 'rttBerlin',
                type: 'BackofficeManager',
                email: 'rtt.berlin@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-rtt', scopePath: paths.berlin }],
            },
            {
                key: 'rttHamburg',
                type: 'BackofficeManager',
                email: 'rtt.hamburg@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-rtt', scopePath: paths.hamburg }],
            },
            {
                key: 'rttSuco',
                type: 'SubContractorUser',
                email: 'rtt.suco@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-rtt-suco', scopePath: paths.sucoBerlin }],
            },
        ],
        [
            {
                id: 'role-rtt',
                name: 'Tracking dashboard',
                contexts: ['DEPOT'],
                actions: ['r:rtt-dashboard'],
            },
            {
                id: 'role-rtt-suco',
                name: 'Tracking dashboard (SuCo)',
                contexts: ['SUBCONTRACTOR'],
                actions: ['r:rtt-dashboard'],
            },
        ],
    );
    const clientId = t.config.identity.clientId;
    for (const [key, email] of [
        ['berlin', 'rtt.berlin@fixture.test'],
        ['hamburg', 'rtt.hamburg@fixture.test'],
        ['suco', 'rtt.suco@fixture.test'],
        ['groupManager', 'group.manager@fixture.test'],
        ['orgAdmin', 'org.admin@fixture.test'],
    ] as const)
        tokens[key] = await accessTokenFor(t.app, email, clientId);
}

// Five sign-ins through the embedded identity endpoint: slow on a busy machine.
beforeAll(async () => {
    t = await createTestApp();
    await seed();
}, 180_000);
afterAll(async () => {
    await t.close();
});

type Answer = RttDashboard & { code?: string };

async function read(token: string, query: string) {
    const answer = await t.app.inject({
        method: 'GET',
        url: `/tour-commander/v1/rtt-dashboard?${query}`,
        headers: { authorization: `Bearer ${token}` },
    });
    return { status: answer.statusCode, body: answer.json<Answer>() };
}
const berlinOn = (date: string) => `path=${paths.berlin}&date=${date}`;
const counts = (GOOD: number, MEDIUM: number, BLOCKED: number, NONE: number) => ({
    GOOD,
    MEDIUM,
    BLOCKED,
    NONE,
});

describe('the tracking dashboard of a depot manager', () => {
    it('counts the tours of 15 ISO weeks by their category on their day', async () => {
        const { status, body } = await read(tokens.berlin ?? '', berlinOn(DATE));
        expect(status).toBe(200);
        expect(body.depot).toEqual({
            id: ids.berlin,
            externalId: '110',
            name: 'Berlin',
            timeZone: 'Europe/Berlin',
        });
        expect(body.date).toBe(DATE);
        expect(body.weeks).toHaveLength(15);
        // 2024-12-02 is the Monday 14 weeks before 2025-03-10: week 49 of 2024, tour 5 Good.
        expect(body.weeks[0]).toEqual({
            year: 2024,
            week: 49,
            from: '2024-12-02',
            to: '2024-12-08',
            tours: 1,
            counts: counts(1, 0, 0, 0),
        });
        // 03-10: 7 None; 03-11: 7 Blocked, 8 and 9 None; 03-12: 7 and 8 Blocked, 9 Good.
        expect(body.weeks[14]).toEqual({
            year: 2025,
            week: 11,
            from: '2025-03-10',
            to: DATE,
            tours: 7,
            counts: counts(1, 0, 3, 3),
        });
        expect(body.weeks.slice(1, 14).every((week) => week.tours === 0)).toBe(true);
    });

    it('compares the last 2 working days', async () => {
        const { body } = await read(tokens.berlin ?? '', berlinOn(DATE));
        expect(body.trend).toEqual({
            // (80 × 10 + 95 × 4) / 14 = 84.3; tour 9 did not start.
            latest: {
                date: DATE,
                tours: 3,
                counts: counts(1, 0, 2, 0),
                averageDeviationMinutes: 84.3,
                measuredStops: 14,
            },
            // (100 × 10 + 60 × 4 + 10 × 5) / 19 = 67.9.
            previous: {
                date: '2025-03-11',
                tours: 3,
                counts: counts(0, 0, 1, 2),
                averageDeviationMinutes: 67.9,
                measuredStops: 19,
            },
            change: { counts: counts(1, 0, 1, -2), averageDeviationMinutes: 16.4 },
        });
    });

    it('lists the Blocked tours of the day with why', async () => {
        const { body } = await read(tokens.berlin ?? '', berlinOn(DATE));
        expect(body.blocked).toEqual({
            date: DATE,
            tours: [
                {
                    id: 'b7-0312',
                    tourNumber: '7',
                    vehicleNumber: '0101',
                    driverName: 'sucoUser Fixture',
                    subcontractorName: 'Spree Kurier',
                    sevenDayCategory: 'BLOCKED',
                    sevenDayAverageMinutes: 100,
                    sevenDayStops: 20,
                    dayAverageMinutes: 80,
                    dayStops: 10,
                    nightEtas: 2,
                    missedWindows: 3,
                    mainMissedWindowCause: 'LATE_DEPARTURE',
                    mainMissedWindowCauseCount: 2,
                    notConsidered: 2,
                },
                {
                    id: 'b8-0312',
                    tourNumber: '8',
                    vehicleNumber: '0202',
                    driverName: null,
                    subcontractorName: 'Havel Express',
                    sevenDayCategory: 'MEDIUM',
                    sevenDayAverageMinutes: 60,
                    sevenDayStops: 4,
                    dayAverageMinutes: 95,
                    dayStops: 4,
                    nightEtas: 0,
                    missedWindows: 0,
                    mainMissedWindowCause: null,
                    mainMissedWindowCauseCount: 0,
                    notConsidered: 0,
                },
            ],
        });
    });

    it('shows the day before as it was then: tour 7 was the only one Blocked on 03-11', async () => {
        const { body } = await read(tokens.berlin ?? '', berlinOn('2025-03-11'));
        expect(body.weeks[14]).toMatchObject({
            to: '2025-03-11',
            tours: 4,
            counts: counts(0, 0, 1, 3),
        });
        expect(body.trend.previous).toMatchObject({ date: '2025-03-10', tours: 1 });
        expect(body.blocked.tours.map((tour) => tour.id)).toEqual(['b7-0311']);
    });

    it("defaults to the depot's today", async () => {
        const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
            new Date(),
        );
        const { status, body } = await read(tokens.berlin ?? '', `path=${paths.berlin}`);
        expect(status).toBe(200);
        expect([body.date, body.today, body.weeks.at(-1)?.to]).toEqual([today, today, today]);
    });
});

describe('scopes and refusals', () => {
    it("gives a subcontractor user their own tours only, other subcontractors' days as history", async () => {
        const { status, body } = await read(tokens.suco ?? '', berlinOn(DATE));
        expect(status).toBe(200);
        // 03-10: 7 None; 03-11: 7 Blocked (9 was B's that day); 03-12: 7 Blocked, 9 Good (from B's 10).
        expect(body.weeks[14]).toMatchObject({ tours: 4, counts: counts(1, 0, 2, 1) });
        expect(body.trend).toEqual({
            latest: {
                date: DATE,
                tours: 2,
                counts: counts(1, 0, 1, 0),
                averageDeviationMinutes: 80,
                measuredStops: 10,
            },
            previous: {
                date: '2025-03-11',
                tours: 1,
                counts: counts(0, 0, 1, 0),
                averageDeviationMinutes: 100,
                measuredStops: 10,
            },
            change: { counts: counts(1, 0, 0, 0), averageDeviationMinutes: -20 },
        });
        expect(body.blocked.tours.map((tour) => tour.id)).toEqual(['b7-0312']);
    });

    it('refuses callers without r:rtt-dashboard at the depot', async () => {
        expect((await read(tokens.hamburg ?? '', berlinOn(DATE))).status).toBe(403);
        expect((await read(tokens.groupManager ?? '', berlinOn(DATE))).status).toBe(403);
        const hamburg = await read(tokens.hamburg ?? '', `path=${paths.hamburg}&date=${DATE}`);
        expect(hamburg.body.blocked.tours.map((tour) => tour.id)).toEqual(['h7-0312']);
    });

    it('refuses a path that names no depot like one outside the scopes', async () => {
        const unknown = await read(tokens.orgAdmin ?? '', `path=${paths.groupA}.nowhere`);
        expect([unknown.status, unknown.body.code]).toEqual([403, 'NO_DATA_PERMISSION']);
    });

    it('refuses days that do not exist or lie ahead', async () => {
        const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
        for (const date of ['2025-02-30', future, '2025-3-1']) {
            const { status, body } = await read(tokens.berlin ?? '', berlinOn(date));
            expect([status, body.code], date).toEqual([400, 'BAD_REQUEST']);
        }
    });
});
