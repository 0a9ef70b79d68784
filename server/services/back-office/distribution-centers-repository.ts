import { eq } from 'drizzle-orm';
import type { DistributionCenter } from '../../../domain/contracts/scopes.js';
import { compareDistributionCenters } from '../../../domain/profile.js';
import { scopeCondition } from '../../access/scope-filter.js';
import type { ScopeSet } from '../../access/scopes.js';
import type { Queryable } from '../../db/client.js';
import { depotGroups, depots, tenants } from '../../db/schema/index.js';

/**
 * Depots under the visible scopes (`request.access.scopes`, already narrowed to a requested
 * path), in the spec's order: tenant name, group name, depot number, location name.
 */
export async function listDistributionCenters(
    db: Queryable,
    visible: ScopeSet,
): Promise<DistributionCenter[]> {
    const rows = await db
        .select({
            internalDepotId: depots.internalDepotId,
            externalDepotId: depots.externalDepotId,
            locationName: depots.name,
            tenantId: tenants.id,
            tenantName: tenants.name,
            groupId: depotGroups.id,
            groupName: depotGroups.name,
            countryCode: depots.countryCode,
            timeZone: depots.timeZone,
            path: depots.scopePath,
            manualJobUploadEnabled: depots.manualJobUploadEnabled,
        })
        .from(depots)
        .innerJoin(tenants, eq(tenants.id, depots.tenantId))
        .innerJoin(depotGroups, eq(depotGroups.id, depots.groupId))
        .where(scopeCondition(depots.scopePath, visible));
    return rows
        .map(({ tenantId, tenantName, groupId, groupName, ...depot }) => ({
            ...depot,
            tenant: { id: tenantId, name: tenantName },
            group: { id: groupId, name: groupName },
        }))
        .sort(compareDistributionCenters);
}
