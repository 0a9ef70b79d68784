import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriverAppEvent } from '../../domain/contracts/driver-app-ingestion.js';
import type { ImportJob, ImportTour } from '../../domain/contracts/job-import.js';
import type { TourDetail, TourListItem } from '../../domain/contracts/tours.js';
import { jobs, tourProcessingQueue, tours, users, vehicles } from '../../server/db/schema/index.js';
import { positions } from '../../server/db/schema/partitioned.js';
import { makeDayPartitions } from '../../server/services/tour-commander/partitions.js';
import { processQueuedTours } from '../../server/services/tour-commander/processing.js';
import { insertDriverAppEvents } from './helpers/driver-app-events.js';
import { accessTokenFor, addFixtureUsers, ids, paths, seedFixtures } from './helpers/fixtures.js';
import { machineTokenFor } from './helpers/machine-fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The admin's tour pages (issue 14 part 6): the tour list of every organisation with its
 * filters, sorts and pages, and one tour with its waypoints, jobs, vehicle state, events and
 * driven path. The world is made through the job import and the driver-app ingestion; only the
 * bulk of raw events and positions (the event limit, the path's thinning) is written directly.
 */

let t: TestApp;
let adminToken: string;
const DAY_MS = 86_400_000;
const berlinDay = (offsetDays: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
        new Date(Date.now() + offsetDays * DAY_MS),
    );
const TODAY = berlinDay(0);
const YESTERDAY = berlinDay(-1);
const LONG_AGO = berlinDay(-40);
// One reference instant for the events written and the times expected: a minute boundary
// passing between the two must not matter.
const NOW = Date.now();
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();
/** Days after `day` (YYYY-MM-DD), by the calendar. */
const plusDays = (day: string, days: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const PLANNED_START = `${TODAY}T06:30:00.000Z`;

/** Tour ids by `<depot> <date> <number>`. */
const tourIds = new Map<string, string>();
const tourId = (key: string) => {
    const id = tourIds.get(key);
    if (!id) throw new Error(`no tour ${key}`);
    return id;
};

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

const job = (
    externalJobId: string,
    latitude: number,
    longitude: number,
    assignment: { depot: string; date: string; tour: string; sequence: number },
    parcels = 0,
): ImportJob => ({
    externalJobId,
    type: 'DELIVERY',
    address: {
        street: `Street ${externalJobId}`,
        postcode: '10115',
        countryCode: 'DE',
        latitude,
        longitude,
    },
    parcels: Array.from({ length: parcels }, (_, index) => ({
        parcelNumber: `${externalJobId}-P${index + 1}`,
    })),
    assignments: [
        {
            externalDepotId: assignment.depot,
            date: assignment.date,
            key: 'TOUR',
            value: assignment.tour,
            sequence: assignment.sequence,
        },
    ],
});

async function importJobs(tenantId: string, batch: { tours: ImportTour[]; jobs: ImportJob[] }) {
    const importer = (await machineTokenFor(t, tenantId, ['jobs:write'])).token;
    const answer = await t.app.inject({
        method: 'POST',
        url: '/data-gateway/api/v1/external/jobs',
        headers: { authorization: `Bearer ${importer}` },
        payload: batch,
    });
    expect(answer.json<{ rejected: unknown[] }>().rejected).toEqual([]);
}

async function postEvents(token: string, url: string, events: DriverAppEvent[]) {
    const answer = await t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}` },
        payload: { events },
    });
    expect(answer.json()).toEqual({ accepted: events.length, rejected: [] });
}

const jobId = async (externalJobId: string) =>
    (await t.db.select().from(jobs).where(eq(jobs.externalJobId, externalJobId)))[0]?.id ?? '';

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
    await t.db.insert(vehicles).values([
        {
            id: 'veh-1234',
            tenantId: ids.north,
            depotId: ids.berlin,
            subcontractorId: ids.sucoBerlin,
            number: '1234',
            scopePath: paths.sucoBerlin,
        },
        {
            id: 'veh-0007',
            tenantId: ids.north,
            depotId: ids.berlin,
            subcontractorId: ids.sucoBerlin,
            number: '0007',
            scopePath: paths.sucoBerlin,
        },
        {
            id: 'veh-0500',
            tenantId: ids.north1,
            depotId: ids.milan,
            subcontractorId: ids.sucoMilan,
            number: '0500',
            scopePath: `${paths.milan}.${ids.sucoMilan}`,
        },
    ]);
    // The Berlin depot is at 52.52, 13.405; Milan at 45.464, 9.19.
    await importJobs(ids.north, {
        tours: [
            {
                externalDepotId: '110',
                date: TODAY,
                tourNumber: '10',
                vehicleNumber: '1234',
                tourType: 'NTC',
                sequenceOptimisation: 'FREE',
                plannedStart: PLANNED_START,
            },
            {
                externalDepotId: '110',
                date: TODAY,
                tourNumber: '9',
                vehicleNumber: '0007',
                tourType: 'TCG',
                sequenceOptimisation: 'FIXED',
            },
            { externalDepotId: '110', date: YESTERDAY, tourNumber: '10', vehicleNumber: '1234' },
            { externalDepotId: '110', date: YESTERDAY, tourNumber: '12', vehicleNumber: '0007' },
            { externalDepotId: '110', date: LONG_AGO, tourNumber: '11', vehicleNumber: '1234' },
        ],
        jobs: [
            job('J1', 52.53, 13.405, { depot: '110', date: TODAY, tour: '10', sequence: 1 }, 2),
            job('J1b', 52.53, 13.405, { depot: '110', date: TODAY, tour: '10', sequence: 1 }, 1),
            job('J2', 52.54, 13.405, { depot: '110', date: TODAY, tour: '10', sequence: 2 }),
            job('J3', 52.55, 13.405, { depot: '110', date: TODAY, tour: '10', sequence: 3 }),
            job('N1', 52.53, 13.405, { depot: '110', date: TODAY, tour: '9', sequence: 1 }),
            job('Y1', 52.53, 13.405, { depot: '110', date: YESTERDAY, tour: '10', sequence: 1 }),
            job('Y2', 52.53, 13.405, { depot: '110', date: YESTERDAY, tour: '12', sequence: 1 }),
            job('L1', 52.53, 13.405, { depot: '110', date: LONG_AGO, tour: '11', sequence: 1 }),
        ],
    });
    await importJobs(ids.north1, {
        tours: [
            {
                externalDepotId: '200',
                date: TODAY,
                tourNumber: '2',
                vehicleNumber: '0500',
                tourType: 'USER',
                sequenceOptimisation: 'PREVIOUS',
            },
        ],
        jobs: [job('M1', 45.47, 9.19, { depot: '200', date: TODAY, tour: '2', sequence: 1 })],
    });
    for (const tour of await t.db.select().from(tours))
        tourIds.set(`${tour.depotId} ${tour.tourDate} ${tour.tourNumber}`, tour.id);

    // A driver of vehicle 1234 signs in to the app for today's tour 10.
    await addFixtureUsers(t.db, [
        {
            key: 'driver1234',
            type: 'Driver',
            email: 'driver.1234@fixture.test',
            tenantId: ids.north,
            roles: [],
        },
    ]);
    await t.db.update(users).set({ vehicleId: 'veh-1234' }).where(eq(users.id, 'user-driver1234'));
    const driverToken = await accessTokenFor(
        t.app,
        'driver.1234@fixture.test',
        t.config.identity.clientId,
    );
    const tour10 = tourId(`${ids.berlin} ${TODAY} 10`);
    await postEvents(driverToken, '/tour-commander/v1/driver-app/events', [
        {
            eventId: 'login',
            type: 'LOGIN',
            occurredAt: minutesAgo(45),
            tourId: tour10,
            device: { appVersion: '7.2.0' },
        },
        {
            eventId: 'fg',
            type: 'APP_STATE',
            occurredAt: minutesAgo(44),
            tourId: tour10,
            appState: 'FOREGROUND',
            battery: 80,
        },
        {
            eventId: 'scan',
            type: 'SCAN',
            occurredAt: minutesAgo(43),
            tourId: tour10,
            jobId: 'J1',
            parcelNumber: 'J1-P1',
        },
    ]);
    const integrator = (await machineTokenFor(t, ids.north, ['events:write'])).token;
    const external = '/tour-commander/v1/external/driver-app/events';
    await postEvents(integrator, external, [
        {
            eventId: 'a1',
            type: 'POSITION',
            occurredAt: minutesAgo(40),
            tourId: tour10,
            position: { latitude: 52.525, longitude: 13.405, speed: 9 },
        },
        {
            eventId: 'a2',
            type: 'POSITION',
            occurredAt: minutesAgo(35),
            tourId: tour10,
            position: { latitude: 52.53, longitude: 13.405, speed: 0 },
        },
        {
            eventId: 'a3',
            type: 'STATUS_CHANGE',
            occurredAt: minutesAgo(34),
            tourId: tour10,
            jobId: 'J1',
            outcome: 'DELIVERED_TO_CONSIGNEE',
        },
        {
            eventId: 'a4',
            type: 'STATUS_CHANGE',
            occurredAt: minutesAgo(33),
            tourId: tour10,
            jobId: 'J1b',
            outcome: 'DELIVERED_TO_NEIGHBOUR',
        },
        {
            eventId: 'a5',
            type: 'POSITION',
            occurredAt: minutesAgo(30),
            tourId: tour10,
            position: { latitude: 52.54, longitude: 13.405, speed: 0 },
        },
        {
            eventId: 'a6',
            type: 'STATUS_CHANGE',
            occurredAt: minutesAgo(29),
            tourId: tour10,
            jobId: 'J2',
            outcome: 'DELIVERY_FAILED',
            reason: 'ABSENT',
        },
        {
            eventId: 'a7',
            type: 'POSITION',
            occurredAt: minutesAgo(25),
            tourId: tour10,
            position: { latitude: 52.545, longitude: 13.405, speed: 8 },
        },
    ]);
    // Today's tour 9 started before tour 10, delivered its one stop and came back: finished.
    const tour9 = tourId(`${ids.berlin} ${TODAY} 9`);
    await postEvents(integrator, external, [
        {
            eventId: 'b1',
            type: 'POSITION',
            occurredAt: minutesAgo(50),
            tourId: tour9,
            position: { latitude: 52.525, longitude: 13.405, speed: 9 },
        },
        {
            eventId: 'b2',
            type: 'POSITION',
            occurredAt: minutesAgo(48),
            tourId: tour9,
            position: { latitude: 52.53, longitude: 13.405, speed: 0 },
        },
        {
            eventId: 'b3',
            type: 'STATUS_CHANGE',
            occurredAt: minutesAgo(47),
            tourId: tour9,
            jobId: 'N1',
            outcome: 'DELIVERED_TO_CONSIGNEE',
        },
        {
            eventId: 'b4',
            type: 'POSITION',
            occurredAt: minutesAgo(42),
            tourId: tour9,
            position: { latitude: 52.5201, longitude: 13.405, speed: 0 },
        },
    ]);
    await settle();
    adminToken = await accessTokenFor(t.app, 'admin@fixture.test', t.config.identity.clientId);
});
afterAll(async () => {
    await t.close();
});

const encode = (value: unknown) => encodeURIComponent(JSON.stringify(value));

async function list(
    filter: object,
    sort: [string, 'ASC' | 'DESC'] = ['tourNumber', 'ASC'],
    range?: [number, number],
    token = adminToken,
) {
    const query = [`filter=${encode(filter)}`, `sort=${encode(sort)}`];
    if (range) query.push(`range=${encode(range)}`);
    const answer = await t.app.inject({
        method: 'GET',
        url: `/tour-commander/v1/tours?${query.join('&')}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return {
        status: answer.statusCode,
        range: answer.headers['content-range'],
        body: answer.json<TourListItem[] & { code?: string; details?: { field: string }[] }>(),
    };
}

/** The tours of a list answer as `<depot external id>/<date>/<number>`. */
const names = (rows: TourListItem[]) =>
    rows.map(
        (row) =>
            `${row.depot.externalId}/${row.tourDate === TODAY ? 'today' : row.tourDate === YESTERDAY ? 'yesterday' : row.tourDate}/${row.tourNumber}`,
    );

describe('the tour list', () => {
    it('answers the tours of every organisation on a day, with their figures', async () => {
        const { status, body, range } = await list({ date: TODAY });
        expect(status).toBe(200);
        // Tour numbers sort naturally: 2, 9, 10.
        expect(names(body)).toEqual(['200/today/2', '110/today/9', '110/today/10']);
        expect(range).toBe('tours 0-2/3');
        expect(body[2]).toEqual({
            id: tourId(`${ids.berlin} ${TODAY} 10`),
            tourDate: TODAY,
            tourNumber: '10',
            organisation: { id: 'north', name: 'North Parcel' },
            depot: {
                id: 'dep-berlin',
                externalId: '110',
                name: 'Berlin',
                timeZone: 'Europe/Berlin',
            },
            vehicleNumber: '1234',
            driverName: 'driver1234 Fixture',
            subcontractorName: 'Spree Kurier',
            tourType: 'NTC',
            sequenceOptimisation: 'FREE',
            state: 'ON_ROAD',
            plannedStart: PLANNED_START,
            // Started at its first scan (before its first position away from the depot).
            startedAt: expect.stringMatching(new RegExp(`^${minutesAgo(43).slice(0, 16)}`)),
            finishedAt: null,
            waypointsDone: 2,
            waypointsTotal: 3,
            jobsSuccessful: 2,
            jobsFailed: 1,
            jobsTotal: 4,
            distanceMetres: expect.any(Number),
            lastEventAt: expect.stringMatching(new RegExp(`^${minutesAgo(25).slice(0, 16)}`)),
            projectedFinishAt: expect.any(String),
        });
        // Between its positions: 0.02° of latitude, 2,224 m (111.2 km a degree).
        expect(body[2]?.distanceMetres).toBeGreaterThan(2200);
        expect(body[2]?.distanceMetres).toBeLessThan(2250);
        expect(body[0]).toMatchObject({
            organisation: { id: 'north1', name: 'North One Italia' },
            depot: { id: 'dep-milan', externalId: '200', name: 'Milano', timeZone: 'Europe/Rome' },
            vehicleNumber: '0500',
            driverName: null,
            subcontractorName: 'Navigli Trasporti',
            tourType: 'USER',
            sequenceOptimisation: 'PREVIOUS',
            state: 'NOT_STARTED',
            startedAt: null,
            waypointsDone: 0,
            waypointsTotal: 1,
        });
        expect(body[1]).toMatchObject({ state: 'FINISHED', waypointsDone: 1, waypointsTotal: 1 });
        expect(body[1]?.finishedAt).toMatch(new RegExp(`^${minutesAgo(42).slice(0, 16)}`));
    });

    it('filters by organisation, depot, type and state', async () => {
        expect(names((await list({ date: TODAY, tenantId: 'north1' })).body)).toEqual([
            '200/today/2',
        ]);
        expect(names((await list({ date: TODAY, tenantId: 'north' })).body)).toEqual([
            '110/today/9',
            '110/today/10',
        ]);
        expect(names((await list({ date: TODAY, depotId: 'dep-milan' })).body)).toEqual([
            '200/today/2',
        ]);
        expect(names((await list({ date: TODAY, tourType: 'TCG' })).body)).toEqual(['110/today/9']);
        expect(names((await list({ date: TODAY, state: 'ON_ROAD' })).body)).toEqual([
            '110/today/10',
        ]);
        expect(names((await list({ date: TODAY, depotId: 'dep-hamburg' })).body)).toEqual([]);
        // Another day's tours are another day's.
        expect(names((await list({ date: YESTERDAY })).body)).toEqual([
            '110/yesterday/10',
            '110/yesterday/12',
        ]);
    });

    it('reads a range of days of at most 31 days', async () => {
        const recent = await list({ from: YESTERDAY, to: TODAY, depotId: 'dep-berlin' }, [
            'tourDate',
            'DESC',
        ]);
        expect(names(recent.body)).toEqual([
            '110/today/9',
            '110/today/10',
            '110/yesterday/10',
            '110/yesterday/12',
        ]);
        const longest = await list({ from: LONG_AGO, to: plusDays(LONG_AGO, 30) });
        expect(names(longest.body)).toEqual([`110/${LONG_AGO}/11`]);
        const tooLong = await list({ from: plusDays(LONG_AGO, -1), to: plusDays(LONG_AGO, 30) });
        expect([tooLong.status, tooLong.body.code, tooLong.body.details?.[0]?.field]).toEqual([
            400,
            'BAD_REQUEST',
            '/querystring/filter/to',
        ]);
        const backwards = await list({ from: TODAY, to: YESTERDAY });
        expect([backwards.status, backwards.body.details?.[0]?.field]).toEqual([
            400,
            '/querystring/filter/to',
        ]);
    });

    it('refuses a list without a date, a day that does not exist and unknown filters', async () => {
        const cases: [object, string][] = [
            [{}, '/querystring/filter/from'],
            [{ tenantId: 'north' }, '/querystring/filter/from'],
            [{ from: TODAY }, '/querystring/filter/to'],
            [{ date: '2026-02-30' }, '/querystring/filter/date'],
            [{ date: TODAY, from: TODAY, to: TODAY }, '/querystring/filter/date'],
            [{ date: 'today' }, '/querystring/filter/date'],
            [{ date: TODAY, state: 'LOST' }, '/querystring/filter/state'],
            [{ date: TODAY, vehicle: '1234' }, '/querystring/filter/vehicle'],
        ];
        for (const [filter, field] of cases) {
            const { status, body } = await list(filter);
            expect([status, body.code, body.details?.[0]?.field], JSON.stringify(filter)).toEqual([
                400,
                'BAD_REQUEST',
                field,
            ]);
        }
        const badSort = await list({ date: TODAY }, ['vehicleNumber', 'ASC']);
        expect([badSort.status, badSort.body.details?.[0]?.field]).toEqual([
            400,
            '/querystring/sort',
        ]);
    });

    it('sorts by date, number, depot, state, progress, start and finish', async () => {
        const sorted = async (field: string, order: 'ASC' | 'DESC') =>
            names((await list({ date: TODAY }, [field, order])).body);
        expect(await sorted('tourNumber', 'DESC')).toEqual([
            '110/today/10',
            '110/today/9',
            '200/today/2',
        ]);
        // Ties in the sorted column go by depot and tour number.
        expect(await sorted('depot', 'ASC')).toEqual([
            '110/today/9',
            '110/today/10',
            '200/today/2',
        ]);
        expect(await sorted('depot', 'DESC')).toEqual([
            '200/today/2',
            '110/today/9',
            '110/today/10',
        ]);
        // States in their order on the road: not started, on the road, finished.
        expect(await sorted('state', 'ASC')).toEqual([
            '200/today/2',
            '110/today/10',
            '110/today/9',
        ]);
        // Done waypoints of all: 0 of 1, 2 of 3, 1 of 1.
        expect(await sorted('progress', 'ASC')).toEqual([
            '200/today/2',
            '110/today/10',
            '110/today/9',
        ]);
        expect(await sorted('progress', 'DESC')).toEqual([
            '110/today/9',
            '110/today/10',
            '200/today/2',
        ]);
        // Tours not started (not finished) last in both directions.
        expect(await sorted('startedAt', 'ASC')).toEqual([
            '110/today/9',
            '110/today/10',
            '200/today/2',
        ]);
        expect(await sorted('startedAt', 'DESC')).toEqual([
            '110/today/10',
            '110/today/9',
            '200/today/2',
        ]);
        expect(await sorted('finishedAt', 'DESC')).toEqual([
            '110/today/9',
            '110/today/10',
            '200/today/2',
        ]);
        expect(await sorted('tourDate', 'ASC')).toEqual([
            '110/today/9',
            '110/today/10',
            '200/today/2',
        ]);
    });

    it('answers pages with the total in Content-Range', async () => {
        const second = await list({ date: TODAY }, ['tourNumber', 'ASC'], [1, 1]);
        expect([names(second.body), second.range]).toEqual([['110/today/9'], 'tours 1-1/3']);
        const beyond = await list({ date: TODAY }, ['tourNumber', 'ASC'], [5, 9]);
        expect([beyond.body, beyond.range]).toEqual([[], 'tours */3']);
    });

    it('is for admins only', async () => {
        for (const email of [
            'org.admin@fixture.test',
            'tenant.user@fixture.test',
            'group.manager@fixture.test',
            'suco.user@fixture.test',
        ]) {
            const token = await accessTokenFor(t.app, email, t.config.identity.clientId);
            const { status, body } = await list({ date: TODAY }, undefined, undefined, token);
            expect([status, body.code], email).toEqual([403, 'NO_PERMISSION']);
            const detail = await t.app.inject({
                method: 'GET',
                url: `/tour-commander/v1/tours/${tourId(`${ids.berlin} ${TODAY} 10`)}`,
                headers: { authorization: `Bearer ${token}` },
            });
            expect([detail.statusCode, detail.json<{ code: string }>().code], email).toEqual([
                403,
                'NO_PERMISSION',
            ]);
        }
        const anonymous = await list({ date: TODAY }, undefined, undefined, '');
        expect(anonymous.status).toBe(401);
    });
});

async function detail(id: string) {
    const answer = await t.app.inject({
        method: 'GET',
        url: `/tour-commander/v1/tours/${id}`,
        headers: { authorization: `Bearer ${adminToken}` },
    });
    return { status: answer.statusCode, body: answer.json<TourDetail & { code?: string }>() };
}

describe('one tour', () => {
    it('answers its waypoints in planned order, its jobs, the vehicle, its events and its path', async () => {
        const id = tourId(`${ids.berlin} ${TODAY} 10`);
        const { status, body } = await detail(id);
        expect(status).toBe(200);
        expect(body).toMatchObject({
            id,
            tourNumber: '10',
            state: 'ON_ROAD',
            waypointsDone: 2,
            depotLocation: { latitude: 52.52, longitude: 13.405 },
        });
        expect(
            body.waypoints.map((w) => [
                w.plannedSequence,
                w.state,
                w.drivenSequence,
                w.confirmation,
                w.latitude,
                w.street,
                w.jobsTotal,
                w.jobsSuccessful,
                w.jobsFailed,
                w.ata !== null,
                w.eta !== null,
            ]),
        ).toEqual([
            [1, 'DONE', 1, 'DRIVER', 52.53, 'Street J1', 2, 2, 0, true, false],
            [2, 'DONE', 2, 'DRIVER', 52.54, 'Street J2', 1, 0, 1, true, false],
            [3, 'CURRENT', null, null, 52.55, 'Street J3', 1, 0, 0, false, true],
        ]);
        const [first, second] = body.waypoints;
        expect(
            body.jobs.map((j) => [
                j.externalJobId,
                j.type,
                j.state,
                j.outcome,
                j.reason,
                j.parcels,
                j.waypointId,
                j.statusAt !== null,
            ]),
        ).toEqual([
            ['J1', 'DELIVERY', 'DONE', 'DELIVERED_TO_CONSIGNEE', null, 2, first?.id, true],
            ['J1b', 'DELIVERY', 'DONE', 'DELIVERED_TO_NEIGHBOUR', null, 1, first?.id, true],
            ['J2', 'DELIVERY', 'DONE', 'DELIVERY_FAILED', 'ABSENT', 0, second?.id, true],
            ['J3', 'DELIVERY', 'ON_TOUR', null, null, 0, body.waypoints[2]?.id, false],
        ]);
        expect(body.vehicleState).toMatchObject({
            tourId: id,
            latitude: 52.545,
            longitude: 13.405,
            speed: 8,
            battery: 80,
            appState: 'FOREGROUND',
            lastEventType: 'POSITION',
        });
        // Newest first; positions are the path, not events.
        expect(
            body.events.map((e) => [
                e.type,
                e.externalJobId,
                e.outcome,
                e.reason,
                e.appState,
                e.parcelNumber,
                e.appVersion,
            ]),
        ).toEqual([
            ['STATUS_CHANGE', 'J2', 'DELIVERY_FAILED', 'ABSENT', null, null, null],
            ['STATUS_CHANGE', 'J1b', 'DELIVERED_TO_NEIGHBOUR', null, null, null, null],
            ['STATUS_CHANGE', 'J1', 'DELIVERED_TO_CONSIGNEE', null, null, null, null],
            ['SCAN', 'J1', null, null, null, 'J1-P1', null],
            ['APP_STATE', null, null, null, 'FOREGROUND', null, null],
            ['LOGIN', null, null, null, null, null, '7.2.0'],
        ]);
        expect(body.events[0]?.jobId).toBe(await jobId('J2'));
        expect(body.drivenPath.map((p) => [p.latitude, p.at.slice(0, 16)])).toEqual([
            [52.525, minutesAgo(40).slice(0, 16)],
            [52.53, minutesAgo(35).slice(0, 16)],
            [52.54, minutesAgo(30).slice(0, 16)],
            [52.545, minutesAgo(25).slice(0, 16)],
        ]);
    });

    it('answers a tour not started yet with empty events and path', async () => {
        const { status, body } = await detail(tourId(`${ids.milan} ${TODAY} 2`));
        expect(status).toBe(200);
        expect([body.events, body.drivenPath, body.vehicleState]).toEqual([[], [], null]);
        expect(body.waypoints.map((w) => [w.plannedSequence, w.state])).toEqual([[1, 'OPEN']]);
        expect(body.jobs.map((j) => [j.externalJobId, j.state])).toEqual([['M1', 'OPEN']]);
        expect(body.depotLocation).toEqual({ latitude: 45.464, longitude: 9.19 });
    });

    it('keeps the newest 200 events and thins a long path to every third position, the last kept', async () => {
        const id = tourId(`${ids.berlin} ${YESTERDAY} 12`);
        // Yesterday 04:00 UTC on, 250 scans a minute apart; 4,500 positions 8 s apart.
        const start = Date.parse(`${YESTERDAY}T04:00:00Z`);
        await insertDriverAppEvents(
            t.db,
            Array.from({ length: 250 }, (_, index) => ({
                tenantId: ids.north,
                depotId: ids.berlin,
                scopePath: paths.sucoBerlin,
                vehicleId: 'veh-0007',
                tourId: id,
                type: 'SCAN',
                occurredAt: new Date(start + index * 60_000),
                payload: { parcelNumber: `P${index}` },
            })),
        );
        // Outside the tour's days (two days before, two days after): not its path.
        const outside = [plusDays(YESTERDAY, -2), plusDays(YESTERDAY, 2)];
        await makeDayPartitions(t.db, outside[0] as string, outside[1] as string);
        const rows = [
            ...Array.from({ length: 4500 }, (_, index) => ({
                at: new Date(start + index * 8_000),
                latitude: 52 + index / 10_000,
            })),
            ...outside.map((day) => ({ at: new Date(`${day}T12:00:00Z`), latitude: 60 })),
        ];
        for (let from = 0; from < rows.length; from += 500)
            await t.db.insert(positions).values(
                rows.slice(from, from + 500).map((row, index) => ({
                    tenantId: ids.north,
                    vehicleId: 'veh-0007',
                    tourId: id,
                    occurredAt: row.at,
                    latitude: row.latitude,
                    longitude: 13.4,
                    sourceKey: 'test',
                    eventId: `pos-${from + index}`,
                })),
            );
        const { body } = await detail(id);
        expect(body.events).toHaveLength(200);
        expect([body.events[0]?.parcelNumber, body.events[199]?.parcelNumber]).toEqual([
            'P249',
            'P50',
        ]);
        // 4,500 positions, at most 2,000 shown: every third (0, 3, …, 4497) and the last (4499).
        expect(body.drivenPath).toHaveLength(1501);
        expect(body.drivenPath[0]).toEqual({
            at: new Date(start).toISOString(),
            latitude: 52,
            longitude: 13.4,
        });
        expect(body.drivenPath[1]?.at).toBe(new Date(start + 3 * 8_000).toISOString());
        expect(body.drivenPath[1499]?.at).toBe(new Date(start + 4497 * 8_000).toISOString());
        expect(body.drivenPath[1500]?.at).toBe(new Date(start + 4499 * 8_000).toISOString());
        expect(body.drivenPath.some((point) => point.latitude === 60)).toBe(false);
    });

    it('answers 404 for an unknown tour and 400 for an id that cannot be one', async () => {
        const unknown = await detail('no-such-tour');
        expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
        const bad = await detail('bad%20id');
        expect(bad.status).toBe(400);
    });
});
