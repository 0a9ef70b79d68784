import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { escapeLike } from '../../access/scope-filter.js';
import type { Queryable } from '../../db/client.js';
import { depotGroups } from '../../db/schema/index.js';
import type { ListParams } from '../../shared/simple-rest.js';
import type {
    DepotGroup,
    DepotGroupFilter,
    DepotGroupSortField,
} from '../../../domain/contracts/organisations.js';

/** Organisations whose regions the caller may read: every one, or these tenant ids. */
export type GroupTenants = 'ALL' | string[];

const columns = { id: depotGroups.id, name: depotGroups.name, tenantId: depotGroups.tenantId };

function readable(tenantIds: GroupTenants): SQL | undefined {
    if (tenantIds === 'ALL') return undefined;
    return tenantIds.length === 0 ? sql`false` : inArray(depotGroups.tenantId, tenantIds);
}

const sortColumns: Record<DepotGroupSortField, SQL> = {
    name: sql`lower(${depotGroups.name})`,
    id: sql`${depotGroups.id}`,
    tenantId: sql`${depotGroups.tenantId}`,
};

/** One page of the regions of the readable organisations, and how many match. */
export async function listDepotGroups(
    db: Queryable,
    tenantIds: GroupTenants,
    params: ListParams<DepotGroupSortField, DepotGroupFilter>,
): Promise<{ rows: DepotGroup[]; total: number }> {
    const { filter } = params;
    const search = filter.q?.trim();
    const ids =
        filter.id === undefined ? undefined : Array.isArray(filter.id) ? filter.id : [filter.id];
    const where = and(
        readable(tenantIds),
        filter.tenantId ? eq(depotGroups.tenantId, filter.tenantId) : undefined,
        search ? ilike(depotGroups.name, `%${escapeLike(search)}%`) : undefined,
        ids ? (ids.length === 0 ? sql`false` : inArray(depotGroups.id, ids)) : undefined,
    );
    const direction = params.sort.order === 'ASC' ? asc : desc;
    const [rows, totals] = await Promise.all([
        db
            .select(columns)
            .from(depotGroups)
            .where(where)
            .orderBy(
                direction(sortColumns[params.sort.field]),
                asc(depotGroups.tenantId),
                asc(depotGroups.id),
            )
            .limit(params.limit)
            .offset(params.offset),
        db.select({ total: count() }).from(depotGroups).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
}

/** The region if it belongs to a readable organisation. */
export async function findDepotGroup(
    db: Queryable,
    tenantIds: GroupTenants,
    id: string,
): Promise<DepotGroup | undefined> {
    const [row] = await db
        .select(columns)
        .from(depotGroups)
        .where(and(eq(depotGroups.id, id), readable(tenantIds)))
        .limit(1);
    return row;
}
