import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type {
    TourHistory,
    TourHistoryWaypoint,
} from '../../../../domain/contracts/tour-history.js';
import type { TourPathPoint } from '../../../../domain/contracts/tours.js';
import { DRIVEN_PATH_SLOT_SECONDS } from '../../../../domain/drivenHistory.js';
import { missedWindowCauses, windowMisses } from '../../../../domain/missedWindowCauses.js';
import { notConsideredReasons } from '../../../../domain/notConsideredReasons.js';
import { failureReasons, isFailedOutcome, type FailureReason } from '../../../../domain/tours.js';
import type { Queryable } from '../../../db/client.js';
import { preparedStatement } from '../../../db/prepared.js';
import { jobs, tourAnalytics, waypoints } from '../../../db/schema/index.js';
import { driverAppEvents, positions } from '../../../db/schema/partitioned.js';
import type { DepotTourRow } from '../depot-tour-repository.js';
import { tourEventWindow } from '../tour-detail-repository.js';
import { tourListItem } from '../tour-list-repository.js';

type Window = { from: Date; to: Date };
const iso = (value: Date | null) => value?.toISOString() ?? null;

/** `value` when it is one of `known` (the analytics columns are plain text), else null. */
function oneOf<T extends string>(known: readonly T[], value: string | null): T | null {
    return (known as readonly (string | null)[]).includes(value) ? (value as T) : null;
}

/** The tour's stops in planned order with their analytics columns (no job figures yet). */
async function historyStops(db: Queryable, tourId: string) {
    const query = preparedStatement(db, 'tour_history_waypoints', (prepared, name) =>
        prepared
            .select({
                id: waypoints.id,
                plannedSequence: waypoints.plannedSequence,
                suggestedSequence: waypoints.suggestedSequence,
                drivenSequence: waypoints.drivenSequence,
                state: waypoints.state,
                confirmation: waypoints.confirmation,
                latitude: waypoints.latitude,
                longitude: waypoints.longitude,
                street: waypoints.street,
                houseNo: waypoints.houseNo,
                postcode: waypoints.postcode,
                locality: waypoints.locality,
                timeFrameFrom: waypoints.timeFrameFrom,
                timeFrameTo: waypoints.timeFrameTo,
                firstEta: waypoints.firstEta,
                eta: waypoints.eta,
                ata: waypoints.ata,
                departedAt: waypoints.departedAt,
                notConsideredReason: waypoints.notConsideredReason,
                windowMiss: waypoints.windowMiss,
                missedWindowCause: waypoints.missedWindowCause,
            })
            .from(waypoints)
            .where(eq(waypoints.tourId, sql.placeholder('tourId')))
            .orderBy(asc(waypoints.plannedSequence), asc(waypoints.id))
            .prepare(name),
    );
    return query.execute({ tourId });
}

type JobFigures = Pick<TourHistoryWaypoint, 'jobsTotal' | 'jobsFailed' | 'failureReasons'>;

/** Each stop's jobs: how many, how many failed and the reasons they name. */
async function jobFiguresByStop(db: Queryable, tourId: string): Promise<Map<string, JobFigures>> {
    const query = preparedStatement(db, 'tour_history_jobs', (prepared, name) =>
        prepared
            .select({ waypointId: jobs.waypointId, outcome: jobs.outcome, reason: jobs.reason })
            .from(jobs)
            .where(eq(jobs.tourId, sql.placeholder('tourId')))
            .prepare(name),
    );
    const reasons = new Map<string, Set<FailureReason>>();
    const figures = new Map<string, JobFigures>();
    for (const job of await query.execute({ tourId })) {
        if (!job.waypointId) continue;
        const stop = figures.get(job.waypointId) ?? {
            jobsTotal: 0,
            jobsFailed: 0,
            failureReasons: [],
        };
        stop.jobsTotal += 1;
        if (job.outcome !== null && isFailedOutcome(job.outcome)) {
            stop.jobsFailed += 1;
            if (job.reason !== null) {
                const named = reasons.get(job.waypointId) ?? new Set();
                named.add(job.reason);
                reasons.set(job.waypointId, named);
                stop.failureReasons = failureReasons.filter((reason) => named.has(reason));
            }
        }
        figures.set(job.waypointId, stop);
    }
    return figures;
}

