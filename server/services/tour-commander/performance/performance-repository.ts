import { sql, type SQL } from 'drizzle-orm';
import { missedWindowCauses } from '../../../../domain/missedWindowCauses.js';
import { failureReasons, type TourState } from '../../../../domain/tours.js';
import type { ScopeSet } from '../../../access/scopes.js';
import { scopeCondition } from '../../../access/scope-filter.js';
import type { Queryable } from '../../../db/client.js';
import { rowsOf } from '../../../db/raw-results.js';
import { tours } from '../../../db/schema/index.js';
import type { PerformanceSums } from './performance-figures.js';

/**
 * The tour performance reads (issue 16 parts 2 and 7): a depot's tour days over a range within
 * the caller's scopes, summed in SQL per tour number, per tour day, or per driver, subcontractor
 * and tour number at once (grouping sets), so that 30 days of a 300-tour depot answer a few
 * hundred rows, not nine thousand. The days are read once (`tours_depot_date_number_key`, the
 * analytics on the same depot and days, so that their (depot, date) index bounds the read: their
 * rows are wide, and 15 weeks of them are read otherwise) into a materialised set: the two parts
 * of the analytics document that are summed are taken out once per day. A tour's review sums are
 * kept on the tour by triggers (migration 0017), so no review is read.
 */

export interface PerformanceSelection {
    depotId: string;
    from: string;
    to: string;
}

/** The days of the selection within `scopes`; `extra` narrows them further. */
function tourDays(scopes: ScopeSet, selection: PerformanceSelection, extra?: SQL): SQL {
    const { depotId, from, to } = selection;
    const inRange = sql`${tours.depotId} = ${depotId} and ${tours.tourDate} between ${from} and ${to}`;
    return sql`with day as materialized (
        select tours.id, tours.tour_date, tours.tour_number, tours.state, tours.started_at,
            tours.driver_id, tours.subcontractor_id, tours.waypoints_total, tours.waypoints_done,
            tours.jobs_successful, tours.jobs_failed, tours.distance_metres, tours.sequence_fidelity,
            tours.review_stars as stars, tours.review_count as reviews,
            a.driving_minutes, a.service_minutes, a.eta_deviation_minutes, a.eta_stops,
            a.sequence_adherence, a.missed_windows,
            a.figures -> 'failedJobsByReason' as failed,
            a.figures -> 'missedWindows' -> 'byCause' as causes
        from ${tours}
        left join tour_analytics a on a.tour_id = tours.id
            and a.depot_id = ${depotId} and a.tour_date between ${from} and ${to}
        where ${inRange} and ${scopeCondition(tours.scopePath, scopes) ?? sql`true`}
            ${extra ? sql`and ${extra}` : sql``}
    )`;
}

/** Counts as integers; sums of stored reals through numeric, so 0.1 stays 0.1. */
const sums = sql.raw(
    [
        'count(*)::int as "days"',
        'count(day.started_at)::int as "daysDriven"',
        'coalesce(sum(day.waypoints_total), 0)::int as "stopsPlanned"',
        'coalesce(sum(day.waypoints_done), 0)::int as "stopsDone"',
        'coalesce(sum(day.jobs_successful), 0)::int as "jobsSuccessful"',
        'coalesce(sum(day.jobs_failed), 0)::int as "jobsFailed"',
        ...failureReasons.map(
            (reason) =>
                `coalesce(sum((day.failed ->> '${reason}')::int), 0)::int as "failed_${reason}"`,
        ),
        'sum(day.driving_minutes)::int as "drivingMinutes"',
        'count(day.driving_minutes)::int as "drivingDays"',
        'sum(day.service_minutes)::int as "serviceMinutes"',
        'count(day.service_minutes)::int as "serviceDays"',
        'coalesce(sum(day.distance_metres), 0)::float8 as "distanceMetres"',
        '(sum(day.eta_deviation_minutes::numeric * day.eta_stops) filter (where day.eta_stops > 0))::float8 as "etaWeighted"',
        'coalesce(sum(day.eta_stops) filter (where day.eta_deviation_minutes is not null and day.eta_stops > 0), 0)::int as "etaStops"',
        'sum(day.sequence_fidelity::numeric)::float8 as "fidelitySum"',
        'count(day.sequence_fidelity)::int as "fidelityDays"',
        '(sum(day.sequence_adherence::numeric * day.waypoints_done) filter (where day.waypoints_done > 0))::float8 as "adherenceWeighted"',
        'coalesce(sum(day.waypoints_done) filter (where day.sequence_adherence is not null and day.waypoints_done > 0), 0)::int as "adherenceStops"',
        'coalesce(sum(day.stars), 0)::int as "reviewStars"',
        'coalesce(sum(day.reviews), 0)::int as "reviews"',
        'coalesce(sum(day.missed_windows), 0)::int as "missedWindows"',
        ...missedWindowCauses.map(
            (cause) =>
                `coalesce(sum((day.causes ->> '${cause}')::int), 0)::int as "missed_${cause}"`,
        ),
    ].join(', '),
);

