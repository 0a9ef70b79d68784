import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TourAnalytics } from '../../domain/tourAnalytics.js';
import { tourAnalytics, waypoints } from '../../server/db/schema/index.js';
import {
    REFRESH_MINUTES,
    summariseDueTours,
} from '../../server/services/tour-commander/analytics/analytics-worker.js';
import { ids } from './helpers/fixtures.js';
import { machineTokenFor } from './helpers/machine-fixtures.js';
import {
    makeTourWorld,
    minutesAgo,
    postEvents,
    settle,
    type TourWorld,
} from './helpers/depot-tour-fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The analytics worker (issue 16): it summarises every tour that started, from its stored events
 * (domain/tourAnalytics.ts), into `tour_analytics` and the waypoints' analytics columns; a
 * running tour again only after REFRESH_MINUTES, a tour that moved on and finished at once.
 * The world: tests/api/helpers/depot-tour-fixtures.ts (tour 10 on the road with two stops done,
 * one job failed for an address problem; tour 30 finished; tours 20 and yesterday's 10 without
 * events).
 */

let t: TestApp;
let world: TourWorld;

beforeAll(async () => {
    t = await createTestApp();
    world = await makeTourWorld(t);
});
afterAll(async () => {
    await t.close();
});

/** As the worker does on this database: one tour at a time without a lock on PGlite. */
async function summariseAll(): Promise<number> {
    const postgres = t.database.driver === 'postgres';
    let total = 0;
    for (let done = -1; done !== 0; total += done)
        done = await summariseDueTours(t.db, { claim: postgres ? 20 : 1, lock: postgres });
    return total;
}

async function rowOf(tourId: string) {
    const [row] = await t.db.select().from(tourAnalytics).where(eq(tourAnalytics.tourId, tourId));
    return row;
}

describe('the analytics worker', () => {
    it('summarises the tours that started, and only those', async () => {
        await summariseAll();
        const rows = await t.db.select({ tourId: tourAnalytics.tourId }).from(tourAnalytics);
        expect(rows.map((row) => row.tourId).sort()).toEqual([world.tour10, world.tour30].sort());
    });

    it("stores the day's figures of the tour and of its stops", async () => {
        const row = await rowOf(world.tour10);
        const figures = row?.figures as Omit<TourAnalytics, 'waypoints'>;
        // One login, foreground from 44 minutes ago: under an hour, so LOW.
        expect(row).toMatchObject({ depotId: ids.berlin, appUsage: 'LOW' });
        expect(figures).toMatchObject({
            logins: 1,
            jobsSuccessful: 2,
            jobsFailed: 1,
            failedJobsByReason: { ABSENT: 0, REFUSED: 0, ADDRESS_PROBLEM: 1, TRAFFIC: 0 },
            sequenceRequests: 0,
            startedBeforeSequence: true,
        });
        expect(row?.recommendationCodes).toEqual(
            expect.arrayContaining(['FIRSTWP_MISSING_AT_START', 'LOW_APP_ACTIVITY']),
        );
        // The stop whose job failed for an address problem is left out of the ETA accuracy.
        const stops = await t.db
            .select({
                street: waypoints.street,
                reason: waypoints.notConsideredReason,
                state: waypoints.state,
            })
            .from(waypoints)
            .where(eq(waypoints.tourId, world.tour10))
            .orderBy(waypoints.plannedSequence);
        expect(stops.find((stop) => stop.street === 'Street J2')?.reason).toBe('INVALID_ADDRESS');
        expect(stops.filter((stop) => stop.state !== 'DONE').map((stop) => stop.reason)).toEqual([
            null,
            null,
        ]);
    });

    it('leaves a running tour alone until its figures are REFRESH_MINUTES old', async () => {
        const integrator = (await machineTokenFor(t, ids.north, ['events:write'])).token;
        await postEvents(t, integrator, '/tour-commander/v1/external/driver-app/events', [
            {
                eventId: 'worker-1',
                type: 'APP_STATE',
                occurredAt: minutesAgo(5),
                tourId: world.tour10,
                appState: 'BACKGROUND',
            },
        ]);
        await settle(t);
        expect(await summariseAll()).toBe(0);
        await t.db.execute(
            sql`update tour_analytics set computed_at = now() - make_interval(mins => ${REFRESH_MINUTES + 1})
                where tour_id = ${world.tour10}`,
        );
        expect(await summariseAll()).toBe(1);
        const row = await rowOf(world.tour10);
        expect(Date.now() - (row?.computedAt.getTime() ?? 0)).toBeLessThan(60_000);
    });

    it('summarises a tour again at once when it finished', async () => {
        const integrator = (await machineTokenFor(t, ids.north, ['events:write'])).token;
        await postEvents(t, integrator, '/tour-commander/v1/external/driver-app/events', [
            {
                eventId: 'worker-2',
                type: 'LOGOUT',
                occurredAt: minutesAgo(1),
                tourId: world.tour10,
            },
        ]);
        await settle(t);
        expect(await summariseAll()).toBe(1);
        const row = await rowOf(world.tour10);
        expect((row?.figures as Omit<TourAnalytics, 'waypoints'>).logins).toBe(1);
    });
});
