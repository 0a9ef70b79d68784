import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { tourSequenceFidelity } from '../../../domain/sequenceFidelity.js';
import {
    applyProgress,
    type ProgressCarry,
    type ProgressItem,
    type ProgressJob,
    type ProgressWaypoint,
} from '../../../domain/tourProgress.js';
import {
    isFailedOutcome,
    type ConfirmationSource,
    type FailureReason,
    type JobOutcome,
    type JobState,
    type TourState,
    type WaypointState,
} from '../../../domain/tours.js';
import type { Database, Queryable } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { listenToChannel } from '../../db/notifications.js';
import { rowsOf } from '../../db/raw-results.js';
import {
    applyCustomWaypointChanges,
    carryAfterCustomChanges,
} from './custom-waypoint-processing.js';

/**
 * Applies queued tours' new events (domain/tourProgress.ts) after the ingestion acknowledged
 * them. Any app server takes queued tours (`for update skip locked`), so two servers share the
 * work and nothing lives only in one server's memory. Woken by NOTIFY `tour_events`, and every
 * second in case a notification was missed.
 *
 * Paced: a tour is taken once its queue entry is `intervalSeconds` old (the entry stays while
 * more events arrive), so a busy tour is processed at most that often with all its new events
 * at once, and the processing's cost follows the number of tours, not of events. Claimed tours
 * are processed as a set, in one transaction of a fixed number of statements. On PGlite, whose
 * one connection serves every request, the sets are small and the processing rests as long as
 * it worked after each, so acknowledgements and reads never wait behind a backlog.
 */

/** Tours taken at a time: on PostgreSQL, and on PGlite (where a set holds the one connection). */
const CLAIM = { postgres: 50, pglite: 5 } as const;
const POLL_MS = 1_000;
const DEBOUNCE_MS = 100;
const RETRY_AFTER = '30 seconds';

type TourRow = {
    id: string;
    state: TourState;
    started_at: Date | string | null;
    finished_at: Date | string | null;
    driver_id: string | null;
    distance_metres: number;
    projected_finish_at: Date | string | null;
    last_event_at: Date | string | null;
    processed_seq: number | string;
    processing_state: ProgressCarry;
    tour_date: string;
    tenant_id: string;
    latitude: number;
    longitude: number;
};

type EventRow = {
    tour_id: string;
    seq: string | number;
    type: string;
    occurred_at: Date | string;
    user_id: string | null;
    job_id: string | null;
    event_id: string;
    payload: Record<string, unknown>;
};

type PositionRow = {
    tour_id: string;
    seq: string | number;
    occurred_at: Date | string;
    latitude: number;
    longitude: number;
    speed: number | null;
};

/** What one tour's run changes, written together with the other tours' changes. */
interface TourChanges {
    tour: TourRow;
    seq: number;
    result: ReturnType<typeof applyProgress>;
    waypoints: ProgressWaypoint[];
    outcomes: Map<string, { successful: number; failed: number }>;
    jobs: ProgressJob[];
}

const date = (value: Date | string | null) => (value === null ? null : new Date(value));
const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** Rows grouped by their `tour_id`. */
function byTour<R extends { tour_id: string }>(rows: readonly R[]): Map<string, R[]> {
    const groups = new Map<string, R[]>();
    for (const row of rows) {
        const group = groups.get(row.tour_id);
        if (group) group.push(row);
        else groups.set(row.tour_id, [row]);
    }
    return groups;
}

/**
 * Applies the tours' events after their watermarks, in one transaction with a fixed number of
 * statements whatever the number of tours (loads and saves are set-based). A tour whose
 * computation throws is left as it was and answered in `failed`; any database error fails the
 * whole set (the caller then takes the tours one by one).
 */
