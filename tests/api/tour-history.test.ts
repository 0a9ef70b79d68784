import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TourHistory } from '../../domain/contracts/tour-history.js';
import {
    jobs,
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
 * One tour's driven history and analysis (issue 16 parts 3 and 4): the tour's figures, its stops
 * with three sequences, times, analytics columns and jobs, the driven path thinned to one
 * position per 15-second slot, the app's re-orders; r:tour-perf at the depot, scopes honoured,
 * tours older than 30 days answered TOUR_LOCATION_HISTORY_NOT_FOUND. Every row is written here
 * by hand (Berlin, depot 110), so the expected values are read off the rows below.
 */

let t: TestApp;
const tokens: Record<string, string> = {};

const DAY_MS = 86_400_000;
/** The Berlin calendar day `offset` days from today. */
const berlinDay = (offset: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
        new Date(Date.now() + offset * DAY_MS),
    );
const DAY = berlinDay(-3);
const at = (time: string, day = DAY) => new Date(`${day}T${time}.000Z`);
const OTHER_SUCO = 'suco-berlin-2';
const otherSucoPath = `${paths.berlin}.${OTHER_SUCO}`;
const HAMBURG_SUCO = 'suco-hamburg';
const hamburgSucoPath = `${paths.hamburg}.${HAMBURG_SUCO}`;

const tour = (
    id: string,
    fields: Partial<typeof tours.$inferInsert> & { tourDate: string },
): typeof tours.$inferInsert => ({
    id,
    tenantId: ids.north,
    depotId: ids.berlin,
    scopePath: paths.sucoBerlin,
    tourNumber: id,
    vehicleId: 'veh-a',
    subcontractorId: ids.sucoBerlin,
    // Not started: the analytics worker leaves them alone.
    state: 'NOT_STARTED',
    ...fields,
});

const stop = (
    id: string,
    plannedSequence: number,
    fields: Partial<typeof waypoints.$inferInsert> = {},
): typeof waypoints.$inferInsert => ({
    id,
    tenantId: ids.north,
    tourId: 'T1',
    stopKey: id,
    plannedSequence,
    street: `Street ${id}`,
    houseNo: '1',
    postcode: '10115',
    locality: 'Berlin',
    countryCode: 'DE',
    latitude: 52.5 + plannedSequence / 100,
    longitude: 13.4,
    ...fields,
});

const job = (
    id: string,
    waypointId: string | null,
    fields: Partial<typeof jobs.$inferInsert> = {},
): typeof jobs.$inferInsert => ({
    id,
    tenantId: ids.north,
    depotId: ids.berlin,
    scopePath: paths.sucoBerlin,
    externalJobId: id,
    type: 'DELIVERY',
    street: 'Street',
    postcode: '10115',
    countryCode: 'DE',
    contentHash: id,
    tourId: 'T1',
    waypointId,
    ...fields,
});

const position = (tourId: string, time: string, latitude: number) => ({
    tenantId: ids.north,
    vehicleId: 'veh-a',
    tourId,
    occurredAt: at(time),
    latitude,
    longitude: 13.4,
    sourceKey: 'test',
    eventId: randomUUID(),
});

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
    await t.db.insert(subcontractors).values([
        {
            id: OTHER_SUCO,
            tenantId: ids.north,
            depotId: ids.berlin,
            name: 'Havel Express',
            code: 'HE1',
            scopePath: otherSucoPath,
        },
        {
            id: HAMBURG_SUCO,
            tenantId: ids.north,
            depotId: ids.hamburg,
            name: 'Elbe Kurier',
            code: 'EK1',
            scopePath: hamburgSucoPath,
        },
    ]);
    await t.db.insert(vehicles).values([
        {
            id: 'veh-a',
            tenantId: ids.north,
            depotId: ids.berlin,
            subcontractorId: ids.sucoBerlin,
            number: '1234',
            scopePath: paths.sucoBerlin,
        },
        {
            id: 'veh-b',
            tenantId: ids.north,
            depotId: ids.berlin,
            subcontractorId: OTHER_SUCO,
            number: '2222',
            scopePath: otherSucoPath,
        },
        {
            id: 'veh-h',
            tenantId: ids.north,
            depotId: ids.hamburg,
            subcontractorId: HAMBURG_SUCO,
            number: '0009',
            scopePath: hamburgSucoPath,
        },
    ]);
    // The tour, its stops, jobs and analytics in one transaction, so the analytics worker never
    // finds it started without its stored figures (it would compute them again).
    await t.db.transaction(async (tx) => {
        await tx.insert(tours).values([
            tour('T1', {
                tourDate: DAY,
                tourNumber: '10',
                driverId: 'user-sucoUser',
                state: 'FINISHED',
                plannedStart: at('07:00:00'),
                startedAt: at('07:10:00'),
                finishedAt: at('12:00:00'),
                distanceMetres: 42_500,
                sequenceFidelity: 75,
                waypointsTotal: 4,
                waypointsDone: 3,
            }),
            tour('EDGE', { tourDate: berlinDay(-29) }),
            tour('OLD', { tourDate: berlinDay(-30) }),
            tour('OTHER', {
                tourDate: DAY,
                vehicleId: 'veh-b',
                subcontractorId: OTHER_SUCO,
                scopePath: otherSucoPath,
            }),
            tour('OLD-OTHER', {
                tourDate: berlinDay(-40),
                vehicleId: 'veh-b',
                subcontractorId: OTHER_SUCO,
                scopePath: otherSucoPath,
            }),
            tour('HAM', {
                tourDate: DAY,
                depotId: ids.hamburg,
                vehicleId: 'veh-h',
                subcontractorId: HAMBURG_SUCO,
                scopePath: hamburgSucoPath,
            }),
        ]);
        await tx.insert(waypoints).values([
            stop('w1', 1, {
                suggestedSequence: 2,
                drivenSequence: 1,
                state: 'DONE',
                confirmation: 'DRIVER',
                timeFrameFrom: at('08:00:00'),
                timeFrameTo: at('09:00:00'),
                firstEta: at('08:30:00'),
                eta: at('09:10:00'),
                ata: at('09:20:00'),
                departedAt: at('09:25:00'),
                windowMiss: 'LATE',
                missedWindowCause: 'TRAFFIC',
            }),
            stop('w2', 2, {
                suggestedSequence: 1,
                drivenSequence: 2,
                state: 'DONE',
                confirmation: 'SYSTEM',
                latitude: null,
                longitude: null,
                ata: at('09:40:00'),
                notConsideredReason: 'INVALID_ADDRESS',
            }),
            stop('w3', 3, { suggestedSequence: 3, state: 'OPEN' }),
            // A value the analytics do not know (an older release's) is answered as none.
            stop('w4', 4, {
                suggestedSequence: 4,
                drivenSequence: 3,
                state: 'DONE',
                ata: at('10:00:00'),
                notConsideredReason: 'RETIRED_REASON',
            }),
        ]);
        await tx
            .insert(jobs)
            .values([
                job('j1', 'w1', { state: 'DONE', outcome: 'DELIVERED_TO_CONSIGNEE' }),
                job('j2', 'w1', { state: 'DONE', outcome: 'DELIVERY_FAILED', reason: 'ABSENT' }),
                job('j3', 'w2', { state: 'DONE', outcome: 'DELIVERY_FAILED', reason: 'TRAFFIC' }),
                job('j4', 'w2', { state: 'DONE', outcome: 'DELIVERY_FAILED', reason: 'ABSENT' }),
                job('j5', 'w2', { state: 'DONE', outcome: 'DELIVERY_FAILED', reason: 'ABSENT' }),
                job('j6', 'w3'),
                job('j7', null),
            ]);
        await tx.insert(tourAnalytics).values({
            tourId: 'T1',
            tenantId: ids.north,
            depotId: ids.berlin,
            tourDate: DAY,
            appUsage: 'NORMAL',
            etaDeviationMinutes: 12.5,
            etaStops: 2,
            sequenceAdherence: 0.25,
            figures: {},
        });
    });
    await makeDayPartitions(t.db, berlinDay(-4), berlinDay(-2));
    await t.db
        .insert(positions)
        .values([
            position('T1', '08:00:00', 52.5),
            position('T1', '08:00:05', 52.501),
            position('T1', '08:00:14', 52.502),
            position('T1', '08:00:15', 52.503),
            position('T1', '08:00:29', 52.504),
            position('T1', '08:00:31', 52.505),
            position('T1', '08:01:00', 52.506),
            position('OTHER', '08:00:45', 52.9),
        ]);
    await insertDriverAppEvents(t.db, [
        {
            tenantId: ids.north,
            depotId: ids.berlin,
            scopePath: paths.sucoBerlin,
            tourId: 'T1',
            type: 'SEQUENCE',
            occurredAt: at('09:30:00'),
            payload: { sequence: ['w3', 'w4'] },
        },
        {
            tenantId: ids.north,
            depotId: ids.berlin,
            scopePath: paths.sucoBerlin,
            tourId: 'T1',
            type: 'SEQUENCE',
            occurredAt: at('07:05:00'),
            payload: { sequence: ['w2', 'w1', 'w3', 'w4'] },
        },
        {
            tenantId: ids.north,
            depotId: ids.berlin,
            scopePath: paths.sucoBerlin,
            tourId: 'T1',
            type: 'LOGIN',
            occurredAt: at('07:00:00'),
        },
    ]);
    const role = (id: string, contexts: ('DEPOT' | 'SUBCONTRACTOR')[], actions: string[]) => ({
        id,
        name: id,
        contexts,
        actions,
    });
    await addFixtureUsers(
        t.db,
        [
            {
                key: 'perf',
                type: 'BackofficeManager',
                email: 'perf@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-perf', scopePath: paths.berlin }],
            },
            {
                key: 'sucoPerf',
                type: 'SubContractorUser',
                email: 'suco.perf@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-suco-perf', scopePath: paths.sucoBerlin }],
            },
            {
                key: 'hamburgPerf',
                type: 'BackofficeManager',
                email: 'hamburg.perf@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-perf', scopePath: paths.hamburg }],
            },
        ],
        [
            role('role-perf', ['DEPOT'], ['r:tour-perf']),
            role('role-suco-perf', ['SUBCONTRACTOR'], ['r:tour-perf']),
        ],
    );
    const clientId = t.config.identity.clientId;
    for (const [key, email] of [
        ['perf', 'perf@fixture.test'],
        ['sucoPerf', 'suco.perf@fixture.test'],
        ['hamburgPerf', 'hamburg.perf@fixture.test'],
        ['groupManager', 'group.manager@fixture.test'],
    ] as const)
        tokens[key] = await accessTokenFor(t.app, email, clientId);
});
afterAll(async () => {
    await t.close();
});

