import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client.js';
import { rowsOf } from '../../server/db/raw-results.js';
import {
    depotGroups,
    depots,
    subcontractors,
    tenants,
    users,
    vehicles,
} from '../../server/db/schema/index.js';
import {
    backfillHistory,
    defaultBackfillDetail,
    type BackfillDepot,
    type BackfillDetail,
    type BackfillProgress,
    type BackfillResult,
    type BackfillVehicle,
    type HistoryDepth,
} from '../../server/demo/simulation/backfill.js';
import { summariseTourAnalytics } from '../../domain/tourAnalytics.js';
import { loadAnalyticsTours } from '../../server/services/tour-commander/analytics/analytics-input.js';
import { openTestDatabase } from './helpers/test-app.js';
import { hamburg } from '../unit/simulation-fixtures.js';

/**
 * The demo's history backfill (issue 14 part 5) on one depot with three vehicles over two weeks:
 * what it writes, that it reads as the live path would have left it, and that it runs once.
 */

const TODAY = new Date('2026-03-18T09:00:00Z'); // a Wednesday; 10:00 in Hamburg
/** Monday to Saturday of the two weeks before 2026-03-18 (the Sundays 8 and 15 March left out). */
const WORKING_DAYS = [
    '2026-03-04',
    '2026-03-05',
    '2026-03-06',
    '2026-03-07',
    '2026-03-09',
    '2026-03-10',
    '2026-03-11',
    '2026-03-12',
    '2026-03-13',
    '2026-03-14',
    '2026-03-16',
    '2026-03-17',
];
const DEPOT_PATH = 'bf.DE.bf-grp.bf-depot';
const SUCO_PATH = `${DEPOT_PATH}.bf-suco`;
const drivers = ['bf-d1', 'bf-d2', 'bf-d3', 'bf-d4', 'bf-d5'];

const depot: BackfillDepot = {
    internalDepotId: 'bf-depot',
    ...hamburg,
    externalDepotId: '4417',
    tenantId: 'bf',
    scopePath: DEPOT_PATH,
    vehicles: ['1001', '1002', '1003'].map((number, index): BackfillVehicle => ({
        id: `bf-v${index + 1}`,
        number,
        subcontractorId: 'bf-suco',
        scopePath: SUCO_PATH,
        regularDriverId: drivers[index] as string,
        standInDriverIds: drivers.filter((_, i) => i !== index),
    })),
};

/** Two weeks in full detail; a third one further back with waypoints only. */
const twoWeeks: HistoryDepth = {
    weeks: 2,
    waypointDays: 105,
    positionDays: 30,
    jobDays: 30,
    eventDays: 30,
};
const threeWeeks: HistoryDepth = {
    weeks: 3,
    waypointDays: 105,
    positionDays: 14,
    jobDays: 14,
    eventDays: 14,
};

let handle: DatabaseHandle;
let first: BackfillResult;
const progress: BackfillProgress[] = [];

const query = async <T extends Record<string, unknown>>(text: ReturnType<typeof sql>) =>
    rowsOf<T>(await handle.db.execute(text));
const countOf = async (table: string) =>
    (await query<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n;
const tables = [
    'tours',
    'waypoints',
    'tour_analytics',
    'consignee_reviews',
    'jobs',
    'parcels',
    'job_assignments',
    'job_statuses',
    'driver_app_logins',
    'driver_app_events',
    'positions',
];
const counts = async () =>
    Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await countOf(t)])));

