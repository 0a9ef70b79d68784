import { asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriverAppEvent } from '../../domain/contracts/driver-app-ingestion.js';
import {
    jobs,
    jobStatuses,
    tourProcessingQueue,
    tours,
    vehicles,
    waypoints,
} from '../../server/db/schema/index.js';
import { processQueuedTours } from '../../server/services/tour-commander/processing.js';
import { ids, paths, seedFixtures } from './helpers/fixtures.js';
import { machineTokenFor } from './helpers/machine-fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Ingested events move the tour forward after the acknowledgement (issue 14 part 4). */

let t: TestApp;
let events: string;
let tourId: string;
let firstBatch: DriverAppEvent[];
const DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

async function settle() {
    for (let round = 0; round < 50; round++) {
        await processQueuedTours(t.db);
        const [queued] = await t.db.select({ n: count() }).from(tourProcessingQueue);
        // The app's own worker may hold a claimed tour: its row lock is released at its commit.
        await t.db.transaction(async (tx) => {
            await tx.execute(sql`select 1 from tours for update`);
        });
        if (queued?.n === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
    }
}

/** A delivery stop north of the Berlin depot, assigned to tour (vehicle) `tour` of today. */
const stop = (id: string, latitude: number, sequence: number, tour: string) => ({
    externalJobId: id,
    type: 'DELIVERY',
    address: {
        street: `Street ${id}`,
        postcode: '10115',
        countryCode: 'DE',
        latitude,
        longitude: 13.405,
    },
    assignments: [{ externalDepotId: '110', date: DAY, key: 'TOUR', value: tour, sequence }],
});

/** A Berlin vehicle `number` and today's tour of it, made by importing its jobs. */
async function addTour(number: string, jobsOfTour: ReturnType<typeof stop>[]) {
    await t.db.insert(vehicles).values({
        id: `veh-${number}`,
        tenantId: ids.north,
        depotId: ids.berlin,
        subcontractorId: ids.sucoBerlin,
        number,
        scopePath: paths.sucoBerlin,
    });
    const importer = (await machineTokenFor(t, ids.north, ['jobs:write'])).token;
    const imported = await t.app.inject({
        method: 'POST',
        url: '/data-gateway/api/v1/external/jobs',
        headers: { authorization: `Bearer ${importer}` },
        payload: { jobs: jobsOfTour },
    });
    expect(imported.json()).toMatchObject({ created: jobsOfTour.length });
}

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
    // The Berlin depot is at 52.52, 13.405: stops 1.1, 2.2 and 3.3 km north of it.
    await addTour('1234', [
        stop('J1', 52.53, 1, '1234'),
        stop('J2', 52.54, 2, '1234'),
        stop('J3', 52.55, 3, '1234'),
    ]);
    tourId = (await t.db.select().from(tours))[0]?.id ?? '';
    events = (await machineTokenFor(t, ids.north, ['events:write'])).token;
});
afterAll(async () => {
    await t.close();
});

const post = (batch: DriverAppEvent[]) =>
    t.app.inject({
        method: 'POST',
        url: '/tour-commander/v1/external/driver-app/events',
        headers: { authorization: `Bearer ${events}` },
        payload: { events: batch },
    });

