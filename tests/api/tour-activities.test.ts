import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
    TourActivity,
    TourActivityDetail,
    TourActivityList,
    TourLocationHistory,
} from '../../domain/contracts/tour-activities.js';
import type { TourAnalytics } from '../../domain/tourAnalytics.js';
import { subcontractorScopePath } from '../../domain/scopePath.js';
import {
    consigneeReviews,
    subcontractors,
    tourAnalytics,
    tours,
    vehicles,
    waypoints,
} from '../../server/db/schema/index.js';
import { positions } from '../../server/db/schema/partitioned.js';
import { makeDayPartitions } from '../../server/services/tour-commander/partitions.js';
import { insertDriverAppEvents } from './helpers/driver-app-events.js';
import { accessTokenFor, addFixtureUsers, ids, paths, seedFixtures } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Daily activities (issue 16 part 1): a depot's tours of a day with their figures, the RTT
 * category, recommendations and full figures only with their rights, one tour with what its
 * recommendations are drawn from, and its location history. Everything is seeded here, straight
 * into the tables; the expected values are worked out by hand from these rows.
 *
 * Berlin on day D (three days ago): tour 9 (Havel Express, finished, good figures), tour 10
 * (Spree Kurier, finished, three recommendations, three reviews, positions and app events) and
 * tour 11 (Spree Kurier, not started). Tour 10 also ran on D−1, D−3, D−7 and D−8 (RTT history).
 * Hamburg has a tour on D; Berlin has a tour 10 on D−40 with positions (past the retention).
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const SECOND_SUCO = 'suco-havel';
const secondSucoPath = subcontractorScopePath(paths.berlin, SECOND_SUCO);
const HAMBURG_SUCO = 'suco-alster';
const hamburgSucoPath = subcontractorScopePath(paths.hamburg, HAMBURG_SUCO);
const DAY_MS = 86_400_000;
const berlinDay = (offset: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
        new Date(Date.now() + offset * DAY_MS),
    );
const D = berlinDay(-3);
const at = (time: string, day = D) => new Date(`${day}T${time}Z`);

type Figures = Omit<TourAnalytics, 'waypoints'>;
const noCauses = {
    ADDRESS_ERROR: 0,
    LATE_DEPARTURE: 0,
    SERVICE_TIME_OVERRUN: 0,
    SEQUENCE_DEVIATION: 0,
    TRAFFIC: 0,
};
const figures = (overrides: Partial<Figures>): Figures => ({
    appForegroundMinutes: 300,
    appUsage: 'NORMAL',
    logins: 1,
    loginDevices: 1,
    loginDrivers: 1,
    sequenceRequests: 1,
    startedBeforeSequence: false,
    firstWaypointChanges: 0,
    startDelayMinutes: 0,
    serviceMinutes: 100,
    drivingMinutes: 200,
    breakMinutes: 0,
    jobsSuccessful: 10,
    jobsFailed: 0,
    failedJobsByReason: { ABSENT: 0, REFUSED: 0, ADDRESS_PROBLEM: 0, TRAFFIC: 0 },
    etaDeviation: { averageMinutes: 20, stops: 10 },
    nightEtas: 0,
    sequenceFidelity: 90,
    sequenceAdherence: 0.01,
    timeFrames: { driver: { total: 0, missed: 0 }, system: { total: 0, missed: 0 } },
    recommendations: [],
    missedWindows: { total: 0, byCause: noCauses },
    ...overrides,
});

