import {
    and,
    asc,
    count,
    desc,
    eq,
    ilike,
    or,
    sql,
    type AnyColumn,
    type SQL,
    type SQLWrapper,
} from 'drizzle-orm';
import {
    scopeCondition,
    scopeParameterCondition,
    scopeParameters,
} from '../../access/scope-filter.js';
import type { Database, Queryable } from '../../db/client.js';
import { depotGroups, depots, tenants } from '../../db/schema/index.js';
import type { ListParams } from '../../shared/simple-rest.js';
import type { Depot, DepotFilter, DepotSortField } from './schemas.js';

const columns = {
    id: depots.internalDepotId,
    internalDepotId: depots.internalDepotId,
    externalDepotId: depots.externalDepotId,
    name: depots.name,
    street: depots.street,
    houseNo: depots.houseNo,
    postcode: depots.postcode,
    locality: depots.locality,
    countryCode: depots.countryCode,
    latitude: depots.latitude,
    longitude: depots.longitude,
    timeZone: depots.timeZone,
    tenantId: depots.tenantId,
    tenantName: tenants.name,
    groupId: depots.groupId,
    groupName: depotGroups.name,
    deviceMappings: depots.deviceMappings,
    manualJobUploadEnabled: depots.manualJobUploadEnabled,
    scopePath: depots.scopePath,
    version: depots.version,
};

/** Depot numbers sort naturally ("9" before "10"). */
const sortExpressions: Record<DepotSortField, AnyColumn | SQLWrapper> = {
    name: depots.name,
    externalDepotId: sql`lpad(${depots.externalDepotId}, 20, '0')`,
    locality: depots.locality,
    postcode: depots.postcode,
    countryCode: depots.countryCode,
    timeZone: depots.timeZone,
    tenantName: tenants.name,
    groupName: depotGroups.name,
};

/** Shell §3 depot list ordering (tenant name, group name, depot number, location name): the tie-breakers of every sort. */
const defaultOrder = [
    asc(tenants.name),
    asc(depotGroups.name),
    asc(sortExpressions.externalDepotId),
    asc(depots.name),
];

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

function whereClause(visible: 'ALL' | string[], filter: DepotFilter): SQL | undefined {
    const search = filter.q?.trim();
    const pattern = search ? `%${escapeLike(search)}%` : undefined;
    return and(
        scopeCondition(depots.scopePath, visible),
        filter.tenantId ? eq(depots.tenantId, filter.tenantId) : undefined,
        filter.groupId ? eq(depots.groupId, filter.groupId) : undefined,
        filter.countryCode ? eq(depots.countryCode, filter.countryCode) : undefined,
        pattern
            ? or(
                  ilike(depots.name, pattern),
                  ilike(depots.externalDepotId, pattern),
                  ilike(depots.locality, pattern),
                  ilike(depots.postcode, pattern),
              )
            : undefined,
    );
}

/** One page of the depots under the visible scopes, and how many match in total. */
export async function listDepots(
    db: Queryable,
    visible: 'ALL' | string[],
    params: ListParams<DepotSortField, DepotFilter>,
) {
    const where = whereClause(visible, params.filter);
    const direction = params.sort.order === 'ASC' ? asc : desc;
    const [rows, totals] = await Promise.all([
        db
            .select(columns)
            .from(depots)
            .innerJoin(tenants, eq(tenants.id, depots.tenantId))
            .innerJoin(depotGroups, eq(depotGroups.id, depots.groupId))
            .where(where)
            .orderBy(
                direction(sortExpressions[params.sort.field]),
                ...defaultOrder,
                asc(depots.internalDepotId),
            )
            .limit(params.limit)
            .offset(params.offset),
        db
            .select({ total: count() })
            .from(depots)
            .innerJoin(tenants, eq(tenants.id, depots.tenantId))
            .innerJoin(depotGroups, eq(depotGroups.id, depots.groupId))
            .where(where),
    ]);
    return { rows: rows satisfies Depot[], total: totals[0]?.total ?? 0 };
}

/**
 * Finds one depot if it lies under the caller's visible scopes. Prepared once: the scopes are
 * array parameters (`all`, exact paths, `LIKE` prefixes), so every caller shares one statement.
 */
export function createDepotFinder(db: Database) {
    const query = db
        .select(columns)
        .from(depots)
        .innerJoin(tenants, eq(tenants.id, depots.tenantId))
        .innerJoin(depotGroups, eq(depotGroups.id, depots.groupId))
        .where(
            and(
                eq(depots.internalDepotId, sql.placeholder('id')),
                scopeParameterCondition(depots.scopePath),
            ),
        )
        .limit(1)
        .prepare('depot_by_id');
    return async (
        visible: 'ALL' | string[],
        internalDepotId: string,
    ): Promise<Depot | undefined> => {
        const [row] = await query.execute({ id: internalDepotId, ...scopeParameters(visible) });
        return row;
    };
}