describe('tour processing', () => {
    it('applies statuses and positions: tour on the road, stops done in driven order, ETAs for the rest', async () => {
        const jobRows = await t.db.select().from(jobs).orderBy(asc(jobs.externalJobId));
        const [j1, j2] = jobRows;
        firstBatch = [
            {
                eventId: 'p1',
                type: 'POSITION',
                occurredAt: minutesAgo(40),
                tourId,
                position: { latitude: 52.525, longitude: 13.405, speed: 9 },
            },
            {
                eventId: 'p2',
                type: 'POSITION',
                occurredAt: minutesAgo(35),
                tourId,
                position: { latitude: 52.53, longitude: 13.405, speed: 0 },
            },
            {
                eventId: 's2',
                type: 'STATUS_CHANGE',
                occurredAt: minutesAgo(30),
                tourId,
                jobId: j2?.externalJobId,
                outcome: 'DELIVERY_FAILED',
                reason: 'ABSENT',
            },
            {
                eventId: 's1',
                type: 'STATUS_CHANGE',
                occurredAt: minutesAgo(20),
                tourId,
                jobId: j1?.id,
                outcome: 'DELIVERED_TO_PARCEL_SHOP',
            },
            {
                eventId: 'p3',
                type: 'POSITION',
                occurredAt: minutesAgo(27),
                tourId,
                position: { latitude: 52.545, longitude: 13.405, speed: 10 },
            },
        ];
        const answer = await post(firstBatch);
        expect(answer.json()).toEqual({ accepted: 5, rejected: [] });
        await settle();
        const [tour] = await t.db.select().from(tours).where(eq(tours.id, tourId));
        // Started at the first position more than 300 m from the depot (p1, 556 m north).
        expect([tour?.state, tour?.startedAt?.toISOString()]).toEqual([
            'ON_ROAD',
            firstBatch[0]?.occurredAt,
        ]);
        expect([tour?.waypointsDone, tour?.jobsSuccessful, tour?.jobsFailed]).toEqual([2, 1, 1]);
        expect(tour?.distanceMetres).toBeGreaterThan(2000);
        // Stop 2 was driven before stop 1: one of the two done stops in planned order.
        expect(tour?.sequenceFidelity).toBe(50);
        const stops = await t.db
            .select()
            .from(waypoints)
            .where(eq(waypoints.tourId, tourId))
            .orderBy(asc(waypoints.plannedSequence));
        expect(
            stops.map((w) => [w.plannedSequence, w.state, w.drivenSequence, w.confirmation]),
        ).toEqual([
            [1, 'DONE', 2, 'DRIVER'],
            [2, 'DONE', 1, 'DRIVER'],
            [3, 'CURRENT', null, null],
        ]);
        // The ETA counts from now at the earliest: the last position is 27 minutes old.
        expect(stops[2]?.eta?.getTime()).toBeGreaterThan(Date.now() - 60_000);
        // The stop left got its first ETA too; the two done before any estimate have none.
        expect(stops.map((w) => w.firstEta?.getTime())).toEqual([
            undefined,
            undefined,
            stops[2]?.eta?.getTime(),
        ]);
        const j2After = (
            await t.db
                .select()
                .from(jobs)
                .where(eq(jobs.id, j2?.id ?? ''))
        )[0];
        expect([j2After?.state, j2After?.outcome, j2After?.reason, j2After?.statusSource]).toEqual([
            'DONE',
            'DELIVERY_FAILED',
            'ABSENT',
            'DRIVER_APP',
        ]);
        // The import's entry is dated by the import; the events were sent with earlier times.
        const history = await t.db
            .select()
            .from(jobStatuses)
            .where(eq(jobStatuses.jobId, j2?.id ?? ''));
        expect(history.map((s) => [s.state, s.outcome, s.source]).sort()).toEqual([
            ['DONE', 'DELIVERY_FAILED', 'DRIVER_APP'],
            ['ON_TOUR', null, 'SYSTEM'],
            ['OPEN', null, 'DATA_GATEWAY'],
        ]);
    });

    it('applies each event once: a retried batch changes nothing', async () => {
        const [before] = await t.db.select().from(tours).where(eq(tours.id, tourId));
        const retried = await post(firstBatch);
        expect(retried.json<{ accepted: number }>().accepted).toBe(0);
        await settle();
        const [after] = await t.db.select().from(tours).where(eq(tours.id, tourId));
        expect(after?.distanceMetres).toBe(before?.distanceMetres);
        expect(after?.processedSeq).toBe(before?.processedSeq);
    });

    it('takes a queued tour only once its entry is as old as the processing interval', async () => {
        const [before] = await t.db.select().from(tours).where(eq(tours.id, tourId));
        await post([
            {
                eventId: 'p-paced',
                type: 'POSITION',
                occurredAt: minutesAgo(2),
                tourId,
                position: { latitude: 52.5202, longitude: 13.405, speed: 0 },
            },
        ]);
        // Queued a moment ago: a 5-minute interval leaves it queued and unprocessed.
        expect(await processQueuedTours(t.db, { intervalSeconds: 300 })).toBe(0);
        const queued = await t.db
            .select()
            .from(tourProcessingQueue)
            .where(eq(tourProcessingQueue.tourId, tourId));
        expect(queued).toHaveLength(1);
        const [waiting] = await t.db.select().from(tours).where(eq(tours.id, tourId));
        expect(waiting?.processedSeq).toBe(before?.processedSeq);
        // Without an interval it is taken at once.
        const paused: number[] = [];
        expect(
            await processQueuedTours(t.db, {
                afterBatch: async (ms) => void paused.push(ms),
            }),
        ).toBe(1);
        expect(paused).toHaveLength(1);
        const [after] = await t.db.select().from(tours).where(eq(tours.id, tourId));
        expect(after?.processedSeq).not.toBe(before?.processedSeq);
    });

    it('finishes the tour when the last stop is done and the vehicle is back at the depot', async () => {
        const j3 = (await t.db.select().from(jobs).where(eq(jobs.externalJobId, 'J3')))[0];
        const backAtDepotAt = minutesAgo(1);
        await post([
            {
                eventId: 's3',
                type: 'STATUS_CHANGE',
                occurredAt: minutesAgo(5),
                tourId,
                jobId: j3?.id,
                outcome: 'DELIVERED_TO_CONSIGNEE',
            },
            {
                eventId: 'p4',
                type: 'POSITION',
                occurredAt: backAtDepotAt,
                tourId,
                position: { latitude: 52.5201, longitude: 13.405, speed: 0 },
            },
        ]);
        await settle();
        const [tour] = await t.db.select().from(tours).where(eq(tours.id, tourId));
        expect([tour?.state, tour?.waypointsDone, tour?.finishedAt?.toISOString()]).toEqual([
            'FINISHED',
            3,
            backAtDepotAt,
        ]);
    });

    it('processes tours together, each with its own events, and queues again only a tour whose run fails', async () => {
        await addTour('5678', [stop('K1', 52.56, 1, '5678')]);
        await addTour('9012', [stop('K2', 52.56, 1, '9012')]);
        const tourOf = async (vehicleId: string) =>
            (await t.db.select().from(tours).where(eq(tours.vehicleId, vehicleId)))[0];
        const healthy = await tourOf('veh-5678');
        const broken = await tourOf('veh-9012');
        // A carried state the computation cannot read (speeds must be a list): its run throws.
        await t.db
            .update(tours)
            .set({ processingState: sql`'{"recentSpeeds": 5}'::jsonb` })
            .where(eq(tours.id, broken?.id ?? ''));
        const at = minutesAgo(3);
        const moving = (eventId: string, id: string | undefined, latitude: number) => ({
            eventId,
            type: 'POSITION' as const,
            occurredAt: at,
            tourId: id ?? '',
            position: { latitude, longitude: 13.405, speed: 8 },
        });
        const answer = await post([
            moving('h1', healthy?.id, 52.53),
            moving('b1', broken?.id, 52.54),
        ]);
        expect(answer.json()).toEqual({ accepted: 2, rejected: [] });
        await settle();
        const healthyAfter = await tourOf('veh-5678');
        const brokenAfter = await tourOf('veh-9012');
        // 1.1 km from the depot: on the road since that position.
        expect([healthyAfter?.state, healthyAfter?.startedAt?.toISOString()]).toEqual([
            'ON_ROAD',
            at,
        ]);
        expect(Number(healthyAfter?.processedSeq)).toBeGreaterThan(Number(healthy?.processedSeq));
        // The broken tour is untouched and waits in the queue for a later try.
        expect([brokenAfter?.state, brokenAfter?.processedSeq]).toEqual([
            'NOT_STARTED',
            broken?.processedSeq,
        ]);
        const [queued] = await t.db
            .select()
            .from(tourProcessingQueue)
            .where(eq(tourProcessingQueue.tourId, broken?.id ?? ''));
        expect(queued?.requestedAt.getTime()).toBeGreaterThan(Date.now());
        // The first tour's events went to the first tour only.
        const [first] = await t.db.select().from(tours).where(eq(tours.id, tourId));
        expect(first?.state).toBe('FINISHED');
    });
});
