import type { TourAnalytics } from '../../../../domain/tourAnalytics.js';
import { RTT_HISTORY_DAYS } from '../../../../domain/rtt.js';
import type { RttDay } from '../../../../domain/rttHistory.js';
import type { TourState } from '../../../../domain/tours.js';
import type { ScopeSet } from '../../../access/scopes.js';
import { scopeParameters } from '../../../access/scope-filter.js';
import type { Database } from '../../../db/client.js';
import { executeNamed } from '../../../db/prepared.js';
import { asJsonRows, jsonRows } from '../../../db/raw-results.js';

/**
 * The reads of daily activities. A depot's day is one indexed read of its tours
 * (`tours_depot_date_number_key`) with their analytics row and review sums (kept on the tour),
 * and one of the depot's 7 days before it and the day itself (`tour_analytics_depot_date_idx`)
 * for the RTT categories: two statements whatever the number of tours.
 */

type Instant = Date | string | null;

/** A tour of the day with its figures (those of `tour_analytics` null for a tour that did not start). */
export interface ActivityRow extends Record<string, unknown> {
    id: string;
    depot_id: string;
    tour_date: string;
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
    distance_metres: number;
    sequence_fidelity: number | null;
    computed_at: Instant;
    app_usage: string | null;
    app_foreground_minutes: number | null;
    eta_deviation_minutes: number | null;
    eta_stops: number | null;
    service_minutes: number | null;
    driving_minutes: number | null;
    sequence_adherence: number | null;
    star_rating: number | null;
    review_count: number;
    /** The parts of `figures` the row shows (the whole of it in the one-tour read). */
    figures: Partial<Omit<TourAnalytics, 'waypoints'>> | null;
}

const SELECT = `
    select t.id, t.depot_id, t.tour_date::text as tour_date, t.tour_number, t.scope_path,
        v.number as vehicle_number, u.first_name as driver_first_name,
        u.last_name as driver_last_name, s.name as subcontractor_name, t.state::text as state,
        t.planned_start, t.started_at, t.finished_at, t.waypoints_done, t.waypoints_total,
        t.jobs_successful, t.jobs_failed, t.jobs_total, t.distance_metres, t.sequence_fidelity,
        a.computed_at, a.app_usage, a.app_foreground_minutes, a.eta_deviation_minutes,
        a.eta_stops, a.service_minutes, a.driving_minutes, a.sequence_adherence,
        t.review_stars::float8 / nullif(t.review_count, 0) as star_rating,
        t.review_count,`;

const JOINS = `
    from tours t
    join vehicles v on v.id = t.vehicle_id
    left join users u on u.id = t.driver_id
    left join subcontractors s on s.id = t.subcontractor_id
    left join tour_analytics a on a.tour_id = t.id`;

/** The caller's scopes as parameters $n…$n+2 (`scopeParameters`). */
const scopeCondition = (n: number) =>
    `($${n}::boolean or t.scope_path = any($${n + 1}::text[]) or t.scope_path like any($${n + 2}::text[]))`;

const scopeValues = (scopes: ScopeSet) => {
    const { scopeAll, scopeExact, scopePrefixes } = scopeParameters(scopes);
    return [scopeAll, scopeExact, scopePrefixes];
};

// The list reads only the parts of `figures` its row shows, not every figure of the day, and
// answers its rows as one JSON text (raw-results.ts, `asJsonRows`).
const DAY_ROWS_SQL = `${SELECT}
        case when a.tour_id is null then null else jsonb_build_object(
            'recommendations', a.figures->'recommendations',
            'logins', a.figures->'logins',
            'loginDevices', a.figures->'loginDevices',
            'sequenceRequests', a.figures->'sequenceRequests',
            'startDelayMinutes', a.figures->'startDelayMinutes',
            'breakMinutes', a.figures->'breakMinutes',
            'missedWindows', a.figures->'missedWindows') end as figures
    ${JOINS}
    where t.depot_id = $1 and t.tour_date = $2::date and ${scopeCondition(3)}`;

const DAY_SQL = asJsonRows(DAY_ROWS_SQL, "lpad(r.tour_number, 20, '0'), r.id");

const ONE_SQL = `${SELECT} a.figures, t.last_event_at, d.time_zone as depot_time_zone,
        d.latitude as depot_latitude, d.longitude as depot_longitude
    ${JOINS}
    join depots d on d.internal_depot_id = t.depot_id
    where t.id = $1 and d.scope_path = $2 and ${scopeCondition(3)}`;

/** Every tour of the depot's day under `scopes`, in tour number order ("9" before "10"). */
export async function readDayActivities(
    db: Database,
    depotId: string,
    date: string,
    scopes: ScopeSet,
): Promise<ActivityRow[]> {
    return jsonRows<ActivityRow>(
        await executeNamed<{ rows: string }>(db, 'tour_activities_day', DAY_SQL, [
            depotId,
            date,
            ...scopeValues(scopes),
        ]),
    );
}

/** One tour with all its figures, its last event, and its depot's time zone and place. */
export interface OneActivityRow extends ActivityRow {
    last_event_at: Instant;
    depot_time_zone: string;
    depot_latitude: number;
    depot_longitude: number;
}

/**
 * The tour `tourId` of the depot at `depotPath` under `scopes` with all its figures; undefined
 * for an unknown tour, another depot's and one outside the scopes alike.
 */
export async function findActivity(
    db: Database,
    tourId: string,
    depotPath: string,
    scopes: ScopeSet,
): Promise<OneActivityRow | undefined> {
    const [row] = await executeNamed<OneActivityRow>(db, 'tour_activities_one', ONE_SQL, [
        tourId,
        depotPath,
        ...scopeValues(scopes),
    ]);
    return row;
}

// The 7 days before the date, and the date itself (domain/rttHistory.ts). The numbers as a set
// (a hash join, not a search of the array per tour), the days as one JSON text: PGlite hands over
// thousands of small rows slower than it finds them.
const RTT_DAYS_SQL = `
    select coalesce(json_agg(json_build_array(t.tour_number, a.tour_date,
        a.eta_deviation_minutes, a.eta_stops)), '[]')::text as days
    from tour_analytics a join tours t on t.id = a.tour_id
    where a.depot_id = $1 and a.tour_date between $2::date - ${RTT_HISTORY_DAYS} and $2::date
        and t.tour_number in (select unnest($3::text[]))`;

/** A stored day of RTT_DAYS_SQL: tour number, date, ETA deviation minutes, ETA stops. */
type RttDayTuple = [string, string, number | null, number];

/**
 * The stored days D−7…D of the depot's tour numbers `numbers` (RTT, domain/rttHistory.ts), by
 * tour number. No read for no numbers.
 */
export async function readRttDays(
    db: Database,
    depotId: string,
    date: string,
    numbers: readonly string[],
): Promise<Map<string, RttDay[]>> {
    const days = new Map<string, RttDay[]>();
    if (numbers.length === 0) return days;
    const [result] = await executeNamed<{ days: string }>(
        db,
        'tour_activities_rtt_days',
        RTT_DAYS_SQL,
        [depotId, date, [...numbers]],
    );
    for (const [tourNumber, tourDate, averageMinutes, stops] of JSON.parse(
        result?.days ?? '[]',
    ) as RttDayTuple[]) {
        const day: RttDay = { date: tourDate, averageMinutes, stops };
        const list = days.get(tourNumber);
        if (list) list.push(day);
        else days.set(tourNumber, [day]);
    }
    return days;
}
