import type { ScopeLevel } from '../../../domain/enums.js';
import { splitScopePath } from '../../../domain/scopePath.js';
import type { Queryable } from '../../db/client.js';
import { referenceData } from '../../db/reference-data.js';

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
 * Display names of scope paths: the deepest segment's entity name (organisation, country code,
 * region, depot or subcontractor), from the master data (`referenceData`).
 */
export async function scopeNames(
    db: Queryable,
    paths: readonly string[],
): Promise<Map<string, string>> {
    const result = new Map<string, string>();
    if (paths.length === 0) return result;
    const data = await referenceData(db);
    for (const path of paths) {
        const segments = splitScopePath(path);
        const [tenantId, , groupId, depotId, subcontractorId] = segments;
        const name = subcontractorId
            ? data.subcontractorById.get(subcontractorId)?.name
            : depotId
              ? data.depotById.get(depotId)?.name
              : groupId
                ? data.depotGroupById.get(groupId)?.name
                : segments.length === 1 && tenantId
                  ? data.tenantById.get(tenantId)?.name
                  : undefined;
        // A two-segment path ends in a country code, which is its own name.
        result.set(path, segments.length === 0 ? '*' : (name ?? segments.at(-1) ?? '*'));
    }
    return result;
}
