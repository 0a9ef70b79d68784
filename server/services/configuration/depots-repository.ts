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
import type { Depot, DepotFilter, DepotSortField } from '../../../domain/contracts/depots.js';
import type { ScopeSet } from '../../access/scopes.js';
import type { DepotValues } from './depot-values.js';

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

/** Finds one depot under the visible scopes (`createDepotFinder`). */
export type DepotFinder = ReturnType<typeof createDepotFinder>;

/** The organisation and id of a depot under the visible scopes (the owner of its client configuration). */
export async function findDepotOwner(
    db: Queryable,
    visible: ScopeSet,
    internalDepotId: string,
): Promise<{ tenantId: string; internalDepotId: string } | undefined> {
    const [depot] = await db
        .select({ tenantId: depots.tenantId, internalDepotId: depots.internalDepotId })
        .from(depots)
        .where(
            and(
                eq(depots.internalDepotId, internalDepotId),
                scopeCondition(depots.scopePath, visible),
            ),
        )
        .limit(1);
    return depot;
}

const INSERT_BATCH_SIZE = 500;

/** Inserts depots in multi-row statements of `INSERT_BATCH_SIZE` (call inside a transaction). */
export async function insertDepots(tx: Queryable, rows: readonly DepotValues[]): Promise<void> {
    for (let start = 0; start < rows.length; start += INSERT_BATCH_SIZE) {
        await tx.insert(depots).values(rows.slice(start, start + INSERT_BATCH_SIZE));
    }
}