const tour10Figures = figures({
    appForegroundMinutes: 42,
    appUsage: 'LOW',
    logins: 2,
    loginDevices: 2,
    sequenceRequests: 1,
    startedBeforeSequence: false,
    firstWaypointChanges: 1,
    startDelayMinutes: 35,
    serviceMinutes: 120,
    drivingMinutes: 200,
    breakMinutes: 30,
    etaDeviation: { averageMinutes: 95, stops: 4 },
    sequenceFidelity: 62.5,
    sequenceAdherence: 0.125,
    timeFrames: { driver: { total: 1, missed: 0 }, system: { total: 4, missed: 2 } },
    recommendations: [
        { code: 'LOW_APP_ACTIVITY', value: 42, threshold: 60 },
        { code: 'LOW_SEQUENCE_FIDELITY', value: 62.5, threshold: 70 },
        { code: 'MISSED_SYSTEM_TIMEFRAMES', value: 50, threshold: 20 },
        { code: 'WRONG_START_TIME', value: 35, threshold: 30 },
    ],
    missedWindows: { total: 2, byCause: { ...noCauses, LATE_DEPARTURE: 1, TRAFFIC: 1 } },
});

interface TourSeed {
    id: string;
    number: string;
    day?: string;
    depot?: 'berlin' | 'hamburg';
    vehicle: 'veh-a' | 'veh-b' | 'veh-h';
    state: 'NOT_STARTED' | 'FINISHED';
    analytics?: Figures;
}

const scopeOfVehicle = {
    'veh-a': paths.sucoBerlin,
    'veh-b': secondSucoPath,
    'veh-h': hamburgSucoPath,
};
const sucoOfVehicle = { 'veh-a': ids.sucoBerlin, 'veh-b': SECOND_SUCO, 'veh-h': HAMBURG_SUCO };

async function seedTour(seed: TourSeed) {
    const day = seed.day ?? D;
    const depotId = seed.depot === 'hamburg' ? ids.hamburg : ids.berlin;
    await t.db.insert(tours).values({
        id: seed.id,
        tenantId: ids.north,
        depotId,
        scopePath: scopeOfVehicle[seed.vehicle],
        tourDate: day,
        tourNumber: seed.number,
        vehicleId: seed.vehicle,
        subcontractorId: sucoOfVehicle[seed.vehicle],
        state: seed.state,
    });
    if (!seed.analytics) return;
    await t.db.insert(tourAnalytics).values({
        tourId: seed.id,
        tenantId: ids.north,
        depotId,
        tourDate: day,
        computedAt: at('13:00:00.000', day),
        appUsage: seed.analytics.appUsage,
        appForegroundMinutes: seed.analytics.appForegroundMinutes,
        etaDeviationMinutes: seed.analytics.etaDeviation.averageMinutes,
        etaStops: seed.analytics.etaDeviation.stops,
        serviceMinutes: seed.analytics.serviceMinutes,
        drivingMinutes: seed.analytics.drivingMinutes,
        sequenceAdherence: seed.analytics.sequenceAdherence,
        missedWindows: seed.analytics.missedWindows.total,
        recommendationCodes: seed.analytics.recommendations.map((r) => r.code),
        figures: seed.analytics as unknown as Record<string, unknown>,
    });
}

