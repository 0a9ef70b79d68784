import type {
    TourActivityDetail,
    TourActivityList,
} from '../../../../domain/contracts/tour-activities.js';
import type { ProfileActions } from '../../../../domain/permissions.js';
import type { ScopeSet } from '../../../access/scopes.js';
import type { Database } from '../../../db/client.js';
import { findActivity, readDayActivities, readRttDays } from './activity-repository.js';
import { activityRightScopes, rightsAnswer, rightsOfTour } from './activity-rights.js';
import { activityOf, recommendationFiguresOf } from './activity-rows.js';

/** The depot a day's list is read for. */
interface ListDepot {
    internalDepotId: string;
    scopePath: string;
    timeZone: string;
}

/**
 * The depot's tours of `date` under `scopes` (where the caller holds r:tour-activity), each with
 * the extras the caller's rights cover for it: two reads of the tours and, when any tour gets
 * its RTT category, one of the 7 days before.
 */
export async function readDayActivityList(
    db: Database,
    actions: ProfileActions,
    depot: ListDepot,
    date: string,
    scopes: ScopeSet,
): Promise<TourActivityList> {
    const rightScopes = activityRightScopes(actions, depot.scopePath);
    const rows = await readDayActivities(db, depot.internalDepotId, date, scopes);
    const tours = rows.map((row) => ({ row, rights: rightsOfTour(rightScopes, row.scope_path) }));
    const rttNumbers = tours.filter((t) => t.rights.rtt).map((t) => t.row.tour_number);
    const rtt = await readRttDays(db, depot.internalDepotId, date, rttNumbers);
    return {
        date,
        timeZone: depot.timeZone,
        rights: rightsAnswer(rightScopes),
        tours: tours.map(({ row, rights }) =>
            activityOf(row, rights, rtt.get(row.tour_number) ?? []),
        ),
    };
}

/** One tour of the depot at `depotPath` as in the list, with its recommendations' figures; undefined when not found. */
export async function readTourActivity(
    db: Database,
    actions: ProfileActions,
    depotPath: string,
    tourId: string,
    scopes: ScopeSet,
): Promise<TourActivityDetail | undefined> {
    const row = await findActivity(db, tourId, depotPath, scopes);
    if (!row) return undefined;
    const rightScopes = activityRightScopes(actions, depotPath);
    const rights = rightsOfTour(rightScopes, row.scope_path);
    const rtt = rights.rtt
        ? await readRttDays(db, row.depot_id, row.tour_date, [row.tour_number])
        : new Map();
    const figures = rights.recommendations ? recommendationFiguresOf(row) : undefined;
    return {
        timeZone: row.depot_time_zone,
        rights: rightsAnswer(rightScopes),
        tour: activityOf(row, rights, rtt.get(row.tour_number) ?? []),
        ...(figures ? { recommendationFigures: figures } : {}),
    };
}
