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

/**
 * Applies queued tours' new events (domain/tourProgress.ts) after the ingestion acknowledged
 * them. Any app server takes queued tours (`for update skip locked`), so two servers share the
 * work and nothing lives only in one server's memory. Woken by NOTIFY `tour_events`, and every
 * second in case a notification was missed.
 *
 * Paced: a tour is taken once its queue entry is `intervalSeconds` old (the entry stays while
 * more events arrive), so a busy tour is processed at most that often with all its new events
 * at once, and the processing's cost follows the number of tours, not of events. On PGlite,
 * whose one connection serves every request, the processing also rests as long as it worked
 * after each tour, so acknowledgements and reads never wait behind a backlog.
 */

const CLAIM = 20;
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

const date = (value: Date | string | null) => (value === null ? null : new Date(value));
const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** Applies the tour's events after its watermark, in one transaction; false when the tour is gone. */
async function processTour(db: Database, tourId: string, now = new Date()): Promise<boolean> {
    return db.transaction(async (tx) => {
        const [tour] = rowsOf<TourRow>(
            await tx.execute(sql`
                select t.id, t.state, t.started_at, t.finished_at, t.driver_id, t.distance_metres,
                    t.projected_finish_at, t.last_event_at, t.processed_seq, t.processing_state,
                    t.tour_date::text as tour_date, t.tenant_id, d.latitude, d.longitude
                from tours t join depots d on d.internal_depot_id = t.depot_id
                where t.id = ${tourId} for update of t`),
        );
        if (!tour) return false;
        const watermark = Number(tour.processed_seq);
        // A tour's events happen around its day: only those days' partitions are read.
        const window = sql`occurred_at >= (${tour.tour_date}::date - 1)::timestamptz and occurred_at < (${tour.tour_date}::date + 2)::timestamptz`;
        const events = rowsOf<{
            seq: string | number;
            type: string;
            occurred_at: Date | string;
            user_id: string | null;
            job_id: string | null;
            event_id: string;
            payload: Record<string, unknown>;
        }>(
            await tx.execute(sql`
                select seq, type, occurred_at, user_id, job_id, event_id, payload from driver_app_events
                where tour_id = ${tourId} and seq > ${watermark} and ${window}`),
        );
        const positions = rowsOf<{
            seq: string | number;
            occurred_at: Date | string;
            latitude: number;
            longitude: number;
            speed: number | null;
        }>(
            await tx.execute(sql`
                select seq, occurred_at, latitude, longitude, speed from positions
                where tour_id = ${tourId} and seq > ${watermark} and ${window}`),
        );
        if (events.length === 0 && positions.length === 0) return true;
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
        const seq = Math.max(
            watermark,
            ...events.map((e) => Number(e.seq)),
            ...positions.map((p) => Number(p.seq)),
        );
        const waypoints = await loadWaypoints(tx, tourId);
        const jobs = await loadJobs(tx, tourId);
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
        await saveWaypoints(
            tx,
            result.waypoints.filter((w) => touched.has(w.id) || !same(w, stored.get(w.id))),
            outcomes,
        );
        const before = new Map(jobs.map((j) => [j.id, j]));
        await saveJobs(
            tx,
            result.jobs.filter(
                (j) =>
                    before.get(j.id)?.state !== j.state || before.get(j.id)?.outcome !== j.outcome,
            ),
        );
        if (result.statuses.length > 0)
            await tx.execute(sql`
                insert into job_statuses (id, tenant_id, job_id, state, outcome, reason, occurred_at, source, latitude, longitude, event_id)
                select id, ${tour.tenant_id}, "jobId", state::job_state, outcome::job_outcome, reason::failure_reason, at, source::status_source, latitude, longitude, "eventId"
                from jsonb_to_recordset(${JSON.stringify(
                    result.statuses.map((s) => ({
                        id: newId(),
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
                )}::jsonb) as r(id text, "jobId" text, state text, outcome text, reason text, at timestamptz, source text, latitude float8, longitude float8, "eventId" text)`);
        const t = result.tour;
        const done = result.waypoints.filter((w) => w.state === 'DONE').length;
        const failed = result.jobs.filter((j) => j.outcome && /FAILED$/.test(j.outcome)).length;
        const fidelity = tourSequenceFidelity(result.waypoints);
        const successful = result.jobs.filter(
            (j) => j.state === 'DONE' && j.outcome && !/FAILED$/.test(j.outcome),
        ).length;
        await tx.execute(sql`
            update tours set state = ${t.state}, started_at = ${iso(t.startedAt)}, finished_at = ${iso(t.finishedAt)},
                driver_id = coalesce((select id from users where id = ${t.driverId}), driver_id),
                distance_metres = ${t.distanceMetres}, projected_finish_at = ${iso(t.projectedFinishAt)},
                last_event_at = ${iso(t.lastEventAt)}, processed_seq = ${seq},
                processing_state = ${JSON.stringify(t.carry)}::jsonb, waypoints_done = ${done},
                sequence_fidelity = ${fidelity},
                jobs_successful = ${successful}, jobs_failed = ${failed}, updated_at = now()
            where id = ${tourId}`);
        return true;
    });
}