async function seedWorld() {
    await seedFixtures(t.db);
    await t.db.insert(subcontractors).values([
        {
            id: SECOND_SUCO,
            tenantId: ids.north,
            depotId: ids.berlin,
            name: 'Havel Express',
            code: 'HE1',
            scopePath: secondSucoPath,
        },
        {
            id: HAMBURG_SUCO,
            tenantId: ids.north,
            depotId: ids.hamburg,
            name: 'Alster Kurier',
            code: 'AK1',
            scopePath: hamburgSucoPath,
        },
    ]);
    const vehicle = (id: string, number: string, depotId: string, subcontractorId: string) => ({
        id,
        tenantId: ids.north,
        depotId,
        subcontractorId,
        number,
        scopePath: scopeOfVehicle[id as keyof typeof scopeOfVehicle],
    });
    await t.db
        .insert(vehicles)
        .values([
            vehicle('veh-a', '1234', ids.berlin, ids.sucoBerlin),
            vehicle('veh-b', '2222', ids.berlin, SECOND_SUCO),
            vehicle('veh-h', '0900', ids.hamburg, HAMBURG_SUCO),
        ]);
    const history = (day: number, minutes: number, stops: number) =>
        seedTour({
            id: `t10-d${day}`,
            number: '10',
            day: berlinDay(-3 - day),
            vehicle: 'veh-a',
            state: 'FINISHED',
            analytics: figures({ etaDeviation: { averageMinutes: minutes, stops } }),
        });
    await seedTour({
        id: 't9',
        number: '9',
        vehicle: 'veh-b',
        state: 'FINISHED',
        analytics: figures({}),
    });
    await seedTour({
        id: 't10',
        number: '10',
        vehicle: 'veh-a',
        state: 'FINISHED',
        analytics: tour10Figures,
    });
    await seedTour({ id: 't11', number: '11', vehicle: 'veh-a', state: 'NOT_STARTED' });
    await seedTour({
        id: 'h1',
        number: '1',
        depot: 'hamburg',
        vehicle: 'veh-h',
        state: 'FINISHED',
        analytics: figures({}),
    });
    // Tour 10's RTT days: D−1, D−3 and D−7 count, D−8 lies outside D−7…D−1.
    await history(1, 100, 2);
    await history(3, 40, 4);
    await history(7, 60, 4);
    await history(8, 10, 100);
    await seedTour({
        id: 't10-old',
        number: '10',
        day: berlinDay(-40),
        vehicle: 'veh-a',
        state: 'FINISHED',
        analytics: figures({}),
    });
    await addFixtureUsers(t.db, [
        {
            key: 'driverA',
            type: 'Driver',
            email: 'driver.a@fixture.test',
            tenantId: ids.north,
            roles: [],
        },
    ]);
    await t.db
        .update(tours)
        .set({
            driverId: 'user-driverA',
            plannedStart: at('06:00:00'),
            startedAt: at('06:35:00'),
            finishedAt: at('12:40:00'),
            lastEventAt: at('12:20:00'),
            waypointsDone: 8,
            waypointsTotal: 8,
            jobsSuccessful: 9,
            jobsFailed: 1,
            jobsTotal: 10,
            distanceMetres: 42_000,
            sequenceFidelity: 62.5,
        })
        .where(eq(tours.id, 't10'));
    await t.db
        .update(tours)
        .set({ plannedStart: at('06:30:00'), waypointsTotal: 5, jobsTotal: 6 })
        .where(eq(tours.id, 't11'));
    const review = (id: string, tourId: string, stars: number) => ({
        id,
        tenantId: ids.north,
        depotId: ids.berlin,
        scopePath: paths.sucoBerlin,
        tourId,
        stars,
        createdAt: at('14:00:00'),
    });
    // 13 / 3 = 4.33 stars.
    await t.db
        .insert(consigneeReviews)
        .values([review('r1', 't10', 5), review('r2', 't10', 4), review('r3', 't10', 4)]);
    await seedLocations();
}

/** Tour 10's stops, positions (every 10 s for two minutes) and app events; old tour 10's positions. */
async function seedLocations() {
    const stop = (n: number, ata: string | null, departed: string | null) => ({
        id: `t10-w${n}`,
        tenantId: ids.north,
        tourId: 't10',
        stopKey: `k${n}`,
        plannedSequence: n,
        drivenSequence: ata ? n : null,
        state: ata ? ('DONE' as const) : ('OPEN' as const),
        latitude: 52.52 + n / 100,
        longitude: 13.405,
        street: `Street ${n}`,
        houseNo: '1',
        postcode: '10115',
        locality: 'Berlin',
        countryCode: 'DE',
        ata: ata ? at(ata) : null,
        departedAt: departed ? at(departed) : null,
    });
    await t.db.insert(waypoints).values([stop(2, null, null), stop(1, '08:01:00', '08:06:30')]);
    const old = berlinDay(-40);
    await makeDayPartitions(t.db, old, old);
    await makeDayPartitions(t.db, D, D);
    const position = (tourId: string, occurredAt: Date, n: number) => ({
        tenantId: ids.north,
        vehicleId: 'veh-a',
        tourId,
        occurredAt,
        latitude: 52.52 + n / 10_000,
        longitude: 13.405,
        sourceKey: 'test',
        eventId: `${tourId}-p${n}`,
    });
    await t.db.insert(positions).values([
        // 08:00:05 … 08:02:05: 13 positions in five 30-second slots.
        ...Array.from({ length: 13 }, (_, n) =>
            position('t10', new Date(at('08:00:05').getTime() + n * 10_000), n),
        ),
        position('t10-old', at('08:00:00', old), 0),
    ]);
    const event = (type: string, time: string, payload: Record<string, unknown> = {}) => ({
        tenantId: ids.north,
        depotId: ids.berlin,
        scopePath: paths.sucoBerlin,
        vehicleId: 'veh-a',
        tourId: 't10',
        type,
        occurredAt: at(time),
        payload,
    });
    await insertDriverAppEvents(t.db, [
        event('LOGIN', '05:55:00', { device: { model: 'Zebra TC58', appVersion: '7.2.0' } }),
        event('APP_STATE', '08:30:00', { appState: 'BACKGROUND' }),
        event('SCAN', '08:35:00'),
        event('APP_STATE', '08:45:00', { appState: 'FOREGROUND' }),
        event('LOGOUT', '12:00:00'),
        event('LOGIN', '12:10:00', { device: { model: 'Pixel 8' } }),
    ]);
}

