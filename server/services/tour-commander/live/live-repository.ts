import { RTT_HISTORY_DAYS, NIGHT_FROM_HOUR, NIGHT_UNTIL_HOUR } from '../../../../domain/rtt.js';
import {
    LIVE_WINDOWS_AT_RISK_LIMIT,
    type WindowAtRisk,
} from '../../../../domain/contracts/live-status.js';
import { WINDOW_TOLERANCE_MINUTES } from '../../../../domain/liveStatus.js';
import type { TourState } from '../../../../domain/tours.js';
import type { Database } from '../../../db/client.js';
import { executeNamed } from '../../../db/prepared.js';

/**
 * The reads of the live feed. None scans history: today's tours of one depot with their
 * vehicles' latest state (every tick), their open stops (every few ticks), and the depot's last
 * 7 days of stops for the RTT categories (once a day per depot).
 */

type Instant = Date | string | null;

/** One of today's tours with its vehicle's latest state. */
export interface LiveTourRow extends Record<string, unknown> {
    id: string;
    tour_number: string;
    scope_path: string;
    vehicle_number: string;
    driver_first_name: string | null;
    driver_last_name: string | null;
    subcontractor_name: string | null;
    state: TourState;
    planned_start: Instant;
    started_at: Instant;
    finished_at: Instant;
    waypoints_done: number;
    waypoints_total: number;
    jobs_successful: number;
    jobs_failed: number;
    jobs_total: number;
    projected_finish_at: Instant;
    planned_finish_at: string | null;
    latitude: number | null;
    longitude: number | null;
    heading: number | null;
    battery: number | null;
    position_at: Instant;
    app_state: 'FOREGROUND' | 'BACKGROUND' | null;
    last_event_at: Instant;
    /** The newest driver-app event of the tour (not OsmAnd positions): the app usage. */
    last_app_event_at: Instant;
}

const TOURS_SQL = `
    select t.id, t.tour_number, t.scope_path, v.number as vehicle_number,
        u.first_name as driver_first_name, u.last_name as driver_last_name,
        s.name as subcontractor_name, t.state::text as state, t.planned_start, t.started_at,
        t.finished_at, t.waypoints_done, t.waypoints_total, t.jobs_successful, t.jobs_failed,
        t.jobs_total, t.projected_finish_at, t.processing_state->>'plannedFinishAt' as planned_finish_at,
        case when vs.tour_id is null or vs.tour_id = t.id then vs.latitude end as latitude,
        case when vs.tour_id is null or vs.tour_id = t.id then vs.longitude end as longitude,
        case when vs.tour_id is null or vs.tour_id = t.id then vs.heading end as heading,
        vs.battery, case when vs.tour_id is null or vs.tour_id = t.id then vs.position_at end as position_at,
        vs.app_state, vs.last_event_at, t.last_event_at as last_app_event_at
    from tours t
    join vehicles v on v.id = t.vehicle_id
    left join users u on u.id = t.driver_id
    left join subcontractors s on s.id = t.subcontractor_id
    left join vehicle_states vs on vs.vehicle_id = t.vehicle_id
    where t.depot_id = $1 and t.tour_date = $2::date`;

/** Today's tours of a depot (about 300 rows for a large depot), in one indexed read. */
export function readLiveTours(db: Database, depotId: string, date: string): Promise<LiveTourRow[]> {
    return executeNamed<LiveTourRow>(db, 'live_tours', TOURS_SQL, [depotId, date]);
}

interface OpenStopRow extends Record<string, unknown> {
    tour_id: string;
    waypoint_id: string;
    street: string;
    house_no: string | null;
    postcode: string;
    locality: string | null;
    time_frame_to: Date | string;
    eta: Date | string;
}

interface DeviationRow extends Record<string, unknown> {
    tour_id: string;
    deviation_minutes: number | null;
}

const AT_RISK_SQL = `
    select w.tour_id, w.id as waypoint_id, w.street, w.house_no, w.postcode, w.locality,
        w.time_frame_to, w.eta
    from waypoints w
    where w.tour_id = any($1::text[]) and w.state in ('OPEN', 'CURRENT')
        and w.time_frame_to is not null and w.eta is not null
        and w.eta > w.time_frame_to + make_interval(mins => $2::int)
    order by w.time_frame_to, w.tour_id, w.planned_sequence`;

/**
 * Today's average deviation of the ATA from the first ETA over done stops outside the night, less
 * those the analytics left out (not-considered reasons, set as the analytics worker gets to them).
 */
const DEVIATION_SQL = `
    select w.tour_id,
        avg(abs(extract(epoch from w.ata - w.first_eta))) / 60 as deviation_minutes
    from waypoints w
    where w.tour_id = any($1::text[]) and w.state = 'DONE' and w.ata is not null
        and w.first_eta is not null and w.not_considered_reason is null
        and extract(hour from w.first_eta at time zone $2) >= $3
        and extract(hour from w.first_eta at time zone $2) < $4
    group by w.tour_id`;

const iso = (value: Date | string): string =>
    value instanceof Date ? value.toISOString() : new Date(value).toISOString();

