import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import {
    TOUR_EVENTS_LIMIT,
    TOUR_PATH_MAX_POINTS,
    type TourDetail,
    type TourEvent,
    type TourJob,
    type TourPathPoint,
    type TourVehicleState,
    type TourWaypoint,
} from '../../../domain/contracts/tours.js';
import { isFailedOutcome } from '../../../domain/tours.js';
import type { Queryable } from '../../db/client.js';
import { preparedStatement } from '../../db/prepared.js';
import { jobs, tours, vehicleStates, waypoints } from '../../db/schema/index.js';
import { driverAppEvents, positions } from '../../db/schema/partitioned.js';
import { selectTourRows, tourListItem } from './tour-list-repository.js';

const DAY_MS = 86_400_000;
type JobCounts = Pick<TourWaypoint, 'jobsTotal' | 'jobsSuccessful' | 'jobsFailed'>;
const iso = (value: Date | null) => value?.toISOString() ?? null;

/**
 * The time window of a tour's raw events and positions: its date in any time zone, from the
 * day before to the day after (UTC). It bounds `occurred_at`, so only those day partitions are read.
 */
export function tourEventWindow(tourDate: string): { from: Date; to: Date } {
    const midnight = Date.parse(`${tourDate}T00:00:00Z`);
    return { from: new Date(midnight - DAY_MS), to: new Date(midnight + 2 * DAY_MS) };
}

async function tourWaypoints(
    db: Queryable,
    tourId: string,
): Promise<Omit<TourWaypoint, keyof JobCounts>[]> {
    const query = preparedStatement(db, 'tour_detail_waypoints', (prepared, name) =>
        prepared
            .select({
                id: waypoints.id,
                plannedSequence: waypoints.plannedSequence,
                suggestedSequence: waypoints.suggestedSequence,
                drivenSequence: waypoints.drivenSequence,
                state: waypoints.state,
                confirmation: waypoints.confirmation,
                timeFrameFrom: waypoints.timeFrameFrom,
                timeFrameTo: waypoints.timeFrameTo,
                eta: waypoints.eta,
                firstEta: waypoints.firstEta,
                ata: waypoints.ata,
                latitude: waypoints.latitude,
                longitude: waypoints.longitude,
                coordinateType: waypoints.coordinateType,
                street: waypoints.street,
                houseNo: waypoints.houseNo,
                postcode: waypoints.postcode,
                locality: waypoints.locality,
                countryCode: waypoints.countryCode,
            })
            .from(waypoints)
            .where(eq(waypoints.tourId, sql.placeholder('tourId')))
            .orderBy(asc(waypoints.plannedSequence), asc(waypoints.id))
            .prepare(name),
    );
    const rows = await query.execute({ tourId });
    return rows.map((row) => ({
        ...row,
        timeFrameFrom: iso(row.timeFrameFrom),
        timeFrameTo: iso(row.timeFrameTo),
        eta: iso(row.eta),
        firstEta: iso(row.firstEta),
        ata: iso(row.ata),
    }));
}

/** The tour's jobs with their parcel counts, by their stop's planned position, then their id. */
export async function tourJobs(
    db: Queryable,
    tourId: string,
    plannedPosition: ReadonlyMap<string, number>,
): Promise<TourJob[]> {
    const query = preparedStatement(db, 'tour_detail_jobs', (prepared, name) =>
        prepared
            .select({
                id: jobs.id,
                externalJobId: jobs.externalJobId,
                type: jobs.type,
                state: jobs.state,
                outcome: jobs.outcome,
                reason: jobs.reason,
                statusAt: jobs.statusAt,
                // Qualified by hand: drizzle leaves the columns of a one-table select unqualified.
                parcels: sql<number>`(select count(*)::int from parcels where parcels.job_id = jobs.id)`,
                waypointId: jobs.waypointId,
            })
            .from(jobs)
            .where(eq(jobs.tourId, sql.placeholder('tourId')))
            .prepare(name),
    );
    const rows = await query.execute({ tourId });
    const position = (job: { waypointId: string | null }) =>
        (job.waypointId ? plannedPosition.get(job.waypointId) : undefined) ?? Infinity;
    return rows
        .sort(
            (a, b) =>
                position(a) - position(b) ||
                (a.externalJobId < b.externalJobId
                    ? -1
                    : a.externalJobId > b.externalJobId
                      ? 1
                      : 0),
        )
        .map((row) => ({ ...row, parcels: Number(row.parcels), statusAt: iso(row.statusAt) }));
}

