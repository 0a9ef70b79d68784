import { sql } from 'drizzle-orm';
import type { RttBlockedTour } from '../../../../domain/contracts/rtt-dashboard.js';
import {
    missedWindowCauses,
    type MissedWindowCause,
    type MissedWindowTally,
} from '../../../../domain/missedWindowCauses.js';
import type { RttDashboardTour, RttTourDay } from '../../../../domain/rttDashboard.js';
import type { ScopeSet } from '../../../access/scopes.js';
import { scopeParameters } from '../../../access/scope-filter.js';
import type { Database } from '../../../db/client.js';
import { executeNamed } from '../../../db/prepared.js';
import { rowsOf } from '../../../db/raw-results.js';

/**
 * The tracking dashboard's reads: every tour of a depot over the dashboard's days with its stored
 * ETA deviation (one set-based read by the (depot, date) indexes of tours and tour_analytics),
 * and the details of the few tours Blocked on one day.
 */

// Tour analytics are joined on the same depot and days, so their (depot, date) index bounds the
// read. Tens of thousands of tours: each is a small JSON array (the day as a number, no ids), all
// in one JSON text. As rows, PGlite took longer to hand them over (27,000 rows: ~250 ms) than to
// find them.
const TOURS_SQL = `
    select coalesce(json_agg(json_build_array(t.tour_date - $2::date, t.tour_number,
        ($4::boolean or t.scope_path = any($5::text[]) or t.scope_path like any($6::text[])),
        a.eta_deviation_minutes, a.eta_stops)), '[]')::text as tours
    from tours t
    left join tour_analytics a on a.tour_id = t.id
        and a.depot_id = $1 and a.tour_date between $2::date and $3::date
    where t.depot_id = $1 and t.tour_date between $2::date and $3::date`;

/** One tour of TOURS_SQL: day, tour number, visible, ETA deviation minutes, ETA stops. */
type DashboardTourTuple = [number, string, boolean, number | null, number | null];

/**
 * Every tour of the depot on the days `dates` (consecutive, oldest first), of every subcontractor:
 * those outside `scopes` are marked invisible and lend only their days to their tour number's
 * history.
 */
export async function readDashboardTours(
    db: Database,
    depotId: string,
    dates: readonly string[],
    scopes: ScopeSet,
): Promise<RttDashboardTour[]> {
    const { scopeAll, scopeExact, scopePrefixes } = scopeParameters(scopes);
    const [result] = await executeNamed<{ tours: string }>(db, 'rtt_dashboard_tours', TOURS_SQL, [
        depotId,
        dates[0],
        dates.at(-1),
        scopeAll,
        scopeExact,
        scopePrefixes,
    ]);
    const tuples = JSON.parse(result?.tours ?? '[]') as DashboardTourTuple[];
    return tuples.map(([day, tourNumber, visible, averageMinutes, stops]) => ({
        date: dates[day] ?? '',
        tourNumber,
        visible,
        averageMinutes,
        stops: stops ?? 0,
    }));
}

interface BlockedDetailRow extends Record<string, unknown> {
    id: string;
    tour_number: string;
    vehicle_number: string | null;
    driver_first_name: string | null;
    driver_last_name: string | null;
    subcontractor_name: string | null;
    night_etas: number | null;
    missed_windows: number | null;
    missed: Partial<MissedWindowTally> | null;
    not_considered: number;
}

/** The most frequent cause of a tally; the first in `missedWindowCauses` on a tie. */
function mainCause(tally: Partial<MissedWindowTally> | null): {
    cause: MissedWindowCause | null;
    count: number;
} {
    let best: { cause: MissedWindowCause | null; count: number } = { cause: null, count: 0 };
    for (const cause of missedWindowCauses) {
        const count = tally?.byCause?.[cause] ?? 0;
        if (count > best.count) best = { cause, count };
    }
    return best;
}

/**
 * The Blocked tours of the depot on `date` with their vehicle, driver, subcontractor and the
 * day's figures that explain them: night ETAs, missed windows and their main cause
 * (tour_analytics), not-considered stops (waypoints). One read, by the tours' (depot, date,
 * number) key and the waypoints' tour index.
 */
export async function blockedTourDetails(
    db: Database,
    depotId: string,
    date: string,
    tours: readonly RttTourDay[],
): Promise<RttBlockedTour[]> {
    if (tours.length === 0) return [];
    const numbers = sql.param(tours.map((tour) => tour.tourNumber));
    const rows = rowsOf<BlockedDetailRow>(
        await db.execute(sql`
            select t.id, t.tour_number, v.number as vehicle_number, u.first_name as driver_first_name,
                u.last_name as driver_last_name, s.name as subcontractor_name,
                a.night_etas, a.missed_windows, a.figures -> 'missedWindows' as missed,
                (select count(*)::int from waypoints w
                    where w.tour_id = t.id and w.not_considered_reason is not null) as not_considered
            from tours t
            left join vehicles v on v.id = t.vehicle_id
            left join users u on u.id = t.driver_id
            left join subcontractors s on s.id = t.subcontractor_id
            left join tour_analytics a on a.tour_id = t.id
            where t.depot_id = ${depotId} and t.tour_date = ${date}::date
                and t.tour_number = any(${numbers}::text[])`),
    );
    const byNumber = new Map(rows.map((row) => [row.tour_number, row]));
    return tours.flatMap((tour) => {
        const row = byNumber.get(tour.tourNumber);
        if (!row) return [];
        const main = mainCause(row.missed);
        return {
            id: row.id,
            tourNumber: tour.tourNumber,
            vehicleNumber: row.vehicle_number,
            driverName:
                row.driver_first_name === null
                    ? null
                    : `${row.driver_first_name} ${row.driver_last_name ?? ''}`.trim(),
            subcontractorName: row.subcontractor_name,
            // A Blocked tour always has a 7-day category: None never shows Blocked.
            sevenDayCategory: tour.sevenDayCategory ?? 'BLOCKED',
            sevenDayAverageMinutes: tour.sevenDayAverageMinutes ?? 0,
            sevenDayStops: tour.sevenDayStops,
            dayAverageMinutes: tour.dayAverageMinutes,
            dayStops: tour.dayStops,
            nightEtas: row.night_etas ?? 0,
            missedWindows: row.missed_windows ?? 0,
            mainMissedWindowCause: main.cause,
            mainMissedWindowCauseCount: main.count,
            notConsidered: row.not_considered,
        };
    });
}