async function loadWaypoints(tx: Queryable, tourId: string): Promise<ProgressWaypoint[]> {
    const rows = rowsOf<{
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
            sql`select id, planned_sequence, suggested_sequence, driven_sequence, state, confirmation, ata, eta, first_eta, latitude, longitude, jobs_total from waypoints where tour_id = ${tourId}`,
        ),
    );
    return rows.map((r) => ({
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
    }));
}

async function loadJobs(tx: Queryable, tourId: string): Promise<ProgressJob[]> {
    const rows = rowsOf<{
        id: string;
        waypoint_id: string | null;
        state: JobState;
        outcome: JobOutcome | null;
        reason: FailureReason | null;
        status_at: Date | string | null;
    }>(
        await tx.execute(
            sql`select id, waypoint_id, state, outcome, reason, status_at from jobs where tour_id = ${tourId}`,
        ),
    );
    return rows.map((r) => ({
        id: r.id,
        waypointId: r.waypoint_id,
        state: r.state,
        outcome: r.outcome,
        reason: r.reason,
        statusAt: date(r.status_at),
    }));
}

async function saveWaypoints(
    tx: Queryable,
    rows: ProgressWaypoint[],
    outcomes: Map<string, { successful: number; failed: number }>,
) {
    if (rows.length === 0) return;
    await tx.execute(sql`
        update waypoints w set state = r.state::waypoint_state, confirmation = r.confirmation::confirmation_source,
            suggested_sequence = r.suggested, driven_sequence = r.driven, ata = r.ata, eta = r.eta, first_eta = r.first_eta,
            jobs_successful = r.successful, jobs_failed = r.failed, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(
            rows.map((w) => ({
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
        )}::jsonb) as r(id text, state text, confirmation text, suggested int, driven int, ata timestamptz,
            eta timestamptz, first_eta timestamptz, successful int, failed int)
        where w.id = r.id`);
}

async function saveJobs(tx: Queryable, rows: ProgressJob[]) {
    if (rows.length === 0) return;
    await tx.execute(sql`
        update jobs j set state = r.state::job_state, outcome = r.outcome::job_outcome, reason = r.reason::failure_reason,
            status_at = r.at, status_source = case when r.outcome is null then 'SYSTEM' else 'DRIVER_APP' end::status_source, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(
            rows.map((j) => ({
                id: j.id,
                state: j.state,
                outcome: j.outcome,
                reason: j.reason,
                at: iso(j.statusAt),
            })),
        )}::jsonb) as r(id text, state text, outcome text, reason text, at timestamptz)
        where j.id = r.id`);
}

interface ProcessingOptions {
    log?: FastifyInstance['log'];
    /** Takes only tours queued at least this long ago (default 0: every queued tour). */
    intervalSeconds?: number;
    /** Awaited after each tour with the milliseconds it took (the scheduler's pause). */
    afterTour?: (elapsedMs: number) => Promise<void>;
}

/** Takes up to `CLAIM` queued tours and processes them; a tour that fails is queued again. Answers how many it took. */
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
                for update skip locked limit ${CLAIM})
            returning tour_id`),
    );
    let failed = 0;
    for (const { tour_id: tourId } of claimed) {
        const started = performance.now();
        try {
            await processTour(db, tourId);
        } catch (error) {
            log?.error({ err: error, tourId }, 'tour processing failed; queued again');
            // Tried again after a pause, so a tour that keeps failing cannot hold the worker.
            await db.execute(
                sql`insert into tour_processing_queue (tour_id, requested_at) values (${tourId}, now() + ${RETRY_AFTER}::interval) on conflict do nothing`,
            );
            failed += 1;
        }
        await options.afterTour?.(performance.now() - started);
    }
    // Answers only what progressed: when every claimed tour failed, the worker waits for the poll.
    return claimed.length - failed;
}

/** Runs the processing on this app server while it is up. */
export function scheduleTourProcessing(fastify: FastifyInstance): void {
    const pglite = fastify.database.driver === 'pglite';
    const options: ProcessingOptions = {
        log: fastify.log,
        intervalSeconds: fastify.appConfig.events.processingIntervalSeconds,
        afterTour: (elapsedMs) =>
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
