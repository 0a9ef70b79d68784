import { eq, like, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { escapeLike } from '../../access/scope-filter.js';
import type { Queryable } from '../../db/client.js';
import { affectedRows } from '../../db/raw-results.js';
import { driverAppEvents } from '../../db/schema/partitioned.js';
import {
    addressCorrections,
    customWaypoints,
    driverAppLogins,
    jobAssignments,
    jobs,
    permissionAssignments,
    roles,
    subcontractors,
    tours,
    users,
    vehicleStates,
    vehicles,
} from '../../db/schema/index.js';

function under(column: PgColumn, path: string): SQL | undefined {
    return or(eq(column, path), like(column, `${escapeLike(path)}.%`));
}

/** Rewrites `column` from the old depot path to the new one for every row at or below it. */
function moved(column: PgColumn, from: string, to: string): SQL {
    return sql`${to} || substr(${column}, ${from.length + 1})`;
}

/**
 * Moves every row that carries the depot's scope path (itself or below: subcontractors,
 * vehicles, driver and courier accounts, permission assignments, role visibility paths, job
 * assignments, jobs, tours, custom waypoints, vehicle states, driver-app logins and events,
 * address corrections) from `from` to `to`. Call in the
 * transaction that changes the depot. Returns the rows moved per table (for the audit entry).
 */
export async function moveScopePath(
    tx: Queryable,
    from: string,
    to: string,
): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    counts.subcontractors = (
        await tx
            .update(subcontractors)
            .set({ scopePath: moved(subcontractors.scopePath, from, to) })
            .where(under(subcontractors.scopePath, from))
            .returning({ id: subcontractors.id })
    ).length;
    counts.vehicles = (
        await tx
            .update(vehicles)
            .set({ scopePath: moved(vehicles.scopePath, from, to) })
            .where(under(vehicles.scopePath, from))
            .returning({ id: vehicles.id })
    ).length;
    counts.users = (
        await tx
            .update(users)
            .set({ scopePath: moved(users.scopePath, from, to) })
            .where(under(users.scopePath, from))
            .returning({ id: users.id })
    ).length;
    counts.permissionAssignments = (
        await tx
            .update(permissionAssignments)
            .set({ scopePath: moved(permissionAssignments.scopePath, from, to) })
            .where(under(permissionAssignments.scopePath, from))
            .returning({ id: permissionAssignments.id })
    ).length;
    counts.roles = (
        await tx
            .update(roles)
            .set({ visibilityPath: moved(roles.visibilityPath, from, to) })
            .where(under(roles.visibilityPath, from))
            .returning({ id: roles.id })
    ).length;
    // Operational rows: count what moved without reading the rows back.
    const operational = {
        jobAssignments,
        jobs,
        tours,
        customWaypoints,
        vehicleStates,
        driverAppLogins,
        driverAppEvents,
        addressCorrections,
    };
    for (const [name, table] of Object.entries(operational)) {
        const moves = await tx.execute(
            sql`update ${table} set scope_path = ${moved(table.scopePath, from, to)} where ${under(table.scopePath, from)}`,
        );
        counts[name] = affectedRows(moves);
    }
    return counts;
}