const driverName = sql.raw(
    `case when u.first_name is null then null else trim(u.first_name || ' ' || coalesce(u.last_name, '')) end`,
);

/** The sums of each tour number of the selection. */
export async function sumsByTourNumber(
    db: Queryable,
    scopes: ScopeSet,
    selection: PerformanceSelection,
): Promise<(PerformanceSums & { tourNumber: string })[]> {
    return rowsOf(
        await db.execute(sql`${tourDays(scopes, selection)}
            select day.tour_number as "tourNumber", ${sums} from day group by day.tour_number`),
    );
}

export type TourDaySums = PerformanceSums & {
    tourId: string;
    tourDate: string;
    state: TourState;
    driverName: string | null;
    subcontractorName: string | null;
};

/** The sums of each day of one tour number (one tour each), oldest first. */
export async function sumsByTourDay(
    db: Queryable,
    scopes: ScopeSet,
    selection: PerformanceSelection,
    tourNumber: string,
): Promise<TourDaySums[]> {
    return rowsOf(
        await db.execute(sql`${tourDays(scopes, selection, sql`${tours.tourNumber} = ${tourNumber}`)}
            select day.id as "tourId", day.tour_date::text as "tourDate", day.state,
                ${driverName} as "driverName", s.name as "subcontractorName", ${sums}
            from day
            left join users u on u.id = day.driver_id
            left join subcontractors s on s.id = day.subcontractor_id
            group by day.id, day.tour_date, day.state, u.first_name, u.last_name, s.name
            order by day.tour_date, day.id`),
    );
}

export type RollupSums = PerformanceSums & {
    kind: 'driver' | 'subcontractor' | 'tourNumber';
    id: string | null;
    name: string | null;
};

/**
 * The sums of the started tour days per driver, per subcontractor and per tour number, in one
 * pass (grouping sets); the tour number is the `id` of its rows.
 */
export async function rollupSums(
    db: Queryable,
    scopes: ScopeSet,
    selection: PerformanceSelection,
): Promise<RollupSums[]> {
    return rowsOf(
        await db.execute(sql`${tourDays(scopes, selection, sql`${tours.startedAt} is not null`)}
            select
                case when grouping(day.driver_id) = 0 then 'driver'
                    when grouping(day.subcontractor_id) = 0 then 'subcontractor'
                    else 'tourNumber' end as "kind",
                coalesce(day.driver_id, day.subcontractor_id, day.tour_number) as "id",
                case when grouping(day.driver_id) = 0 then ${driverName} else s.name end as "name",
                ${sums}
            from day
            left join users u on u.id = day.driver_id
            left join subcontractors s on s.id = day.subcontractor_id
            group by grouping sets ((day.driver_id, u.first_name, u.last_name),
                (day.subcontractor_id, s.name), (day.tour_number))`),
    );
}