export async function vehicleState(
    db: Queryable,
    vehicleId: string,
): Promise<TourVehicleState | null> {
    const query = preparedStatement(db, 'tour_detail_vehicle_state', (prepared, name) =>
        prepared
            .select({
                tourId: vehicleStates.tourId,
                latitude: vehicleStates.latitude,
                longitude: vehicleStates.longitude,
                accuracy: vehicleStates.accuracy,
                speed: vehicleStates.speed,
                heading: vehicleStates.heading,
                battery: vehicleStates.battery,
                positionAt: vehicleStates.positionAt,
                appState: vehicleStates.appState,
                lastEventAt: vehicleStates.lastEventAt,
                lastEventType: vehicleStates.lastEventType,
            })
            .from(vehicleStates)
            .where(eq(vehicleStates.vehicleId, sql.placeholder('vehicleId')))
            .prepare(name),
    );
    const [row] = await query.execute({ vehicleId });
    if (!row) return null;
    return { ...row, positionAt: iso(row.positionAt), lastEventAt: iso(row.lastEventAt) };
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** The newest events of the tour (positions aside), newest first. */
async function tourEvents(
    db: Queryable,
    tourId: string,
    window: { from: Date; to: Date },
    externalJobIds: ReadonlyMap<string, string>,
): Promise<TourEvent[]> {
    const query = preparedStatement(db, 'tour_detail_events', (prepared, name) =>
        prepared
            .select({
                seq: driverAppEvents.seq,
                type: driverAppEvents.type,
                occurredAt: driverAppEvents.occurredAt,
                jobId: driverAppEvents.jobId,
                payload: driverAppEvents.payload,
            })
            .from(driverAppEvents)
            .where(
                and(
                    eq(driverAppEvents.tourId, sql.placeholder('tourId')),
                    gte(driverAppEvents.occurredAt, sql.placeholder('from')),
                    lt(driverAppEvents.occurredAt, sql.placeholder('to')),
                ),
            )
            .orderBy(desc(driverAppEvents.occurredAt), desc(driverAppEvents.seq))
            .limit(TOUR_EVENTS_LIMIT)
            .prepare(name),
    );
    const rows = await query.execute({ tourId, ...window });
    return rows.map(({ seq, type, occurredAt, jobId, payload }) => {
        const device = payload.device as Record<string, unknown> | undefined;
        return {
            id: String(seq),
            type,
            occurredAt: occurredAt.toISOString(),
            jobId,
            externalJobId: jobId ? (externalJobIds.get(jobId) ?? null) : null,
            outcome: text(payload.outcome),
            reason: text(payload.reason),
            appState: text(payload.appState),
            parcelNumber: text(payload.parcelNumber),
            battery: typeof payload.battery === 'number' ? payload.battery : null,
            sequenceLength: Array.isArray(payload.sequence) ? payload.sequence.length : null,
            appVersion: text(device?.appVersion),
        };
    });
}

/**
 * The driven path in time order, thinned evenly to about TOUR_PATH_MAX_POINTS points: every
 * k-th position, and always the last one (the vehicle's newest place on the tour).
 */
export async function drivenPath(
    db: Queryable,
    tourId: string,
    window: { from: Date; to: Date },
): Promise<TourPathPoint[]> {
    const query = preparedStatement(db, 'tour_detail_path', (prepared, name) => {
        const numbered = prepared
            .select({
                occurredAt: positions.occurredAt,
                latitude: positions.latitude,
                longitude: positions.longitude,
                n: sql<number>`row_number() over (order by ${positions.occurredAt}, ${positions.seq})`.as(
                    'n',
                ),
                total: sql<number>`count(*) over ()`.as('total'),
            })
            .from(positions)
            .where(
                and(
                    eq(positions.tourId, sql.placeholder('tourId')),
                    gte(positions.occurredAt, sql.placeholder('from')),
                    lt(positions.occurredAt, sql.placeholder('to')),
                ),
            )
            .as('numbered');
        return prepared
            .select({
                occurredAt: numbered.occurredAt,
                latitude: numbered.latitude,
                longitude: numbered.longitude,
            })
            .from(numbered)
            .where(
                sql`(${numbered.n} - 1) % greatest(1, ceil(${numbered.total} / ${sql.raw(String(TOUR_PATH_MAX_POINTS))}::float8)::bigint) = 0 or ${numbered.n} = ${numbered.total}`,
            )
            .orderBy(asc(numbered.n))
            .prepare(name);
    });
    const rows = await query.execute({ tourId, ...window });
    return rows.map((row) => ({
        at: new Date(row.occurredAt).toISOString(),
        latitude: row.latitude,
        longitude: row.longitude,
    }));
}

/**
 * Each waypoint's jobs: all, finished successfully, failed. Counted from the jobs themselves,
 * which the processing keeps current (the waypoint rows' own counters are set at import).
 */
export function jobCountsByWaypoint(tourJobs: readonly TourJob[]): Map<string, JobCounts> {
    const counts = new Map<string, JobCounts>();
    for (const job of tourJobs) {
        if (!job.waypointId) continue;
        const count = counts.get(job.waypointId) ?? {
            jobsTotal: 0,
            jobsSuccessful: 0,
            jobsFailed: 0,
        };
        count.jobsTotal += 1;
        if (job.outcome && isFailedOutcome(job.outcome)) count.jobsFailed += 1;
        else if (job.state === 'DONE') count.jobsSuccessful += 1;
        counts.set(job.waypointId, count);
    }
    return counts;
}

/** One tour with everything the admin's tour view shows; undefined for an unknown id. */
export async function findTourDetail(
    db: Queryable,
    tourId: string,
): Promise<TourDetail | undefined> {
    const query = preparedStatement(db, 'tour_detail_row', (prepared, name) =>
        selectTourRows(prepared)
            .where(eq(tours.id, sql.placeholder('tourId')))
            .limit(1)
            .prepare(name),
    );
    const [row] = await query.execute({ tourId });
    if (!row) return undefined;
    const window = tourEventWindow(row.tourDate);
    const stops = await tourWaypoints(db, tourId);
    const [tourJobList, state, path] = await Promise.all([
        tourJobs(db, tourId, new Map(stops.map((stop) => [stop.id, stop.plannedSequence]))),
        vehicleState(db, row.vehicleId),
        drivenPath(db, tourId, window),
    ]);
    const externalJobIds = new Map(tourJobList.map((job) => [job.id, job.externalJobId]));
    const counts = jobCountsByWaypoint(tourJobList);
    return {
        ...tourListItem(row),
        sequenceFidelity: row.sequenceFidelity,
        depotLocation: { latitude: row.depotLatitude, longitude: row.depotLongitude },
        waypoints: stops.map((stop) => ({
            ...stop,
            ...(counts.get(stop.id) ?? { jobsTotal: 0, jobsSuccessful: 0, jobsFailed: 0 }),
        })),
        jobs: tourJobList,
        vehicleState: state,
        events: await tourEvents(db, tourId, window, externalJobIds),
        drivenPath: path,
    };
}