async function signIn() {
    const all = [
        'r:tour-activity',
        'r:rtt',
        'r:tour-activity-recommendations',
        'r:tour-activity-full',
        'r:tour-location-history',
    ];
    await addFixtureUsers(
        t.db,
        [
            {
                key: 'basic',
                type: 'BackofficeManager',
                email: 'basic@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-activity', scopePath: paths.berlin }],
            },
            {
                key: 'full',
                type: 'BackofficeManager',
                email: 'full@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-activity-all', scopePath: paths.berlin }],
            },
            {
                key: 'hamburg',
                type: 'BackofficeManager',
                email: 'hamburg@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-activity-all', scopePath: paths.hamburg }],
            },
            // RTT only for Spree Kurier's tours.
            {
                key: 'mixed',
                type: 'BackofficeManager',
                email: 'mixed@fixture.test',
                tenantId: ids.north,
                roles: [
                    { roleId: 'role-activity', scopePath: paths.berlin },
                    { roleId: 'role-rtt', scopePath: paths.sucoBerlin },
                ],
            },
            {
                key: 'suco',
                type: 'SubContractorUser',
                email: 'suco@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-suco-activity', scopePath: paths.sucoBerlin }],
            },
        ],
        [
            {
                id: 'role-activity',
                name: 'Activity',
                contexts: ['DEPOT'],
                actions: ['r:tour-activity'],
            },
            { id: 'role-activity-all', name: 'Activity all', contexts: ['DEPOT'], actions: all },
            {
                id: 'role-rtt',
                name: 'RTT',
                contexts: ['DEPOT'],
                actions: ['r:tour-activity', 'r:rtt'],
            },
            {
                id: 'role-suco-activity',
                name: 'SuCo activity',
                contexts: ['SUBCONTRACTOR'],
                actions: all,
            },
        ],
    );
    const clientId = t.config.identity.clientId;
    for (const key of ['basic', 'full', 'hamburg', 'mixed', 'suco'])
        tokens[key] = await accessTokenFor(t.app, `${key}@fixture.test`, clientId);
    tokens.groupManager = await accessTokenFor(t.app, 'group.manager@fixture.test', clientId);
}

beforeAll(async () => {
    t = await createTestApp();
    await seedWorld();
    await signIn();
});
afterAll(async () => {
    await t.close();
});

type Refusal = { code?: string; message?: string; details?: { field?: string }[] };

async function get<T>(who: string, url: string) {
    const answer = await t.app.inject({
        method: 'GET',
        url: `/tour-commander/v1${url}`,
        headers: { authorization: `Bearer ${tokens[who]}` },
    });
    return { status: answer.statusCode, body: answer.json<T & Refusal>() };
}

const dayUrl = (date?: string, path = paths.berlin) =>
    `/tour-activities?path=${encodeURIComponent(path)}${date ? `&date=${date}` : ''}`;
