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

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
    await t.db.insert(vehicles).values({
        id: 'veh-1234',
        tenantId: ids.north,
        depotId: ids.berlin,
        subcontractorId: ids.sucoBerlin,
        number: '1234',
        scopePath: paths.sucoBerlin,
    });
    const importer = (await machineTokenFor(t, ids.north, ['jobs:write'])).token;
    const stop = (id: string, latitude: number, sequence: number) => ({
        externalJobId: id,
        type: 'DELIVERY',
        address: {
            street: `Street ${id}`,
            postcode: '10115',
            countryCode: 'DE',
            latitude,
            longitude: 13.405,
        },
        assignments: [{ externalDepotId: '110', date: DAY, key: 'TOUR', value: '1234', sequence }],
    });
    // The Berlin depot is at 52.52, 13.405: stops 1.1, 2.2 and 3.3 km north of it.
    const imported = await t.app.inject({
        method: 'POST',
        url: '/data-gateway/api/v1/external/jobs',
        headers: { authorization: `Bearer ${importer}` },
        payload: { jobs: [stop('J1', 52.53, 1), stop('J2', 52.54, 2), stop('J3', 52.55, 3)] },
    });
    expect(imported.json()).toMatchObject({ created: 3 });
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
        expect([tour?.state, tour?.startedAt?.toISOString().slice(0, 16)]).toEqual([
            'ON_ROAD',
            minutesAgo(40).slice(0, 16),
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
                afterTour: async (ms) => void paused.push(ms),
            }),
        ).toBe(1);
        expect(paused).toHaveLength(1);
        const [after] = await t.db.select().from(tours).where(eq(tours.id, tourId));
        expect(after?.processedSeq).not.toBe(before?.processedSeq);
    });

    it('finishes the tour when the last stop is done and the vehicle is back at the depot', async () => {
        const j3 = (await t.db.select().from(jobs).where(eq(jobs.externalJobId, 'J3')))[0];
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
                occurredAt: minutesAgo(1),
                tourId,
                position: { latitude: 52.5201, longitude: 13.405, speed: 0 },
            },
        ]);
        await settle();
        const [tour] = await t.db.select().from(tours).where(eq(tours.id, tourId));
        expect([
            tour?.state,
            tour?.waypointsDone,
            tour?.finishedAt?.toISOString().slice(0, 16),
        ]).toEqual(['FINISHED', 3, minutesAgo(1).slice(0, 16)]);
    });
});
