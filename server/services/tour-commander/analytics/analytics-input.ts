import { sql } from 'drizzle-orm';
import type {
    AnalyticsEvent,
    AnalyticsJob,
    AnalyticsPosition,
    AnalyticsWaypoint,
    TourAnalyticsInput,
} from '../../../../domain/tourAnalytics.js';
import type {
    ConfirmationSource,
    CoordinateType,
    FailureReason,
    JobOutcome,
    JobType,
    WaypointState,
} from '../../../../domain/tours.js';
import type { Queryable } from '../../../db/client.js';
import { rowsOf } from '../../../db/raw-results.js';

/** A tour to summarise, with its depot and the watermark the figures are computed at. */
export interface AnalyticsTour {
    id: string;
    tenantId: string;
    depotId: string;
    tourDate: string;
    processedSeq: number;
    input: TourAnalyticsInput;
}

type Stamp = Date | string;
const date = (value: Stamp | null): Date | null => (value === null ? null : new Date(value));

type TourRow = {
    id: string;
    tenant_id: string;
    depot_id: string;
    tour_date: string;
    processed_seq: string | number;
    planned_start: Stamp | null;
    started_at: Stamp | null;
    finished_at: Stamp | null;
    time_zone: string;
    latitude: number;
    longitude: number;
};

type WaypointRow = {
    tour_id: string;
    id: string;
    planned_sequence: number;
    suggested_sequence: number | null;
    driven_sequence: number | null;
    state: WaypointState;
    confirmation: ConfirmationSource | null;
    time_frame_from: Stamp | null;
    time_frame_to: Stamp | null;
    time_frame_source: 'ASSIGNMENT' | 'DRIVER' | null;
    eta: Stamp | null;
    first_eta: Stamp | null;
    ata: Stamp | null;
    latitude: number | null;
    longitude: number | null;
    coordinate_type: CoordinateType | null;
};

type JobRow = {
    tour_id: string;
    id: string;
    waypoint_id: string;
    type: JobType;
    outcome: JobOutcome | null;
    reason: FailureReason | null;
    status_at: Stamp | null;
};

type EventRow = {
    tour_id: string;
    type: AnalyticsEvent['type'];
    occurred_at: Stamp;
    user_id: string | null;
    job_id: string | null;
    payload: {
        appState?: 'FOREGROUND' | 'BACKGROUND';
        position?: { latitude: number; longitude: number };
        sequence?: string[];
        device?: { imei?: string };
    };
};

type PositionRow = { tour_id: string; occurred_at: Stamp; latitude: number; longitude: number };

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
 * Everything `summariseTourAnalytics` needs of the tours: their waypoints and jobs, and the raw
 * events and positions of the days around each tour's date (the partitions of those days only).
 * Positions are thinned to one a minute per tour: departures from stops need no finer grain.
 */
export async function loadAnalyticsTours(
    db: Queryable,
    tourIds: readonly string[],
): Promise<AnalyticsTour[]> {
    if (tourIds.length === 0) return [];
    const ids = sql.param([...tourIds]);
    const tours = rowsOf<TourRow>(
        await db.execute(sql`
            select t.id, t.tenant_id, t.depot_id, t.tour_date::text as tour_date, t.processed_seq,
                t.planned_start, t.started_at, t.finished_at, d.time_zone, d.latitude, d.longitude
            from tours t join depots d on d.internal_depot_id = t.depot_id
            where t.id = any(${ids}::text[])`),
    );
    if (tours.length === 0) return [];
    const days = tours.map((t) => t.tour_date).sort();
    const from = sql`(${days[0]}::date - 1)::timestamptz`;
    const until = sql`(${days[days.length - 1]}::date + 2)::timestamptz`;
    const waypoints = byTour(
        rowsOf<WaypointRow>(
            await db.execute(sql`
                select tour_id, id, planned_sequence, suggested_sequence, driven_sequence, state,
                    confirmation, time_frame_from, time_frame_to, time_frame_source, eta, first_eta,
                    ata, latitude, longitude, coordinate_type
                from waypoints where tour_id = any(${ids}::text[])
                order by tour_id, planned_sequence`),
        ),
    );
    const jobs = byTour(
        rowsOf<JobRow>(
            await db.execute(sql`
                select tour_id, id, waypoint_id, type, outcome, reason, status_at
                from jobs where tour_id = any(${ids}::text[]) and waypoint_id is not null`),
        ),
    );
    const events = byTour(
        rowsOf<EventRow>(
            await db.execute(sql`
                select tour_id, type, occurred_at, user_id, job_id, payload
                from driver_app_events
                where tour_id = any(${ids}::text[]) and occurred_at >= ${from}
                    and occurred_at < ${until} and type <> 'POSITION'`),
        ),
    );
    const positions = byTour(
        rowsOf<PositionRow>(
            await db.execute(sql`
                select distinct on (tour_id, date_trunc('minute', occurred_at))
                    tour_id, occurred_at, latitude, longitude
                from positions
                where tour_id = any(${ids}::text[]) and occurred_at >= ${from}
                    and occurred_at < ${until}
                order by tour_id, date_trunc('minute', occurred_at), occurred_at`),
        ),
    );
    return tours.map((tour) => ({
        id: tour.id,
        tenantId: tour.tenant_id,
        depotId: tour.depot_id,
        tourDate: tour.tour_date,
        processedSeq: Number(tour.processed_seq),
        input: {
            timeZone: tour.time_zone,
            depot: { latitude: tour.latitude, longitude: tour.longitude },
            plannedStart: date(tour.planned_start),
            startedAt: date(tour.started_at),
            finishedAt: date(tour.finished_at),
            waypoints: (waypoints.get(tour.id) ?? []).map(waypointOf),
            jobs: (jobs.get(tour.id) ?? []).map(jobOf),
            events: (events.get(tour.id) ?? []).map(eventOf),
            positions: (positions.get(tour.id) ?? []).map(positionOf),
        },
    }));
}

const waypointOf = (row: WaypointRow): AnalyticsWaypoint => ({
    id: row.id,
    plannedSequence: row.planned_sequence,
    suggestedSequence: row.suggested_sequence,
    drivenSequence: row.driven_sequence,
    state: row.state,
    confirmation: row.confirmation,
    timeFrameFrom: date(row.time_frame_from),
    timeFrameTo: date(row.time_frame_to),
    timeFrameSource: row.time_frame_source,
    eta: date(row.eta),
    firstEta: date(row.first_eta),
    ata: date(row.ata),
    latitude: row.latitude,
    longitude: row.longitude,
    coordinateType: row.coordinate_type,
});

const jobOf = (row: JobRow): AnalyticsJob => ({
    id: row.id,
    waypointId: row.waypoint_id,
    type: row.type,
    outcome: row.outcome,
    reason: row.reason,
    // A job's status time before its outcome is when it went on tour, not a status at the stop.
    statusAt: row.outcome === null ? null : date(row.status_at),
});

const eventOf = (row: EventRow): AnalyticsEvent => ({
    type: row.type,
    at: new Date(row.occurred_at),
    userId: row.user_id,
    appState: row.payload.appState,
    jobId: row.job_id,
    position: row.payload.position ?? null,
    sequence: row.payload.sequence,
    deviceImei: row.payload.device?.imei ?? null,
});

const positionOf = (row: PositionRow): AnalyticsPosition => ({
    at: new Date(row.occurred_at),
    latitude: row.latitude,
    longitude: row.longitude,
});