export interface OpenStopFigures {
    /** Per tour, how many open stops will miss their window. */
    atRiskByTour: Map<string, number>;
    /** The depot's stops at risk, soonest window end first, at most LIVE_WINDOWS_AT_RISK_LIMIT. */
    windowsAtRisk: Omit<WindowAtRisk, 'tourNumber'>[];
    /** Per tour, today's average ETA deviation in minutes (RTT). */
    deviationByTour: Map<string, number>;
}

/** The figures that need the tours' stops: windows at risk and today's ETA deviation. */
export async function readOpenStopFigures(
    db: Database,
    tourIds: readonly string[],
    timeZone: string,
): Promise<OpenStopFigures> {
    const ids = [...tourIds];
    const [atRisk, deviations] = await Promise.all([
        executeNamed<OpenStopRow>(db, 'live_windows_at_risk', AT_RISK_SQL, [
            ids,
            WINDOW_TOLERANCE_MINUTES,
        ]),
        executeNamed<DeviationRow>(db, 'live_today_deviation', DEVIATION_SQL, [
            ids,
            timeZone,
            NIGHT_UNTIL_HOUR,
            NIGHT_FROM_HOUR,
        ]),
    ]);
    const atRiskByTour = new Map<string, number>();
    for (const row of atRisk)
        atRiskByTour.set(row.tour_id, (atRiskByTour.get(row.tour_id) ?? 0) + 1);
    return {
        atRiskByTour,
        windowsAtRisk: atRisk.slice(0, LIVE_WINDOWS_AT_RISK_LIMIT).map((row) => ({
            tourId: row.tour_id,
            waypointId: row.waypoint_id,
            address: [
                [row.street, row.house_no].filter(Boolean).join(' '),
                [row.postcode, row.locality].filter(Boolean).join(' '),
            ].join(', '),
            timeFrameTo: iso(row.time_frame_to),
            eta: iso(row.eta),
        })),
        deviationByTour: new Map(
            deviations
                .filter((row) => row.deviation_minutes !== null)
                .map((row) => [row.tour_id, Number(row.deviation_minutes)]),
        ),
    };
}

/**
 * The stored day figures (tour_analytics, domain/tourAnalytics.ts: not-considered stops and night
 * ETAs left out) of the RTT_HISTORY_DAYS days before `date`, weighted by their stops: the same
 * 7-day deviation as the analysis screens (domain/rttHistory.ts).
 */
const HISTORY_SQL = `
    select t.tour_number,
        sum(a.eta_deviation_minutes * a.eta_stops) / nullif(sum(a.eta_stops), 0) as deviation_minutes
    from tour_analytics a join tours t on t.id = a.tour_id
    where a.depot_id = $1 and a.tour_date >= $2::date - $3::int and a.tour_date < $2::date
        and a.eta_stops > 0 and a.eta_deviation_minutes is not null
    group by t.tour_number`;

/** Per tour number, the average deviation of the ATA from the first ETA over the RTT_HISTORY_DAYS days before `date`. */
export async function readRttHistory(
    db: Database,
    depotId: string,
    date: string,
): Promise<Map<string, number>> {
    const rows = await executeNamed<{ tour_number: string; deviation_minutes: number | null }>(
        db,
        'live_rtt_history',
        HISTORY_SQL,
        [depotId, date, RTT_HISTORY_DAYS],
    );
    return new Map(
        rows
            .filter((row) => row.deviation_minutes !== null)
            .map((row) => [row.tour_number, Number(row.deviation_minutes)]),
    );
}

/** A tour of today of any depot of an organisation, with what the organisation's map draws. */
export interface FleetTourRow extends Record<string, unknown> {
    id: string;
    depot_id: string;
    tour_date: string;
    tour_number: string;
    scope_path: string;
    state: TourState;
    waypoints_done: number;
    waypoints_total: number;
    driver_first_name: string | null;
    driver_last_name: string | null;
    latitude: number | null;
    longitude: number | null;
    heading: number | null;
    position_at: Instant;
}

const FLEET_SQL = `
    select t.id, t.depot_id, t.tour_date::text as tour_date, t.tour_number, t.scope_path,
        t.state::text as state, t.waypoints_done, t.waypoints_total,
        u.first_name as driver_first_name, u.last_name as driver_last_name,
        vs.latitude, vs.longitude, vs.heading, vs.position_at
    from tours t
    left join users u on u.id = t.driver_id
    left join vehicle_states vs on vs.vehicle_id = t.vehicle_id
        and (vs.tour_id is null or vs.tour_id = t.id)
    where t.tenant_id = $1 and t.tour_date = any($2::date[])`;

/**
 * The organisation's tours of `dates` (today in each of its depots' zones; the caller keeps each
 * depot's own day), in one read by the (tenant, date) index.
 */
export function readFleetTours(
    db: Database,
    tenantId: string,
    dates: readonly string[],
): Promise<FleetTourRow[]> {
    return executeNamed<FleetTourRow>(db, 'live_fleet_tours', FLEET_SQL, [tenantId, [...dates]]);
}
