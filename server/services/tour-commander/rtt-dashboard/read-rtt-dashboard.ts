import type { RttDashboard } from '../../../../domain/contracts/rtt-dashboard.js';
import { calendarDateIn, isCalendarDate } from '../../../../domain/healthStatus.js';
import { foldRttDashboard, rttDashboardSpan } from '../../../../domain/rttDashboard.js';
import type { ScopeSet } from '../../../access/scopes.js';
import type { Database } from '../../../db/client.js';
import { badRequest } from '../../../errors.js';
import type { FeedDepot } from '../live/depot-feed.js';
import { blockedTourDetails, readDashboardTours } from './rtt-dashboard-repository.js';

const DAY_MS = 86_400_000;

/** Every calendar date from `from` to `to`, both included. */
function spanDates(from: string, to: string): string[] {
    const dates: string[] = [];
    for (
        let at = Date.parse(`${from}T00:00:00Z`);
        at <= Date.parse(`${to}T00:00:00Z`);
        at += DAY_MS
    )
        dates.push(new Date(at).toISOString().slice(0, 10));
    return dates;
}

const invalidDate = (date: string, message: string) =>
    badRequest(`/querystring/date ${message}`, [
        { field: '/querystring/date', message: `${date} ${message}` },
    ]);

/**
 * The tracking dashboard of `depot` up to `requested` (default: the depot's today; a day that does
 * not exist or lies ahead is a 400), over the tours within `scopes`: one read of the 15 weeks,
 * folded by domain/rttDashboard.ts, and one read of the details of the Blocked tours.
 */
export async function readRttDashboard(
    db: Database,
    depot: FeedDepot,
    scopes: ScopeSet,
    requested: string | undefined,
    now: Date = new Date(),
): Promise<RttDashboard> {
    const today = calendarDateIn(now, depot.timeZone);
    const date = requested ?? today;
    if (!isCalendarDate(date)) throw invalidDate(date, 'must be an existing day (YYYY-MM-DD)');
    if (date > today) throw invalidDate(date, `must not be after the depot's today (${today})`);
    const span = rttDashboardSpan(date);
    const tours = await readDashboardTours(
        db,
        depot.internalDepotId,
        spanDates(span.historyFrom, span.to),
        scopes,
    );
    const fold = foldRttDashboard(tours, date);
    return {
        depot: {
            id: depot.internalDepotId,
            externalId: depot.externalDepotId,
            name: depot.name,
            timeZone: depot.timeZone,
        },
        date,
        today,
        weeks: fold.weeks,
        trend: fold.trend,
        blocked: {
            date: fold.blocked.date,
            tours: fold.blocked.date
                ? await blockedTourDetails(
                      db,
                      depot.internalDepotId,
                      fold.blocked.date,
                      fold.blocked.tours,
                  )
                : [],
        },
    };
}
