import { inArray } from 'drizzle-orm';
import type { ScopeLevel } from '../../../domain/enums.js';
import { splitScopePath } from '../../../domain/scopePath.js';
import type { Queryable } from '../../db/client.js';
import { depotGroups, depots, subcontractors, tenants } from '../../db/schema/index.js';

const LEVEL_BY_LENGTH: ScopeLevel[] = [
    'ADMIN',
    'TENANT',
    'COUNTRY',
    'GROUP',
    'DISTRIBUTION_CENTER',
    'SUBCONTRACTOR',
];

/** The level a scope path names: '' is ADMIN (all), one segment a tenant, ... five a subcontractor. */
export function scopeLevelOf(path: string): ScopeLevel {
    return LEVEL_BY_LENGTH[Math.min(splitScopePath(path).length, 5)] ?? 'ADMIN';
}

/**
 * Display names of scope paths (the deepest segment's entity name: organisation, country
 * code, region, depot or subcontractor), loaded with one query per entity type.
 */
export async function scopeNames(
    db: Queryable,
    paths: readonly string[],
): Promise<Map<string, string>> {
    const ids = {
        tenant: new Set<string>(),
        group: new Set<string>(),
        depot: new Set<string>(),
        suco: new Set<string>(),
    };
    for (const path of paths) {
        const [tenantId, , groupId, depotId, sucoId] = splitScopePath(path);
        if (sucoId) ids.suco.add(sucoId);
        else if (depotId) ids.depot.add(depotId);
        else if (groupId) ids.group.add(groupId);
        else if (tenantId) ids.tenant.add(tenantId);
    }
    const names = new Map<string, string>();
    const load = async <T extends { id: string; name: string }>(
        set: Set<string>,
        query: (list: string[]) => Promise<T[]>,
    ) => {
        if (set.size === 0) return;
        for (const row of await query([...set])) names.set(row.id, row.name);
    };
    await Promise.all([
        load(ids.tenant, (list) =>
            db
                .select({ id: tenants.id, name: tenants.name })
                .from(tenants)
                .where(inArray(tenants.id, list)),
        ),
        load(ids.group, (list) =>
            db
                .select({ id: depotGroups.id, name: depotGroups.name })
                .from(depotGroups)
                .where(inArray(depotGroups.id, list)),
        ),
        load(ids.depot, (list) =>
            db
                .select({ id: depots.internalDepotId, name: depots.name })
                .from(depots)
                .where(inArray(depots.internalDepotId, list)),
        ),
        load(ids.suco, (list) =>
            db
                .select({ id: subcontractors.id, name: subcontractors.name })
                .from(subcontractors)
                .where(inArray(subcontractors.id, list)),
        ),
    ]);
    const result = new Map<string, string>();
    for (const path of paths) {
        const segments = splitScopePath(path);
        const last = segments.at(-1);
        // A two-segment path ends in a country code, which is its own name.
        result.set(
            path,
            last === undefined ? '*' : segments.length === 2 ? last : (names.get(last) ?? last),
        );
    }
    return result;
}