beforeAll(async () => {
    handle = await openTestDatabase();
    const db = handle.db;
    await db.insert(tenants).values({ id: 'bf', name: 'Backfill Parcel', countryCode: 'DE' });
    await db.insert(depotGroups).values({ id: 'bf-grp', tenantId: 'bf', name: 'North' });
    await db.insert(depots).values({
        internalDepotId: depot.internalDepotId,
        tenantId: 'bf',
        groupId: 'bf-grp',
        externalDepotId: depot.externalDepotId,
        name: 'Hamburg',
        street: 'Hafenstraße',
        postcode: '20095',
        locality: 'Hamburg',
        countryCode: 'DE',
        latitude: depot.latitude,
        longitude: depot.longitude,
        timeZone: depot.timeZone,
        scopePath: DEPOT_PATH,
    });
    await db.insert(subcontractors).values({
        id: 'bf-suco',
        tenantId: 'bf',
        depotId: depot.internalDepotId,
        name: 'Elbe Kurier',
        code: 'EK1',
        scopePath: SUCO_PATH,
    });
    await db.insert(users).values(
        drivers.map((id) => ({
            id,
            tenantId: 'bf',
            type: 'Driver' as const,
            firstName: id,
            lastName: 'Driver',
            subcontractorId: 'bf-suco',
            scopePath: SUCO_PATH,
        })),
    );
    await db.insert(vehicles).values(
        depot.vehicles.map((vehicle) => ({
            id: vehicle.id,
            tenantId: 'bf',
            depotId: depot.internalDepotId,
            subcontractorId: 'bf-suco',
            number: vehicle.number,
            baseDriverId: vehicle.regularDriverId,
            scopePath: SUCO_PATH,
        })),
    );
    first = await backfillHistory(db, {
        depots: [depot],
        seed: 'backfill-test',
        today: TODAY,
        detail: { depth: twoWeeks },
        onProgress: (p) => progress.push(p),
    });
}, 120_000);

afterAll(async () => {
    await handle?.close();
});

