import { eq, sql } from 'drizzle-orm';
import { formatDeviceMapping } from '../../../domain/depots.js';
import type { Queryable } from '../../db/client.js';
import { depotGroups, depots } from '../../db/schema/index.js';
import { tenantSettings } from '../../shared/field-rules.js';

/** What the depot rules need to know about an organisation: its regions, configured services and taken ids. */
export interface TenantDepotContext {
    tenantId: string;
    /** The configured `deviceMappingServices` of the latest tenant client configuration. */
    services: string[];
    groupIds: Set<string>;
    /** External depot id → internal id of the depot holding it. */
    externalIds: Map<string, string>;
    /** `service:ID` → internal id of the depot holding it. */
    mappings: Map<string, string>;
}

/** Loads an organisation's depot context, or undefined when the organisation does not exist. */
export async function loadTenantDepotContext(
    db: Queryable,
    tenantId: string,
): Promise<TenantDepotContext | undefined> {
    const settings = await tenantSettings(db, tenantId);
    if (!settings) return undefined;
    const [groups, stored] = await Promise.all([
        db
            .select({ id: depotGroups.id })
            .from(depotGroups)
            .where(eq(depotGroups.tenantId, tenantId)),
        db
            .select({
                id: depots.internalDepotId,
                externalDepotId: depots.externalDepotId,
                deviceMappings: depots.deviceMappings,
            })
            .from(depots)
            .where(eq(depots.tenantId, tenantId)),
    ]);
    const context: TenantDepotContext = {
        tenantId,
        services: settings.frontend.deviceMappingServices,
        groupIds: new Set(groups.map((group) => group.id)),
        externalIds: new Map(),
        mappings: new Map(),
    };
    for (const depot of stored) {
        context.externalIds.set(depot.externalDepotId, depot.id);
        for (const mapping of depot.deviceMappings)
            context.mappings.set(formatDeviceMapping(mapping), depot.id);
    }
    return context;
}

/** Serialises depot writes of one organisation (duplicate checks span rows the unique index cannot see). */
export async function lockTenantDepots(tx: Queryable, tenantId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`depots:${tenantId}`}))`);
}