const tourUrl = (tourId: string, rest = '', path = paths.berlin) =>
    `/tour-activities/${tourId}${rest}?path=${encodeURIComponent(path)}`;
const byId = (list: TourActivityList) => new Map(list.tours.map((tour) => [tour.id, tour]));

describe("the depot's day", () => {
    it('lists every tour of the day in tour number order, started or not, without the extras', async () => {
        const { status, body } = await get<TourActivityList>('basic', dayUrl(D));
        expect(status).toBe(200);
        expect(body.date).toBe(D);
        expect(body.timeZone).toBe('Europe/Berlin');
        expect(body.rights).toEqual({
            rtt: false,
            recommendations: false,
            full: false,
            locationHistory: false,
        });
        expect(body.tours.map((tour) => tour.tourNumber)).toEqual(['9', '10', '11']);
        const tour10 = byId(body).get('t10');
        expect(tour10).toEqual({
            id: 't10',
            tourDate: D,
            tourNumber: '10',
            vehicleNumber: '1234',
            driverName: 'driverA Fixture',
            subcontractorName: 'Spree Kurier',
            state: 'FINISHED',
            waypointsDone: 8,
            waypointsTotal: 8,
            jobsSuccessful: 9,
            jobsFailed: 1,
            jobsTotal: 10,
            appUsage: 'LOW',
            appForegroundMinutes: 42,
            sequenceFidelity: 62.5,
            sequenceAdherence: 0.125,
            starRating: 4.3,
            reviewCount: 3,
            analysedAt: `${D}T13:00:00.000Z`,
        });
        expect(byId(body).get('t9')).toMatchObject({
            subcontractorName: 'Havel Express',
            appUsage: 'NORMAL',
            appForegroundMinutes: 300,
            starRating: null,
            reviewCount: 0,
        });
    });

    it('answers a tour that did not start as not using the app, without figures', async () => {
        const { body } = await get<TourActivityList>('full', dayUrl(D));
        expect(byId(body).get('t11')).toEqual({
            id: 't11',
            tourDate: D,
            tourNumber: '11',
            vehicleNumber: '1234',
            driverName: null,
            subcontractorName: 'Spree Kurier',
            state: 'NOT_STARTED',
            waypointsDone: 0,
            waypointsTotal: 5,
            jobsSuccessful: 0,
            jobsFailed: 0,
            jobsTotal: 6,
            appUsage: 'NOT_USED',
            appForegroundMinutes: null,
            sequenceFidelity: null,
            sequenceAdherence: null,
            starRating: null,
            reviewCount: 0,
            analysedAt: null,
            rtt: { category: null, sevenDayCategory: null, sevenDayAverageMinutes: null },
            recommendations: [],
            full: {
                logins: 0,
                loginDevices: 0,
                sequenceRequests: 0,
                startDelayMinutes: null,
                plannedStart: `${D}T06:30:00.000Z`,
                startedAt: null,
                finishedAt: null,
                serviceMinutes: null,
                drivingMinutes: null,
                breakMinutes: null,
                distanceMetres: 0,
                etaDeviation: { averageMinutes: null, stops: 0 },
                missedWindows: { total: 0, byCause: noCauses },
            },
        });
    });

    it('answers the RTT category, the recommendations and the full figures with their rights', async () => {
        const { body } = await get<TourActivityList>('full', dayUrl(D));
        expect(body.rights).toEqual({
            rtt: true,
            recommendations: true,
            full: true,
            locationHistory: true,
        });
        const tour10 = byId(body).get('t10') as TourActivity;
        // D−7…D−1: (100 × 2 + 40 × 4 + 60 × 4) / 10 stops = 60 minutes: Medium; D itself
        // (95 minutes) does not count there, but over 90 it shows the Medium tour Blocked.
        expect(tour10.rtt).toEqual({
            category: 'BLOCKED',
            sevenDayCategory: 'MEDIUM',
            sevenDayAverageMinutes: 60,
        });
        expect(tour10.recommendations).toEqual(tour10Figures.recommendations);
        expect(tour10.full).toEqual({
            logins: 2,
            loginDevices: 2,
            sequenceRequests: 1,
            startDelayMinutes: 35,
            plannedStart: `${D}T06:00:00.000Z`,
            startedAt: `${D}T06:35:00.000Z`,
            finishedAt: `${D}T12:40:00.000Z`,
            serviceMinutes: 120,
            drivingMinutes: 200,
            breakMinutes: 30,
            distanceMetres: 42_000,
            etaDeviation: { averageMinutes: 95, stops: 4 },
            missedWindows: { total: 2, byCause: { ...noCauses, LATE_DEPARTURE: 1, TRAFFIC: 1 } },
        });
        // Tour 9 ran on D only: no day before it to judge by.
        expect(byId(body).get('t9')?.rtt).toEqual({
            category: null,
            sevenDayCategory: null,
            sevenDayAverageMinutes: null,
        });
    });

    it('answers an extra only for the tours the right covers', async () => {
        const { body } = await get<TourActivityList>('mixed', dayUrl(D));
        expect(body.rights).toEqual({
            rtt: true,
            recommendations: false,
            full: false,
            locationHistory: false,
        });
        const tours = byId(body);
        expect(tours.get('t10')?.rtt?.category).toBe('BLOCKED');
        expect('rtt' in (tours.get('t9') ?? {})).toBe(false);
    });

    it("shows a subcontractor user their subcontractor's tours only", async () => {
        const { status, body } = await get<TourActivityList>('suco', dayUrl(D));
        expect(status).toBe(200);
        expect(body.tours.map((tour) => tour.id)).toEqual(['t10', 't11']);
        expect(body.rights.full).toBe(true);
    });

    it('answers a day without tours with an empty list, and today without a date', async () => {
        const empty = await get<TourActivityList>('full', dayUrl(berlinDay(-2)));
        expect(empty).toEqual({
            status: 200,
            body: expect.objectContaining({ date: berlinDay(-2), tours: [] }),
        });
        const today = await get<TourActivityList>('full', dayUrl());
        expect(today.status).toBe(200);
        expect(today.body.date).toBe(berlinDay(0));
    });

    it('refuses a date in the future or malformed, naming the field', async () => {
        for (const date of [berlinDay(1), '2026-02-30', 'yesterday']) {
            const { status, body } = await get<TourActivityList>('full', dayUrl(date));
            expect({ date, status, fields: body.details?.map((d) => d.field) }).toEqual({
                date,
                status: 400,
                fields: ['/querystring/date'],
            });
        }
    });

    it('refuses a caller without r:tour-activity, or at another depot', async () => {
        const noRight = await get('groupManager', dayUrl(D));
        expect([noRight.status, noRight.body.code]).toEqual([403, 'NO_PERMISSION']);
        const elsewhere = await get('hamburg', dayUrl(D));
        expect([elsewhere.status, elsewhere.body.code]).toEqual([403, 'CHANGE_SCOPE']);
        const hamburg = await get<TourActivityList>('hamburg', dayUrl(D, paths.hamburg));
        expect(hamburg.body.tours.map((tour) => tour.id)).toEqual(['h1']);
    });
});