/** The day's stored analytics of the tour; undefined before the worker summarised it. */
async function storedAnalytics(db: Queryable, tourId: string) {
    const query = preparedStatement(db, 'tour_history_analytics', (prepared, name) =>
        prepared
            .select({
                sequenceAdherence: tourAnalytics.sequenceAdherence,
                etaDeviationMinutes: tourAnalytics.etaDeviationMinutes,
                etaStops: tourAnalytics.etaStops,
            })
            .from(tourAnalytics)
            .where(eq(tourAnalytics.tourId, sql.placeholder('tourId')))
            .prepare(name),
    );
    const [row] = await query.execute({ tourId });
    return row;
}

/**
 * The tour's positions in time order, the first of each DRIVEN_PATH_SLOT_SECONDS slot of the
 * clock (so at most one per slot), read from the day partitions around the tour's date only.
 */
async function thinnedPath(
    db: Queryable,
    tourId: string,
    window: Window,
): Promise<TourPathPoint[]> {
    const query = preparedStatement(db, 'tour_history_path', (prepared, name) => {
        const slot = sql`floor(extract(epoch from ${positions.occurredAt}) / ${sql.raw(String(DRIVEN_PATH_SLOT_SECONDS))})`;
        return prepared
            .selectDistinctOn([slot], {
                occurredAt: positions.occurredAt,
                latitude: positions.latitude,
                longitude: positions.longitude,
            })
            .from(positions)
            .where(
                and(
                    eq(positions.tourId, sql.placeholder('tourId')),
                    gte(positions.occurredAt, sql.placeholder('from')),
                    lt(positions.occurredAt, sql.placeholder('to')),
                ),
            )
            .orderBy(slot, asc(positions.occurredAt), asc(positions.seq))
            .prepare(name);
    });
    const rows = await query.execute({ tourId, ...window });
    return rows.map((row) => ({
        at: new Date(row.occurredAt).toISOString(),
        latitude: row.latitude,
        longitude: row.longitude,
    }));
}

/** When the driver app sent a new order of the stops (SEQUENCE events), in time order. */
async function sequenceChanges(db: Queryable, tourId: string, window: Window): Promise<string[]> {
    const query = preparedStatement(db, 'tour_history_sequences', (prepared, name) =>
        prepared
            .select({ occurredAt: driverAppEvents.occurredAt })
            .from(driverAppEvents)
            .where(
                and(
                    eq(driverAppEvents.tourId, sql.placeholder('tourId')),
                    eq(driverAppEvents.type, 'SEQUENCE'),
                    gte(driverAppEvents.occurredAt, sql.placeholder('from')),
                    lt(driverAppEvents.occurredAt, sql.placeholder('to')),
                ),
            )
            .orderBy(asc(driverAppEvents.occurredAt), asc(driverAppEvents.seq))
            .prepare(name),
    );
    const rows = await query.execute({ tourId, ...window });
    return rows.map((row) => new Date(row.occurredAt).toISOString());
}

/** One tour of a depot (found with its scopes checked) with its driven history and analysis. */
export async function readTourHistory(db: Queryable, row: DepotTourRow): Promise<TourHistory> {
    const window = tourEventWindow(row.tourDate);
    const [stops, jobFigures, analytics, path, changes] = await Promise.all([
        historyStops(db, row.id),
        jobFiguresByStop(db, row.id),
        storedAnalytics(db, row.id),
        thinnedPath(db, row.id, window),
        sequenceChanges(db, row.id, window),
    ]);
    return {
        ...tourListItem(row),
        sequenceFidelity: row.sequenceFidelity,
        sequenceAdherence: analytics?.sequenceAdherence ?? null,
        etaDeviation: {
            averageMinutes: analytics?.etaDeviationMinutes ?? null,
            stops: analytics?.etaStops ?? 0,
        },
        depotLocation: { latitude: row.depotLatitude, longitude: row.depotLongitude },
        waypoints: stops.map((stop) => ({
            ...stop,
            timeFrameFrom: iso(stop.timeFrameFrom),
            timeFrameTo: iso(stop.timeFrameTo),
            firstEta: iso(stop.firstEta),
            eta: iso(stop.eta),
            ata: iso(stop.ata),
            departedAt: iso(stop.departedAt),
            notConsideredReason: oneOf(notConsideredReasons, stop.notConsideredReason),
            windowMiss: oneOf(windowMisses, stop.windowMiss),
            missedWindowCause: oneOf(missedWindowCauses, stop.missedWindowCause),
            ...(jobFigures.get(stop.id) ?? { jobsTotal: 0, jobsFailed: 0, failureReasons: [] }),
        })),
        drivenPath: path,
        sequenceChanges: changes,
    };
}
