import { and, eq, gte, lt, max, sql, type SQL } from 'drizzle-orm';
import type { HealthStatistics } from '../../../domain/contracts/health.js';
import type { HealthDay } from '../../../domain/healthStatus.js';
import { scopeCondition } from '../../access/scope-filter.js';
import type { ScopeSet } from '../../access/scopes.js';
import type { Queryable } from '../../db/client.js';
import { driverAppEvents } from '../../db/schema/partitioned.js';
import { depots, jobAssignments, tenants } from '../../db/schema/index.js';

/** Where the statistics are computed: one depot, or the visible part of an organisation. */
export type HealthArea = { depotId: string } | { tenantId: string; scopes: ScopeSet };

/** A depot under the visible scopes, with its time zone; undefined when unknown or outside them. */
export async function findHealthDepot(db: Queryable, scopes: ScopeSet, internalDepotId: string) {
    const [depot] = await db
        .select({ internalDepotId: depots.internalDepotId, timeZone: depots.timeZone })
        .from(depots)
        .where(
            and(
                eq(depots.internalDepotId, internalDepotId),
                scopeCondition(depots.scopePath, scopes),
            ),
        )
        .limit(1);
    return depot;
}

export async function findHealthTenant(db: Queryable, tenantId: string) {
    const [tenant] = await db
        .select({ id: tenants.id, timeZone: tenants.timeZone })
        .from(tenants)
        .where(eq(tenants.id, tenantId))
        .limit(1);
    return tenant;
}

// The same literal predicate as the partial indexes of driver_app_events, so the planner can use them.
const vehicleStatusChange = sql`${driverAppEvents.type} in ('SCAN', 'STATUS_CHANGE') and ${driverAppEvents.vehicleId} is not null`;

function areaCondition(
    area: HealthArea,
    columns: {
        depotId: typeof jobAssignments.depotId | typeof driverAppEvents.depotId;
        tenantId: typeof jobAssignments.tenantId | typeof driverAppEvents.tenantId;
        scopePath: typeof jobAssignments.scopePath | typeof driverAppEvents.scopePath;
    },
): SQL | undefined {
    if ('depotId' in area) return eq(columns.depotId, area.depotId);
    return and(eq(columns.tenantId, area.tenantId), scopeCondition(columns.scopePath, area.scopes));
}

/**
 * The last assignment of a job to a vehicle (when the data gateway received it) for the day, and
 * the last scan or status change on a vehicle during the day: the health badge's two times.
 */
export async function healthStatistics(
    db: Queryable,
    area: HealthArea,
    day: HealthDay,
): Promise<HealthStatistics> {
    const [[assignment], [event]] = await Promise.all([
        db
            .select({ at: max(jobAssignments.importedAt) })
            .from(jobAssignments)
            .where(
                and(
                    areaCondition(area, jobAssignments),
                    eq(jobAssignments.assignmentDate, day.date),
                ),
            ),
        db
            .select({ at: max(driverAppEvents.occurredAt) })
            .from(driverAppEvents)
            .where(
                and(
                    areaCondition(area, driverAppEvents),
                    vehicleStatusChange,
                    gte(driverAppEvents.occurredAt, day.from),
                    lt(driverAppEvents.occurredAt, day.to),
                ),
            ),
    ]);
    return { lastAssignmentAt: toIso(assignment?.at), lastStatusChangeAt: toIso(event?.at) };
}

/** PGlite and node-postgres both map timestamptz to Date; an aggregate may come back as text on some drivers. */
function toIso(value: Date | string | null | undefined): string | null {
    if (value === null || value === undefined) return null;
    return (value instanceof Date ? value : new Date(value)).toISOString();
}