describe('backfillHistory', () => {
    it('writes every working day of the two weeks, one tour per vehicle, and reports its progress', async () => {
        expect(first).toMatchObject({ daysDone: 12, daysTotal: 12, daysSkipped: 0 });
        expect(progress.map((p) => `${p.daysDone}/${p.daysTotal}`)).toEqual(
            Array.from({ length: 12 }, (_, i) => `${i + 1}/12`),
        );
        // Rows per table grow with every day.
        for (const [i, p] of progress.entries())
            if (i > 0) expect(p.rows.tours).toBeGreaterThan(progress[i - 1]?.rows.tours ?? 0);
        const tours = await query<{ day: string; vehicle_id: string; tour_number: string }>(
            sql`select tour_date::text as day, vehicle_id, tour_number from tours order by 1, 2`,
        );
        // 3 vehicles: 85-97 % of them rounds to all three every day.
        expect(tours.map((t) => `${t.day} ${t.vehicle_id}`)).toEqual(
            WORKING_DAYS.flatMap((day) => ['bf-v1', 'bf-v2', 'bf-v3'].map((v) => `${day} ${v}`)),
        );
        // A vehicle keeps its tour number from day to day.
        for (const vehicle of ['bf-v1', 'bf-v2', 'bf-v3'])
            expect(
                new Set(tours.filter((t) => t.vehicle_id === vehicle).map((t) => t.tour_number))
                    .size,
            ).toBe(1);
        // The rows it reports are the rows there are.
        expect(first.rows).toEqual(await counts());
    });

    it('leaves every tour FINISHED with counters that match its waypoints and jobs', async () => {
        const rows = await query<{
            id: string;
            state: string;
            started: boolean;
            waypoints_total: number;
            waypoints_done: number;
            done: number;
            wp: number;
            jobs_total: number;
            jobs_successful: number;
            jobs_failed: number;
            jobs: number;
            ok: number;
            failed: number;
            distance_metres: number;
            sequence_fidelity: number;
            driver_id: string | null;
            last_event: boolean;
        }>(sql`
            select t.id, t.state, t.started_at < t.finished_at as started, t.waypoints_total,
                t.waypoints_done, t.jobs_total, t.jobs_successful, t.jobs_failed, t.distance_metres,
                t.sequence_fidelity, t.driver_id, t.last_event_at >= t.finished_at as last_event,
                (select count(*)::int from waypoints w where w.tour_id = t.id) as wp,
                (select count(*)::int from waypoints w where w.tour_id = t.id and w.state = 'DONE') as done,
                (select count(*)::int from jobs j where j.tour_id = t.id) as jobs,
                (select count(*)::int from jobs j where j.tour_id = t.id and j.state = 'DONE'
                    and j.outcome not in ('DELIVERY_FAILED', 'PICKUP_FAILED', 'COLLECTION_FAILED')) as ok,
                (select count(*)::int from jobs j where j.tour_id = t.id
                    and j.outcome in ('DELIVERY_FAILED', 'PICKUP_FAILED', 'COLLECTION_FAILED')) as failed
            from tours t`);
        expect(rows).toHaveLength(36);
        for (const tour of rows) {
            expect(tour.state).toBe('FINISHED');
            expect(tour.started).toBe(true);
            expect(tour.last_event).toBe(true);
            expect(drivers).toContain(tour.driver_id);
            expect(tour.waypoints_total).toBe(tour.wp);
            expect(tour.wp).toBeGreaterThanOrEqual(30);
            expect(tour.wp).toBeLessThanOrEqual(150);
            expect(tour.waypoints_done).toBe(tour.done);
            expect(tour.jobs_total).toBe(tour.jobs);
            expect(tour.jobs_successful).toBe(tour.ok);
            expect(tour.jobs_failed).toBe(tour.failed);
            expect(tour.jobs_successful + tour.jobs_failed).toBeLessThanOrEqual(tour.jobs_total);
            expect(tour.distance_metres).toBeGreaterThan(0);
            expect(tour.sequence_fidelity).toBeGreaterThanOrEqual(0);
            expect(tour.sequence_fidelity).toBeLessThanOrEqual(100);
        }
    });

    it('numbers the driven waypoints 1..n without gaps and gives every waypoint its first ETA', async () => {
        const waypoints = await query<{
            tour_id: string;
            state: string;
            driven_sequence: number | null;
            planned_sequence: number;
            confirmation: string | null;
            eta: string | null;
            first_eta: string | null;
            ata: string | null;
        }>(
            sql`select tour_id, state, driven_sequence, planned_sequence, confirmation, eta, first_eta, ata from waypoints`,
        );
        const byTour = new Map<string, typeof waypoints>();
        for (const w of waypoints) byTour.set(w.tour_id, [...(byTour.get(w.tour_id) ?? []), w]);
        expect(byTour.size).toBe(36);
        for (const list of byTour.values()) {
            const done = list.filter((w) => w.state === 'DONE');
            expect(done.map((w) => w.driven_sequence).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
                done.map((_, i) => i + 1),
            );
            expect(list.map((w) => w.planned_sequence).sort((a, b) => a - b)).toEqual(
                list.map((_, i) => i + 1),
            );
            for (const w of list) {
                expect(w.first_eta).not.toBeNull();
                if (w.state === 'DONE') {
                    expect(w.ata).not.toBeNull();
                    // A done stop keeps its last estimate, made just before the arrival.
                    expect(w.eta).not.toBeNull();
                    expect(['DRIVER', 'SYSTEM']).toContain(w.confirmation);
                } else {
                    expect(w.state).toBe('OPEN');
                    expect(w.driven_sequence).toBeNull();
                    // The history's tours are finished: a stop not reached has no ETA left.
                    expect(w.eta).toBeNull();
                }
            }
        }
    });

    it('gives each job its parcels, its tour assignment and the statuses OPEN, ON_TOUR and DONE', async () => {
        const [check] = await query<{
            jobs: number;
            without_parcels: number;
            assignments_off: number;
            statuses: number;
            done: number;
            done_statuses: number;
            order_off: number;
        }>(sql`
            select (select count(*)::int from jobs) as jobs,
                (select count(*)::int from jobs j where not exists (select 1 from parcels p where p.job_id = j.id)) as without_parcels,
                (select count(*)::int from jobs j join tours t on t.id = j.tour_id join waypoints w on w.id = j.waypoint_id
                    where 1 <> (select count(*) from job_assignments a where a.job_id = j.id
                        and a.assignment_key = 'TOUR' and a.assignment_value = t.tour_number
                        and a.assignment_date = t.tour_date and a.sequence = w.planned_sequence)) as assignments_off,
                (select count(*)::int from job_statuses) as statuses,
                (select count(*)::int from jobs where state = 'DONE') as done,
                (select count(*)::int from job_statuses s join jobs j on j.id = s.job_id
                    where s.state = 'DONE' and s.outcome = j.outcome and s.source = 'DRIVER_APP'
                    and s.occurred_at = j.status_at and s.event_id is not null) as done_statuses,
                (select count(*)::int from jobs j where not exists (
                    select 1 from job_statuses o join job_statuses r on r.job_id = o.job_id
                    where o.job_id = j.id and o.state = 'OPEN' and o.source = 'DATA_GATEWAY'
                    and r.state = 'ON_TOUR' and r.source = 'SYSTEM' and o.occurred_at < r.occurred_at)) as order_off`);
        expect(check?.jobs).toBeGreaterThan(36 * 30);
        expect(check?.without_parcels).toBe(0);
        expect(check?.assignments_off).toBe(0);
        expect(check?.statuses).toBe(2 * (check?.jobs ?? 0) + (check?.done ?? 0));
        expect(check?.done_statuses).toBe(check?.done);
        expect(check?.order_off).toBe(0);
    });

    it('writes events and positions of the last 30 days only, each in its day partition', async () => {
        for (const table of ['driver_app_events', 'positions']) {
            const rows = await query<{
                partition: string;
                day: string;
                oldest: boolean;
                newest: boolean;
                n: number;
                key: string;
            }>(
                sql.raw(`select tableoid::regclass::text as partition, (occurred_at at time zone 'UTC')::date::text as day,
                    bool_and(occurred_at >= '2026-02-16T00:00:00Z') as oldest, bool_and(occurred_at < '2026-03-18T00:00:00Z') as newest,
                    count(*)::int as n, min(source_key) as key
                    from ${table} group by 1, 2 order by 2`),
            );
            expect(rows.map((r) => r.day)).toEqual(WORKING_DAYS);
            for (const row of rows) {
                expect(row.partition).toBe(`${table}_p${row.day.replaceAll('-', '')}`);
                expect(row).toMatchObject({ oldest: true, newest: true, key: 'demo-backfill' });
            }
        }
        const [events] = await query<{
            statuses: number;
            done: number;
            logins: number;
            login_rows: number;
        }>(sql`
            select (select count(*)::int from driver_app_events where type = 'STATUS_CHANGE') as statuses,
                (select count(*)::int from jobs where state = 'DONE') as done,
                (select count(*)::int from driver_app_events where type = 'LOGIN') as logins,
                (select count(*)::int from driver_app_logins) as login_rows`);
        expect(events?.statuses).toBe(events?.done);
        expect(events?.logins).toBe(events?.login_rows);
        expect(events?.login_rows).toBeGreaterThanOrEqual(36);
    });

    it('gives every tour the figures the analytics worker computes from its stored rows', async () => {
        // The backfill computes them from the events in memory; the worker from what was stored.
        const stored = await query<{ tour_id: string; figures: Record<string, unknown> }>(
            sql`select tour_id, figures from tour_analytics order by tour_id`,
        );
        const tourIds = (await query<{ id: string }>(sql`select id from tours order by id`)).map(
            (t) => t.id,
        );
        expect(stored.map((row) => row.tour_id)).toEqual(tourIds);
        const recomputed = await loadAnalyticsTours(handle.db, tourIds);
        expect(recomputed).toHaveLength(tourIds.length);
        for (const tour of recomputed) {
            const { waypoints, ...figures } = summariseTourAnalytics(tour.input);
            expect(stored.find((row) => row.tour_id === tour.id)?.figures).toEqual(figures);
            const columns = await query<{
                id: string;
                departed_at: Date | string | null;
                not_considered_reason: string | null;
                window_miss: string | null;
                missed_window_cause: string | null;
            }>(sql`select id, departed_at, not_considered_reason, window_miss, missed_window_cause
                from waypoints where tour_id = ${tour.id} order by planned_sequence`);
            expect(
                columns.map((w) => ({
                    waypointId: w.id,
                    departedAt: w.departed_at ? new Date(w.departed_at).toISOString() : null,
                    notConsideredReason: w.not_considered_reason,
                    windowMiss: w.window_miss,
                    missedWindowCause: w.missed_window_cause,
                })),
            ).toEqual(
                waypoints.map(({ missedWindow: _missed, ...waypoint }) => ({
                    ...waypoint,
                    departedAt: waypoint.departedAt
                        ? new Date(waypoint.departedAt).toISOString()
                        : null,
                })),
            );
        }
        // Reviews: of delivered jobs of the tour, one to five stars.
        const [reviews] = await query<{ n: number; bad: number }>(sql`
            select count(*)::int as n,
                count(*) filter (where r.stars not between 1 and 5 or j.outcome::text not like 'DELIVERED%')::int as bad
            from consignee_reviews r join jobs j on j.id = r.job_id and j.tour_id = r.tour_id`);
        expect(reviews?.n).toBeGreaterThan(0);
        expect(reviews?.bad).toBe(0);
    });

    it('plans and drives the days on a worker thread', () => {
        expect(first.simulatedIn).toBe('worker');
    });

    it('sets each tour’s processing watermark at or above the sequence of its events and positions', async () => {
        // Else the processing would apply a finished day's events to its tours once more.
        const [check] = await query<{ rows: number; above: number }>(sql`
            select (select count(*)::int from driver_app_events) + (select count(*)::int from positions) as rows,
                (select count(*)::int from driver_app_events e join tours t on t.id = e.tour_id
                    where e.seq > t.processed_seq)
                + (select count(*)::int from positions p join tours t on t.id = p.tour_id
                    where p.seq > t.processed_seq) as above`);
        expect(check?.rows).toBeGreaterThan(0);
        expect(check?.above).toBe(0);
    });

    it('keeps only tours, waypoints and logins for the days beyond the detail windows', async () => {
        const before = await counts();
        // Nothing new for the same depot and days: a second start writes nothing.
        const again = await backfillHistory(handle.db, {
            depots: [depot],
            seed: 'backfill-test',
            today: TODAY,
            detail: { depth: twoWeeks },
        });
        expect(again).toMatchObject({ daysDone: 0, daysTotal: 0, daysSkipped: 12 });
        expect(Object.values(again.rows).every((n) => n === 0)).toBe(true);
        expect(await counts()).toEqual(before);
        // A third week further back, with waypoints but no jobs or events (beyond their windows).
        const older = await backfillHistory(handle.db, {
            depots: [depot],
            seed: 'backfill-test',
            today: TODAY,
            detail: { depth: threeWeeks },
        });
        expect(older).toMatchObject({ daysDone: 6, daysSkipped: 12 });
        expect(older.rows).toMatchObject({
            tours: 18,
            jobs: 0,
            parcels: 0,
            driver_app_events: 0,
            positions: 0,
        });
        expect(older.rows.waypoints).toBeGreaterThanOrEqual(18 * 30);
        expect(older.rows.driver_app_logins).toBeGreaterThanOrEqual(18);
    });

    it('finishes a depot day that a stopped backfill began, without duplicates', async () => {
        const before = await counts();
        // As if the server stopped before the day's last batch: its tours and waypoints never came.
        const day = '2026-03-11';
        for (const table of ['waypoints', 'tour_analytics', 'consignee_reviews'])
            await handle.db.execute(
                sql`delete from ${sql.identifier(table)} where tour_id in (select id from tours where tour_date = ${day})`,
            );
        await handle.db.execute(sql`delete from tours where tour_date = ${day}`);
        const resumed = await backfillHistory(handle.db, {
            depots: [depot],
            seed: 'backfill-test',
            today: TODAY,
            detail: { depth: threeWeeks },
        });
        expect(resumed).toMatchObject({ daysDone: 1, daysTotal: 1 });
        expect(await counts()).toEqual(before);
    });

    it('stops between depot days when its signal is aborted', async () => {
        const controller = new AbortController();
        for (const table of ['waypoints', 'tour_analytics', 'consignee_reviews'])
            await handle.db.execute(
                sql`delete from ${sql.identifier(table)} where tour_id in (select id from tours where tour_date >= '2026-03-16')`,
            );
        await handle.db.execute(sql`delete from tours where tour_date >= '2026-03-16'`);
        const stopped = await backfillHistory(handle.db, {
            depots: [depot],
            seed: 'backfill-test',
            today: TODAY,
            detail: { depth: threeWeeks },
            signal: controller.signal,
            onProgress: () => controller.abort(),
        });
        expect(stopped).toMatchObject({ aborted: true, daysDone: 1, daysTotal: 2 });
        expect(await countOf('tours')).toBe(17 * 3);
    });
});

describe('defaultBackfillDetail', () => {
    it('gives the demo organisation the weekly dashboard’s 15 weeks and 30 days of driven history', () => {
        const detail: BackfillDetail = defaultBackfillDetail;
        expect(detail.byTenant.nordpaket).toMatchObject({
            weeks: 15,
            waypointDays: 105,
            positionDays: 30,
        });
        // Events and positions stay within the default retention of 35 days.
        for (const depth of [detail.depth, ...Object.values(detail.byTenant)])
            expect(Math.max(depth.positionDays, depth.eventDays)).toBeLessThanOrEqual(34);
    });
});