describe('one tour', () => {
    it('answers the row and the figures its recommendations are drawn from', async () => {
        const { status, body } = await get<TourActivityDetail>('full', tourUrl('t10'));
        expect(status).toBe(200);
        expect(body.tour.rtt?.category).toBe('BLOCKED');
        expect(body.tour.recommendations).toHaveLength(4);
        expect(body.recommendationFigures).toEqual({
            startedBeforeSequence: false,
            firstWaypointChanges: 1,
            sequenceRequests: 1,
            appForegroundMinutes: 42,
            sequenceFidelity: 62.5,
            timeFrames: { driver: { total: 1, missed: 0 }, system: { total: 4, missed: 2 } },
            logins: 2,
            loginDevices: 2,
            startDelayMinutes: 35,
            plannedStart: `${D}T06:00:00.000Z`,
            startedAt: `${D}T06:35:00.000Z`,
        });
    });

    it('answers neither extras nor figures without the rights', async () => {
        const { body } = await get<TourActivityDetail>('basic', tourUrl('t10'));
        expect(body.tour.starRating).toBe(4.3);
        expect(Object.keys(body).sort()).toEqual(['rights', 'timeZone', 'tour']);
        expect(['rtt', 'recommendations', 'full'].filter((k) => k in body.tour)).toEqual([]);
    });

    it('answers an unknown tour, another depot’s and another subcontractor’s alike', async () => {
        const answers = [
            await get('full', tourUrl('no-such-tour')),
            await get('full', tourUrl('h1')),
            await get('suco', tourUrl('t9')),
            await get('hamburg', tourUrl('t10', '', paths.hamburg)),
        ];
        expect(
            answers.map(({ status, body }) => [status, body.code, body.message?.split(' ')[2]]),
        ).toEqual(Array(4).fill([404, 'TOUR_ACTIVITY_NOT_FOUND', 'was']));
    });
});

