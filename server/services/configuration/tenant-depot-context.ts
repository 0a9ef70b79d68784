import { eq, sql } from 'drizzle-orm';
import { formatDeviceMapping } from '../../../domain/depots.js';
import type { DeviceMapping } from '../../../domain/contracts/depots.js';
import type { Queryable } from '../../db/client.js';
import { depotGroups } from '../../db/schema/index.js';
import { tenantSettings } from '../../shared/field-rules.js';
import { findDepotsByExternalIds, findDeviceMappingHolders } from './depots-repository.js';

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

/** The external depot ids and device mappings a write is about to use. */
export interface WantedDepotKeys {
    externalDepotIds: readonly string[];
    mappings: readonly DeviceMapping[];
}

/** Records in `context` which stored depots hold the ids and mappings of `wanted` (two set-based statements). */
async function addHoldersOf(db: Queryable, context: TenantDepotContext, wanted: WantedDepotKeys) {
    const { tenantId } = context;
    for (const depot of await findDepotsByExternalIds(db, tenantId, wanted.externalDepotIds))
        context.externalIds.set(depot.externalDepotId, depot.internalDepotId);
    for (const held of await findDeviceMappingHolders(db, tenantId, wanted.mappings))
        context.mappings.set(formatDeviceMapping(held), held.internalDepotId);
}

/**
 * Loads an organisation's depot context, or undefined when the organisation does not exist.
 * The taken ids and mappings are only those among `wanted` (what a write uses): set-based
 * lookups instead of reading every stored depot of the organisation.
 */
export async function loadTenantDepotContext(
    db: Queryable,
    tenantId: string,
    wanted: WantedDepotKeys,
): Promise<TenantDepotContext | undefined> {
    const settings = await tenantSettings(db, tenantId);
    if (!settings) return undefined;
    const groups = await db
        .select({ id: depotGroups.id })
        .from(depotGroups)
        .where(eq(depotGroups.tenantId, tenantId));
    const context: TenantDepotContext = {
        tenantId,
        services: settings.frontend.deviceMappingServices,
        groupIds: new Set(groups.map((group) => group.id)),
        externalIds: new Map(),
        mappings: new Map(),
    };
    await addHoldersOf(db, context, wanted);
    return context;
}

/** Serialises depot writes of one organisation (duplicate checks span rows the unique index cannot see). */
export async function lockTenantDepots(tx: Queryable, tenantId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`depots:${tenantId}`}))`);
}
