import { and, asc, eq, sql } from 'drizzle-orm';
import type { DepotTourCounts } from '../../../domain/contracts/health.js';
import type { HealthDay } from '../../../domain/healthStatus.js';
import { scopeCondition } from '../../access/scope-filter.js';
import type { ScopeSet } from '../../access/scopes.js';
import type { Queryable } from '../../db/client.js';
import { rowsOf } from '../../db/raw-results.js';
import { depots, tenants } from '../../db/schema/index.js';

/** An organisation with the business hours the health rule uses (its record, shell §9 defaults). */
export async function findHealthStatusTenant(db: Queryable, tenantId: string) {
    const [tenant] = await db
        .select({ id: tenants.id, from: tenants.businessHoursFrom, to: tenants.businessHoursTo })
        .from(tenants)
        .where(eq(tenants.id, tenantId))
        .limit(1);
    return tenant;
}

/** The organisation's depots under `scopes`, by external id. */
export function healthStatusDepots(db: Queryable, tenantId: string, scopes: ScopeSet) {
    return db
        .select({
            internalDepotId: depots.internalDepotId,
            externalDepotId: depots.externalDepotId,
            name: depots.name,
            timeZone: depots.timeZone,
        })
        .from(depots)
        .where(and(eq(depots.tenantId, tenantId), scopeCondition(depots.scopePath, scopes)))
        .orderBy(asc(depots.externalDepotId), asc(depots.internalDepotId));
}

/** A depot and its day (today in its time zone). */
export interface DepotDay {
    depotId: string;
    day: HealthDay;
}

/** What the database knows of one depot's day and data sources; times are null without data. */
export interface DepotHealthFigures {
    lastAssignmentAt: Date | null;
    lastStatusChangeAt: Date | null;
    lastPositionAt: Date | null;
    lastImportAt: Date | null;
    lastAppEventAt: Date | null;
    tours: DepotTourCounts;
}

interface FigureRow extends Record<string, unknown> {
    depot_id: string;
    last_assignment_at: Date | string | null;
    last_status_change_at: Date | string | null;
    last_position_at: Date | string | null;
    last_import_at: Date | string | null;
    last_app_event_at: Date | string | null;
    not_started: number | string | null;
    on_road: number | string | null;
    finished: number | string | null;
}

/**
 * The figures of every depot in one statement, each an index probe, so the answer does not grow
 * with the history kept:
 * - last assignment today: `job_assignments_depot_date_imported_idx`, newest of the day;
 * - last scan or status change today: the partial index `driver_app_events_depot_vehicle_status_idx`
 *   (its predicate written out literally so the planner uses it), bounded by the day and, as
 *   constants, by the earliest and latest day bound of all depots so only those day partitions
 *   are planned;
 * - last position and last driver-app event: the latest-state rows of the depot's vehicles;
 * - last import, any day: a loose index scan of the same assignment index: each step reads one
 *   entry, the newest receipt of the next earlier assignment date of the depot, so the cost
 *   grows with the number of dates (about 110 for 15 weeks), not with the assignments;
 * - today's tours by state: `tours_depot_date_number_key`.
 */
export async function depotHealthFigures(
    db: Queryable,
    depotDays: readonly DepotDay[],
): Promise<Map<string, DepotHealthFigures>> {
    if (depotDays.length === 0) return new Map();
    const ids = depotDays.map((entry) => entry.depotId);
    const dates = depotDays.map((entry) => entry.day.date);
    const froms = depotDays.map((entry) => entry.day.from.toISOString());
    const tos = depotDays.map((entry) => entry.day.to.toISOString());
    const earliest = new Date(Math.min(...depotDays.map((entry) => entry.day.from.getTime())));
    const latest = new Date(Math.max(...depotDays.map((entry) => entry.day.to.getTime())));
    const result = await db.execute(sql`
        with recursive depot_day (depot_id, day, day_from, day_to) as (
            select * from unnest(
                ${sql.param(ids)}::text[],
                ${sql.param(dates)}::date[],
                ${sql.param(froms)}::timestamptz[],
                ${sql.param(tos)}::timestamptz[]
            )
        ),
        assignment_day (depot_id, day, imported_at) as (
            select depot_day.depot_id, newest.assignment_date, newest.imported_at
              from depot_day
             cross join lateral (
                select ja.assignment_date, ja.imported_at from job_assignments ja
                 where ja.depot_id = depot_day.depot_id
                 order by ja.assignment_date desc, ja.imported_at desc limit 1
             ) newest
            union all
            select assignment_day.depot_id, earlier.assignment_date, earlier.imported_at
              from assignment_day
             cross join lateral (
                select ja.assignment_date, ja.imported_at from job_assignments ja
                 where ja.depot_id = assignment_day.depot_id and ja.assignment_date < assignment_day.day
                 order by ja.assignment_date desc, ja.imported_at desc limit 1
             ) earlier
        ),
        last_import (depot_id, at) as (
            select depot_id, max(imported_at) from assignment_day group by depot_id
        )
        select depot_day.depot_id,
            (select ja.imported_at from job_assignments ja
              where ja.depot_id = depot_day.depot_id and ja.assignment_date = depot_day.day
              order by ja.imported_at desc limit 1
            ) as last_assignment_at,
            (select e.occurred_at from driver_app_events e
              where e.depot_id = depot_day.depot_id
                and e.type in ('SCAN', 'STATUS_CHANGE') and e.vehicle_id is not null
                and e.occurred_at >= depot_day.day_from and e.occurred_at < depot_day.day_to
                and e.occurred_at >= ${earliest.toISOString()}::timestamptz
                and e.occurred_at < ${latest.toISOString()}::timestamptz
              order by e.occurred_at desc limit 1
            ) as last_status_change_at,
            vehicle_state.last_position_at,
            vehicle_state.last_app_event_at,
            last_import.at as last_import_at,
            tour_count.not_started,
            tour_count.on_road,
            tour_count.finished
          from depot_day
          left join lateral (
              select max(vs.position_at) as last_position_at, max(vs.last_event_at) as last_app_event_at
                from vehicle_states vs where vs.depot_id = depot_day.depot_id
          ) vehicle_state on true
          left join lateral (
              select count(*) filter (where t.state = 'NOT_STARTED') as not_started,
                     count(*) filter (where t.state = 'ON_ROAD') as on_road,
                     count(*) filter (where t.state = 'FINISHED') as finished
                from tours t where t.depot_id = depot_day.depot_id and t.tour_date = depot_day.day
          ) tour_count on true
          left join last_import on last_import.depot_id = depot_day.depot_id
    `);
    return new Map(
        rowsOf<FigureRow>(result).map((row) => [
            row.depot_id,
            {
                lastAssignmentAt: toDate(row.last_assignment_at),
                lastStatusChangeAt: toDate(row.last_status_change_at),
                lastPositionAt: toDate(row.last_position_at),
                lastImportAt: toDate(row.last_import_at),
                lastAppEventAt: toDate(row.last_app_event_at),
                tours: {
                    notStarted: Number(row.not_started ?? 0),
                    onRoad: Number(row.on_road ?? 0),
                    finished: Number(row.finished ?? 0),
                },
            },
        ]),
    );
}

/** Raw results: timestamptz arrives as a Date (PGlite, node-postgres) or as text. */
function toDate(value: Date | string | null): Date | null {
    if (value === null) return null;
    return value instanceof Date ? value : new Date(value);
}