async function processTours(
    db: Database,
    tourIds: readonly string[],
    log?: FastifyInstance['log'],
    now = new Date(),
): Promise<{ failed: string[] }> {
    return db.transaction(async (tx) => {
        const tours = rowsOf<TourRow>(
            await tx.execute(sql`
                select t.id, t.state, t.started_at, t.finished_at, t.driver_id, t.distance_metres,
                    t.projected_finish_at, t.last_event_at, t.processed_seq, t.processing_state,
                    t.tour_date::text as tour_date, t.tenant_id, d.latitude, d.longitude
                from tours t join depots d on d.internal_depot_id = t.depot_id
                where t.id = any(${sql.param([...tourIds])}::text[])
                order by t.id for no key update of t`),
        );
        if (tours.length === 0) return { failed: [] };
        // Custom waypoints added or deleted by depot staff change the stops first.
        const reshaped = await applyCustomWaypointChanges(
            tx,
            tours.map((t) => t.id),
        );
        const { events, positions } = await loadNewItems(tx, tours);
        const eventsOf = byTour(events);
        const positionsOf = byTour(positions);
        const active = tours.filter(
            (t) => eventsOf.has(t.id) || positionsOf.has(t.id) || reshaped.has(t.id),
        );
        if (active.length === 0) return { failed: [] };
        const activeIds = active.map((t) => t.id);
        const waypointsOf = await loadWaypoints(tx, activeIds);
        const jobsOf = await loadJobs(tx, activeIds);
        const changes: TourChanges[] = [];
        const failed: string[] = [];
        for (const stored of active) {
            const tour = reshaped.has(stored.id)
                ? {
                      ...stored,
                      processing_state: carryAfterCustomChanges(
                          stored.processing_state ?? {},
                          waypointsOf.get(stored.id) ?? [],
                      ),
                  }
                : stored;
            try {
                changes.push(
                    tourChanges(
                        tour,
                        eventsOf.get(tour.id) ?? [],
                        positionsOf.get(tour.id) ?? [],
                        waypointsOf.get(tour.id) ?? [],
                        jobsOf.get(tour.id) ?? [],
                        now,
                    ),
                );
            } catch (error) {
                log?.error({ err: error, tourId: tour.id }, 'tour processing failed; queued again');
                failed.push(tour.id);
            }
            // Requests (acknowledgements above all) go first between two tours' computations.
            await new Promise((resolve) => setImmediate(resolve));
        }
        await saveWaypoints(tx, changes);
        await saveJobs(tx, changes);
        await insertStatuses(tx, changes);
        await saveTours(tx, changes);
        return { failed };
    });
}

/**
 * The tours' events and positions after each one's watermark. A tour's events happen around its
 * day: each tour reads only those days, and the whole read only the partitions of the tours' days.
 */
async function loadNewItems(tx: Queryable, tours: readonly TourRow[]) {
    const days = tours.map((t) => t.tour_date).sort();
    const wanted = sql`unnest(${sql.param(tours.map((t) => t.id))}::text[],
            ${sql.param(tours.map((t) => String(t.processed_seq)))}::bigint[],
            ${sql.param(tours.map((t) => t.tour_date))}::date[]) as q(tour_id, watermark, day)`;
    const near = (alias: string) => sql`${sql.raw(alias)}.tour_id = q.tour_id
            and ${sql.raw(alias)}.seq > q.watermark
            and ${sql.raw(alias)}.occurred_at >= (q.day - 1)::timestamptz
            and ${sql.raw(alias)}.occurred_at < (q.day + 2)::timestamptz
            and ${sql.raw(alias)}.occurred_at >= (${days[0]}::date - 1)::timestamptz
            and ${sql.raw(alias)}.occurred_at < (${days[days.length - 1]}::date + 2)::timestamptz`;
    const events = rowsOf<EventRow>(
        await tx.execute(sql`
            select e.tour_id, e.seq, e.type, e.occurred_at, e.user_id, e.job_id, e.event_id, e.payload
            from ${wanted} join driver_app_events e on ${near('e')}`),
    );
    const positions = rowsOf<PositionRow>(
        await tx.execute(sql`
            select p.tour_id, p.seq, p.occurred_at, p.latitude, p.longitude, p.speed
            from ${wanted} join positions p on ${near('p')}`),
    );
    return { events, positions };
}