type Answer = TourHistory & { code?: string; message?: string };

async function read(who: string, tourId: string, path: string = paths.berlin) {
    const answer = await t.app.inject({
        method: 'GET',
        url: `/tour-commander/v1/tour-history/${tourId}?path=${encodeURIComponent(path)}`,
        headers: { authorization: `Bearer ${tokens[who]}` },
    });
    return { status: answer.statusCode, body: answer.json<Answer>() };
}

describe('the driven history of a tour', () => {
    it('answers the tour with its figures and depot', async () => {
        const { status, body } = await read('perf', 'T1');
        expect(status).toBe(200);
        expect(body).toMatchObject({
            id: 'T1',
            tourNumber: '10',
            tourDate: DAY,
            vehicleNumber: '1234',
            driverName: 'sucoUser Fixture',
            subcontractorName: 'Spree Kurier',
            state: 'FINISHED',
            plannedStart: `${DAY}T07:00:00.000Z`,
            startedAt: `${DAY}T07:10:00.000Z`,
            finishedAt: `${DAY}T12:00:00.000Z`,
            distanceMetres: 42_500,
            sequenceFidelity: 75,
            sequenceAdherence: 0.25,
            etaDeviation: { averageMinutes: 12.5, stops: 2 },
            depot: { id: ids.berlin, externalId: '110', timeZone: 'Europe/Berlin' },
            depotLocation: { latitude: 52.52, longitude: 13.405 },
        });
    });

    it('answers every stop in planned order with sequences, times, analytics and jobs', async () => {
        const { body } = await read('perf', 'T1');
        expect(body.waypoints).toEqual([
            {
                id: 'w1',
                plannedSequence: 1,
                suggestedSequence: 2,
                drivenSequence: 1,
                state: 'DONE',
                confirmation: 'DRIVER',
                latitude: 52.51,
                longitude: 13.4,
                street: 'Street w1',
                houseNo: '1',
                postcode: '10115',
                locality: 'Berlin',
                timeFrameFrom: `${DAY}T08:00:00.000Z`,
                timeFrameTo: `${DAY}T09:00:00.000Z`,
                firstEta: `${DAY}T08:30:00.000Z`,
                eta: `${DAY}T09:10:00.000Z`,
                ata: `${DAY}T09:20:00.000Z`,
                departedAt: `${DAY}T09:25:00.000Z`,
                notConsideredReason: null,
                windowMiss: 'LATE',
                missedWindowCause: 'TRAFFIC',
                jobsTotal: 2,
                jobsFailed: 1,
                failureReasons: ['ABSENT'],
            },
            expect.objectContaining({
                id: 'w2',
                suggestedSequence: 1,
                drivenSequence: 2,
                confirmation: 'SYSTEM',
                latitude: null,
                longitude: null,
                notConsideredReason: 'INVALID_ADDRESS',
                windowMiss: null,
                jobsTotal: 3,
                jobsFailed: 3,
                // Each reason once, in the order ABSENT, REFUSED, ADDRESS_PROBLEM, TRAFFIC.
                failureReasons: ['ABSENT', 'TRAFFIC'],
            }),
            expect.objectContaining({
                id: 'w3',
                drivenSequence: null,
                state: 'OPEN',
                ata: null,
                departedAt: null,
                jobsTotal: 1,
                jobsFailed: 0,
                failureReasons: [],
            }),
            expect.objectContaining({
                id: 'w4',
                drivenSequence: 3,
                notConsideredReason: null,
                jobsTotal: 0,
                failureReasons: [],
            }),
        ]);
    });

    it('answers the driven path thinned to the first position of each 15-second slot', async () => {
        const { body } = await read('perf', 'T1');
        expect(body.drivenPath).toEqual([
            { at: `${DAY}T08:00:00.000Z`, latitude: 52.5, longitude: 13.4 },
            { at: `${DAY}T08:00:15.000Z`, latitude: 52.503, longitude: 13.4 },
            { at: `${DAY}T08:00:31.000Z`, latitude: 52.505, longitude: 13.4 },
            { at: `${DAY}T08:01:00.000Z`, latitude: 52.506, longitude: 13.4 },
        ]);
    });

    it("answers the app's re-orders in time order, and nothing else of its events", async () => {
        const { body } = await read('perf', 'T1');
        expect(body.sequenceChanges).toEqual([`${DAY}T07:05:00.000Z`, `${DAY}T09:30:00.000Z`]);
    });

    it('answers a tour of 29 days ago, empty-handed when it has no stops, path or analytics', async () => {
        const { status, body } = await read('perf', 'EDGE');
        expect(status).toBe(200);
        expect(body).toMatchObject({
            tourDate: berlinDay(-29),
            waypoints: [],
            drivenPath: [],
            sequenceChanges: [],
            sequenceAdherence: null,
            etaDeviation: { averageMinutes: null, stops: 0 },
        });
    });
});