describe('the location history', () => {
    it('answers positions at most one per 30 s, the stops, app stretches and logins', async () => {
        const { status, body } = await get<TourLocationHistory>(
            'full',
            tourUrl('t10', '/location-history'),
        );
        expect(status).toBe(200);
        expect(body.positions.map((p) => p.at.slice(11, 19))).toEqual([
            '08:00:05',
            '08:00:35',
            '08:01:05',
            '08:01:35',
            '08:02:05',
        ]);
        expect(body.positions[1]).toEqual({
            at: `${D}T08:00:35.000Z`,
            latitude: 52.52 + 3 / 10_000,
            longitude: 13.405,
        });
        expect(body.stops.map((s) => [s.plannedSequence, s.state, s.ata, s.departedAt])).toEqual([
            [1, 'DONE', `${D}T08:01:00.000Z`, `${D}T08:06:30.000Z`],
            [2, 'OPEN', null, null],
        ]);
        // The last foreground stretch ends at the finish (12:40), later than the last event (12:20).
        expect(
            body.appStretches.map((s) => [s.state, s.from.slice(11, 16), s.to.slice(11, 16)]),
        ).toEqual([
            ['FOREGROUND', '05:55', '08:30'],
            ['BACKGROUND', '08:30', '08:45'],
            ['FOREGROUND', '08:45', '12:00'],
            ['FOREGROUND', '12:10', '12:40'],
        ]);
        expect(body.logins).toEqual([
            { at: `${D}T05:55:00.000Z`, deviceModel: 'Zebra TC58', appVersion: '7.2.0' },
            { at: `${D}T12:10:00.000Z`, deviceModel: 'Pixel 8', appVersion: null },
        ]);
        expect(body.depotLocation).toEqual({ latitude: 52.52, longitude: 13.405 });
    });

    it('answers TOUR_LOCATION_HISTORY_NOT_FOUND without positions or past the retention', async () => {
        for (const tourId of ['t9', 't10-old']) {
            const { status, body } = await get('full', tourUrl(tourId, '/location-history'));
            expect([tourId, status, body.code]).toEqual([
                tourId,
                404,
                'TOUR_LOCATION_HISTORY_NOT_FOUND',
            ]);
        }
        const unknown = await get('full', tourUrl('nope', '/location-history'));
        expect([unknown.status, unknown.body.code]).toEqual([404, 'TOUR_ACTIVITY_NOT_FOUND']);
    });

    it('needs r:tour-location-history', async () => {
        const { status, body } = await get('basic', tourUrl('t10', '/location-history'));
        expect([status, body.code]).toEqual([403, 'NO_PERMISSION']);
        const own = await get('suco', tourUrl('t10', '/location-history'));
        expect(own.status).toBe(200);
        const foreign = await get('suco', tourUrl('t9', '/location-history'));
        expect([foreign.status, foreign.body.code]).toEqual([404, 'TOUR_ACTIVITY_NOT_FOUND']);
    });
});