/** One tour's new state from its new events and positions (no database access). */
function tourChanges(
    tour: TourRow,
    events: readonly EventRow[],
    positions: readonly PositionRow[],
    waypoints: ProgressWaypoint[],
    jobs: ProgressJob[],
    now: Date,
): TourChanges {
    const watermark = Number(tour.processed_seq);
    const items: ProgressItem[] = [
        ...events.map((e) => ({
            kind: 'event' as const,
            type: e.type,
            at: new Date(e.occurred_at),
            userId: e.user_id,
            jobId: e.job_id,
            eventId: e.event_id,
            outcome: e.payload.outcome as JobOutcome | undefined,
            reason: e.payload.reason as FailureReason | undefined,
            sequence: e.payload.sequence as string[] | undefined,
        })),
        ...positions.map((p) => ({
            kind: 'position' as const,
            at: new Date(p.occurred_at),
            latitude: p.latitude,
            longitude: p.longitude,
            speed: p.speed,
        })),
    ];
    let seq = watermark;
    for (const row of events) seq = Math.max(seq, Number(row.seq));
    for (const row of positions) seq = Math.max(seq, Number(row.seq));
    const result = applyProgress(
        {
            tour: {
                state: tour.state,
                startedAt: date(tour.started_at),
                finishedAt: date(tour.finished_at),
                driverId: tour.driver_id,
                distanceMetres: Number(tour.distance_metres),
                projectedFinishAt: date(tour.projected_finish_at),
                lastEventAt: date(tour.last_event_at),
                depot: { latitude: tour.latitude, longitude: tour.longitude },
                carry: tour.processing_state ?? {},
            },
            waypoints,
            jobs,
        },
        items,
        now,
    );
    const stored = new Map(waypoints.map((w) => [w.id, w]));
    const same = (a: ProgressWaypoint, b: ProgressWaypoint | undefined) =>
        b !== undefined &&
        a.state === b.state &&
        a.confirmation === b.confirmation &&
        a.suggestedSequence === b.suggestedSequence &&
        a.drivenSequence === b.drivenSequence &&
        a.ata?.getTime() === b.ata?.getTime() &&
        a.eta?.getTime() === b.eta?.getTime() &&
        a.firstEta?.getTime() === b.firstEta?.getTime();
    // Each stop's successful and failed jobs, kept on the stop for the lists.
    const outcomes = new Map<string, { successful: number; failed: number }>();
    const outcomeBefore = new Map(jobs.map((job) => [job.id, `${job.state}:${job.outcome}`]));
    const touched = new Set<string>();
    for (const job of result.jobs) {
        if (!job.waypointId) continue;
        const counts = outcomes.get(job.waypointId) ?? { successful: 0, failed: 0 };
        if (job.outcome && isFailedOutcome(job.outcome)) counts.failed += 1;
        else if (job.state === 'DONE' && job.outcome) counts.successful += 1;
        outcomes.set(job.waypointId, counts);
        if (outcomeBefore.get(job.id) !== `${job.state}:${job.outcome}`)
            touched.add(job.waypointId);
    }
    const before = new Map(jobs.map((j) => [j.id, j]));
    return {
        tour,
        seq,
        result,
        waypoints: result.waypoints.filter((w) => touched.has(w.id) || !same(w, stored.get(w.id))),
        outcomes,
        jobs: result.jobs.filter(
            (j) => before.get(j.id)?.state !== j.state || before.get(j.id)?.outcome !== j.outcome,
        ),
    };
}

async function loadWaypoints(
    tx: Queryable,
    tourIds: readonly string[],
): Promise<Map<string, ProgressWaypoint[]>> {
    const rows = rowsOf<{
        tour_id: string;
        id: string;
        planned_sequence: number;
        suggested_sequence: number | null;
        driven_sequence: number | null;
        state: WaypointState;
        confirmation: ConfirmationSource | null;
        ata: Date | string | null;
        eta: Date | string | null;
        first_eta: Date | string | null;
        latitude: number | null;
        longitude: number | null;
        jobs_total: number;
    }>(
        await tx.execute(
            sql`select tour_id, id, planned_sequence, suggested_sequence, driven_sequence, state, confirmation, ata, eta, first_eta, latitude, longitude, jobs_total
                from waypoints where tour_id = any(${sql.param([...tourIds])}::text[])`,
        ),
    );
    const groups = new Map<string, ProgressWaypoint[]>();
    for (const [tourId, group] of byTour(rows))
        groups.set(
            tourId,
            group.map((r) => ({
                id: r.id,
                plannedSequence: r.planned_sequence,
                suggestedSequence: r.suggested_sequence,
                drivenSequence: r.driven_sequence,
                state: r.state,
                confirmation: r.confirmation,
                ata: date(r.ata),
                eta: date(r.eta),
                firstEta: date(r.first_eta),
                latitude: r.latitude,
                longitude: r.longitude,
                jobsTotal: r.jobs_total,
            })),
        );
    return groups;
}

async function loadJobs(
    tx: Queryable,
    tourIds: readonly string[],
): Promise<Map<string, ProgressJob[]>> {
    const rows = rowsOf<{
        tour_id: string;
        id: string;
        waypoint_id: string | null;
        state: JobState;
        outcome: JobOutcome | null;
        reason: FailureReason | null;
        status_at: Date | string | null;
    }>(
        await tx.execute(
            sql`select tour_id, id, waypoint_id, state, outcome, reason, status_at
                from jobs where tour_id = any(${sql.param([...tourIds])}::text[])`,
        ),
    );
    const groups = new Map<string, ProgressJob[]>();
    for (const [tourId, group] of byTour(rows))
        groups.set(
            tourId,
            group.map((r) => ({
                id: r.id,
                waypointId: r.waypoint_id,
                state: r.state,
                outcome: r.outcome,
                reason: r.reason,
                statusAt: date(r.status_at),
            })),
        );
    return groups;
}