describe('who sees which tour', () => {
    it('answers a tour of 30 days ago with TOUR_LOCATION_HISTORY_NOT_FOUND', async () => {
        const { status, body } = await read('perf', 'OLD');
        expect(status).toBe(404);
        expect(body.code).toBe('TOUR_LOCATION_HISTORY_NOT_FOUND');
        expect(body.message).toContain('30 days');
    });

    it("answers another subcontractor's tour like an unknown one, old or not", async () => {
        const unknown = await read('sucoPerf', 'no-such-tour');
        expect(unknown).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
        for (const id of ['OTHER', 'OLD-OTHER']) {
            const { status, body } = await read('sucoPerf', id);
            expect({ status, code: body.code, message: body.message }).toEqual({
                status: 404,
                code: 'NOT_FOUND',
                message: unknown.body.message?.replace('no-such-tour', id),
            });
        }
        expect((await read('sucoPerf', 'T1')).status).toBe(200);
        expect((await read('perf', 'OTHER')).status).toBe(200);
    });

    it("answers another depot's tour like an unknown one at the caller's depot", async () => {
        const { status, body } = await read('perf', 'HAM');
        expect({ status, code: body.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
        expect((await read('hamburgPerf', 'HAM', paths.hamburg)).status).toBe(200);
    });

    it('refuses a caller without r:tour-perf at the depot asked for', async () => {
        expect((await read('hamburgPerf', 'T1')).status).toBe(403);
        // r:tour in the region is not r:tour-perf.
        expect((await read('groupManager', 'T1')).status).toBe(403);
    });

    it('refuses a path that is not a depot', async () => {
        expect((await read('perf', 'T1', paths.groupA)).status).toBe(400);
    });
});
