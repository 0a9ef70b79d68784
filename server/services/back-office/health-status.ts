import type { DepotHealthStatus, HealthStatus } from '../../../domain/contracts/health.js';
import { depotHealthState, healthDay, type HealthDay } from '../../../domain/healthStatus.js';
import { businessHoursOrDefault } from '../../../domain/tenantConfiguration.js';
import type { ScopeSet } from '../../access/scopes.js';
import type { Queryable } from '../../db/client.js';
import {
    depotHealthFigures,
    findHealthStatusTenant,
    healthStatusDepots,
} from './health-status-repository.js';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * The organisation's health status page (shell §2.7, §9) at `now`: one row per depot under
 * `scopes` with today's figures in the depot's zone, the freshness of the data gateway and the
 * driver apps, and the badge's rule with the organisation's business hours. Undefined when the
 * organisation is unknown.
 */
export async function tenantHealthStatus(
    db: Queryable,
    scopes: ScopeSet,
    tenantId: string,
    now: Date,
): Promise<HealthStatus | undefined> {
    const tenant = await findHealthStatusTenant(db, tenantId);
    if (!tenant) return undefined;
    const businessHours = businessHoursOrDefault({ from: tenant.from, to: tenant.to });
    const depotRows = await healthStatusDepots(db, tenant.id, scopes);
    const days = depotRows.map((depot) => ({ depot, day: todayIn(now, depot.timeZone) }));
    const figures = await depotHealthFigures(
        db,
        days.map(({ depot, day }) => ({ depotId: depot.internalDepotId, day })),
    );
    const rows = days.map(({ depot, day }): DepotHealthStatus => {
        const found = figures.get(depot.internalDepotId);
        const lastAssignmentAt = iso(found?.lastAssignmentAt ?? null);
        const lastStatusChangeAt = iso(found?.lastStatusChangeAt ?? null);
        return {
            ...depot,
            date: day.date,
            lastAssignmentAt,
            lastStatusChangeAt,
            lastPositionAt: iso(found?.lastPositionAt ?? null),
            lastImportAt: iso(found?.lastImportAt ?? null),
            lastAppEventAt: iso(found?.lastAppEventAt ?? null),
            tours: found?.tours ?? { notStarted: 0, onRoad: 0, finished: 0 },
            health: depotHealthState({
                now,
                businessHours,
                timeZone: depot.timeZone,
                lastAssignmentAt,
                lastStatusChangeAt,
            }),
        };
    });
    return { tenantId: tenant.id, checkedAt: now.toISOString(), businessHours, depots: rows };
}

function todayIn(now: Date, timeZone: string): HealthDay {
    const day = healthDay('today', now, timeZone);
    if (!day) throw new RangeError(`no day for ${now.toISOString()} in ${timeZone}`);
    return day;
}