async function saveWaypoints(tx: Queryable, changes: readonly TourChanges[]) {
    const rows = changes.flatMap(({ waypoints, outcomes }) =>
        waypoints.map((w) => ({
            id: w.id,
            state: w.state,
            confirmation: w.confirmation,
            suggested: w.suggestedSequence,
            driven: w.drivenSequence,
            ata: iso(w.ata),
            eta: iso(w.eta),
            first_eta: iso(w.firstEta),
            successful: outcomes.get(w.id)?.successful ?? 0,
            failed: outcomes.get(w.id)?.failed ?? 0,
        })),
    );
    if (rows.length === 0) return;
    await tx.execute(sql`
        update waypoints w set state = r.state::waypoint_state, confirmation = r.confirmation::confirmation_source,
            suggested_sequence = r.suggested, driven_sequence = r.driven, ata = r.ata, eta = r.eta, first_eta = r.first_eta,
            jobs_successful = r.successful, jobs_failed = r.failed, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id text, state text, confirmation text,
            suggested int, driven int, ata timestamptz, eta timestamptz, first_eta timestamptz, successful int, failed int)
        where w.id = r.id`);
}

async function saveJobs(tx: Queryable, changes: readonly TourChanges[]) {
    const rows = changes.flatMap(({ jobs }) =>
        jobs.map((j) => ({
            id: j.id,
            state: j.state,
            outcome: j.outcome,
            reason: j.reason,
            at: iso(j.statusAt),
        })),
    );
    if (rows.length === 0) return;
    await tx.execute(sql`
        update jobs j set state = r.state::job_state, outcome = r.outcome::job_outcome, reason = r.reason::failure_reason,
            status_at = r.at, status_source = case when r.outcome is null then 'SYSTEM' else 'DRIVER_APP' end::status_source, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id text, state text, outcome text, reason text, at timestamptz)
        where j.id = r.id`);
}

async function insertStatuses(tx: Queryable, changes: readonly TourChanges[]) {
    const rows = changes.flatMap(({ tour, result }) =>
        result.statuses.map((s) => ({
            id: newId(),
            tenantId: tour.tenant_id,
            jobId: s.jobId,
            state: s.state,
            outcome: s.outcome,
            reason: s.reason,
            at: s.at.toISOString(),
            source: s.source,
            latitude: s.position?.latitude ?? null,
            longitude: s.position?.longitude ?? null,
            eventId: s.eventId,
        })),
    );
    if (rows.length === 0) return;
    await tx.execute(sql`
        insert into job_statuses (id, tenant_id, job_id, state, outcome, reason, occurred_at, source, latitude, longitude, event_id)
        select id, "tenantId", "jobId", state::job_state, outcome::job_outcome, reason::failure_reason, at, source::status_source, latitude, longitude, "eventId"
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id text, "tenantId" text, "jobId" text, state text,
            outcome text, reason text, at timestamptz, source text, latitude float8, longitude float8, "eventId" text)`);
}

async function saveTours(tx: Queryable, changes: readonly TourChanges[]) {
    if (changes.length === 0) return;
    const rows = changes.map(({ tour, seq, result }) => {
        const t = result.tour;
        return {
            id: tour.id,
            state: t.state,
            started: iso(t.startedAt),
            finished: iso(t.finishedAt),
            driver: t.driverId,
            distance: t.distanceMetres,
            projected: iso(t.projectedFinishAt),
            lastEvent: iso(t.lastEventAt),
            seq,
            carry: t.carry,
            done: result.waypoints.filter((w) => w.state === 'DONE').length,
            fidelity: tourSequenceFidelity(result.waypoints),
            successful: result.jobs.filter(
                (j) => j.state === 'DONE' && j.outcome && !isFailedOutcome(j.outcome),
            ).length,
            failed: result.jobs.filter((j) => j.outcome && isFailedOutcome(j.outcome)).length,
        };
    });
    await tx.execute(sql`
        update tours t set state = r.state::tour_state, started_at = r.started, finished_at = r.finished,
            driver_id = coalesce((select u.id from users u where u.id = r.driver), t.driver_id),
            distance_metres = r.distance, projected_finish_at = r.projected, last_event_at = r."lastEvent",
            processed_seq = r.seq, processing_state = r.carry, waypoints_done = r.done,
            sequence_fidelity = r.fidelity, jobs_successful = r.successful, jobs_failed = r.failed,
            updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id text, state text, started timestamptz,
            finished timestamptz, driver text, distance float8, projected timestamptz, "lastEvent" timestamptz,
            seq bigint, carry jsonb, done int, fidelity real, successful int, failed int)
        where t.id = r.id`);
    // The live feeds of every app server read the depots again at their next tick (at commit).
    await tx.execute(sql`select pg_notify('tours_changed', '')`);
}

interface ProcessingOptions {
    log?: FastifyInstance['log'];
    /** Takes only tours queued at least this long ago (default 0: every queued tour). */
    intervalSeconds?: number;
    /** Tours taken at a time (default 20). */
    claim?: number;
    /** Awaited after each set of tours with the milliseconds it took (the scheduler's pause). */
    afterBatch?: (elapsedMs: number) => Promise<void>;
}

/** Queues tours again after a pause, so a tour that keeps failing cannot hold the worker. */
async function queueAgain(db: Database, tourIds: readonly string[]): Promise<void> {
    if (tourIds.length === 0) return;
    await db.execute(sql`
        insert into tour_processing_queue (tour_id, requested_at)
        select unnest(${sql.param([...tourIds])}::text[]), now() + ${RETRY_AFTER}::interval
        on conflict do nothing`);
}

/**
 * Takes up to `CLAIM` queued tours and processes them together (`processTours`); when that set
 * fails in the database, one by one, so one bad tour cannot hold back the others. A tour that
 * fails is queued again. Answers how many tours progressed.
 */
export async function processQueuedTours(
    db: Database,
    options: ProcessingOptions = {},
): Promise<number> {
    const { log } = options;
    const claimed = rowsOf<{ tour_id: string }>(
        await db.execute(sql`
            delete from tour_processing_queue where tour_id in (
                select tour_id from tour_processing_queue
                where requested_at <= now() - make_interval(secs => ${options.intervalSeconds ?? 0})
                order by requested_at
                for update skip locked limit ${options.claim ?? 20})
            returning tour_id`),
    ).map((row) => row.tour_id);
    if (claimed.length === 0) return 0;
    const started = performance.now();
    let failed: string[];
    try {
        ({ failed } = await processTours(db, claimed, log));
    } catch (error) {
        log?.warn(
            { err: error, tours: claimed.length },
            'tour processing: taking the tours one by one',
        );
        failed = [];
        for (const tourId of claimed) {
            try {
                const single = await processTours(db, [tourId], log);
                failed.push(...single.failed);
            } catch (singleError) {
                log?.error({ err: singleError, tourId }, 'tour processing failed; queued again');
                failed.push(tourId);
            }
        }
    }
    await queueAgain(db, failed);
    await options.afterBatch?.(performance.now() - started);
    // Answers only what progressed: when every claimed tour failed, the worker waits for the poll.
    return claimed.length - failed.length;
}

/** Runs the processing on this app server while it is up. */
export function scheduleTourProcessing(fastify: FastifyInstance): void {
    const pglite = fastify.database.driver === 'pglite';
    const options: ProcessingOptions = {
        log: fastify.log,
        intervalSeconds: fastify.appConfig.events.processingIntervalSeconds,
        claim: CLAIM[pglite ? 'pglite' : 'postgres'],
        afterBatch: (elapsedMs) =>
            new Promise((resolve) =>
                pglite ? setTimeout(resolve, Math.min(elapsedMs, 1_000)) : setImmediate(resolve),
            ),
    };
    let timer: NodeJS.Timeout | undefined;
    let poll: NodeJS.Timeout | undefined;
    let running = false;
    let again = false;
    let stop: (() => Promise<void>) | undefined;
    const run = async () => {
        if (running) {
            again = true;
            return;
        }
        running = true;
        try {
            do {
                again = false;
                while ((await processQueuedTours(fastify.db, options)) > 0);
            } while (again);
        } catch (error) {
            fastify.log.error({ err: error }, 'tour processing failed');
        } finally {
            running = false;
        }
    };
    const soon = () => {
        if (timer) return;
        timer = setTimeout(() => {
            timer = undefined;
            void run();
        }, DEBOUNCE_MS);
        timer.unref();
    };
    fastify.addHook('onReady', async () => {
        stop = await listenToChannel(fastify.database, 'tour_events', {
            onNotify: soon,
            onListening: () => undefined,
        });
        poll = setInterval(soon, POLL_MS);
        poll.unref();
        soon();
    });
    fastify.addHook('onClose', async () => {
        if (timer) clearTimeout(timer);
        if (poll) clearInterval(poll);
        await stop?.();
        while (running) await new Promise((resolve) => setTimeout(resolve, 20));
    });
}
