import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { tenantIdIdentity } from '../../../domain/organisations.js';
import { scopeSetCovers, type ScopeSet } from '../../access/scopes.js';
import { escapeLike, scopeCondition } from '../../access/scope-filter.js';
import type { Queryable } from '../../db/client.js';
import { referenceData } from '../../db/reference-data.js';
import { depots, tenants } from '../../db/schema/index.js';
import type { ListParams } from '../../shared/simple-rest.js';
import type {
    Organisation,
    OrganisationFilter,
    OrganisationSortField,
} from '../../../domain/contracts/organisations.js';

type TenantRow = typeof tenants.$inferSelect;

/** Depots of a tenant inside `visible` (counts never reveal depots the caller cannot see). */
function depotCountOf(visible: ScopeSet): SQL<number> {
    const inside = scopeCondition(depots.scopePath, visible) ?? sql`true`;
    return sql<number>`(select count(*)::int from ${depots} where ${depots.tenantId} = ${tenants.id} and ${inside})`;
}

/** The answer shape for tenant rows: their regions with depot counts inside `visible`. */
async function withRegions(
    db: Queryable,
    rows: readonly TenantRow[],
    visible: ScopeSet,
): Promise<Organisation[]> {
    if (rows.length === 0) return [];
    const data = await referenceData(db);
    const ids = new Set(rows.map((row) => row.id));
    const depotCounts = new Map<string, number>();
    for (const depot of data.depotById.values())
        if (ids.has(depot.tenantId) && scopeSetCovers(visible, depot.scopePath))
            depotCounts.set(depot.groupId, (depotCounts.get(depot.groupId) ?? 0) + 1);
    const groups = [...data.depotGroupById.values()];
    const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    return rows.map((row) => {
        const regions = groups
            .filter((group) => group.tenantId === row.id)
            .map((group) => ({
                id: group.id,
                name: group.name,
                depotCount: depotCounts.get(group.id) ?? 0,
            }))
            .sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id));
        return {
            id: row.id,
            name: row.name,
            countryCode: row.countryCode,
            timeZone: row.timeZone,
            businessHours: { from: row.businessHoursFrom, to: row.businessHoursTo },
            regions,
            depotCount: regions.reduce((sum, region) => sum + region.depotCount, 0),
            version: row.version,
            createdAt: row.createdAt.toISOString(),
            updatedAt: row.updatedAt.toISOString(),
        };
    });
}

const sortColumns: Record<OrganisationSortField, (visible: ScopeSet) => SQL> = {
    name: () => sql`lower(${tenants.name})`,
    id: () => sql`lower(${tenants.id})`,
    countryCode: () => sql`${tenants.countryCode}`,
    timeZone: () => sql`${tenants.timeZone}`,
    depotCount: depotCountOf,
    createdAt: () => sql`${tenants.createdAt}`,
};

/** One page of the organisations (admins: every one), and how many match. */
export async function listOrganisations(
    db: Queryable,
    visible: ScopeSet,
    params: ListParams<OrganisationSortField, OrganisationFilter>,
): Promise<{ rows: Organisation[]; total: number }> {
    const { filter } = params;
    const search = filter.q?.trim();
    const ids =
        filter.id === undefined ? undefined : Array.isArray(filter.id) ? filter.id : [filter.id];
    const where = and(
        search
            ? or(
                  ilike(tenants.name, `%${escapeLike(search)}%`),
                  ilike(tenants.id, `%${escapeLike(search)}%`),
              )
            : undefined,
        filter.countryCode ? eq(tenants.countryCode, filter.countryCode) : undefined,
        ids ? (ids.length === 0 ? sql`false` : inArray(tenants.id, ids)) : undefined,
    );
    const direction = params.sort.order === 'ASC' ? asc : desc;
    const [rows, totals] = await Promise.all([
        db
            .select()
            .from(tenants)
            .where(where)
            .orderBy(
                direction(sortColumns[params.sort.field](visible)),
                asc(sql`lower(${tenants.name})`),
                asc(tenants.id),
            )
            .limit(params.limit)
            .offset(params.offset),
        db.select({ total: count() }).from(tenants).where(where),
    ]);
    return { rows: await withRegions(db, rows, visible), total: totals[0]?.total ?? 0 };
}

/** The organisation with exactly this id, with its regions; depot counts inside `visible`. */
export async function findOrganisation(
    db: Queryable,
    id: string,
    visible: ScopeSet,
): Promise<Organisation | undefined> {
    const rows = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
    const [organisation] = await withRegions(db, rows, visible);
    return organisation;
}

/** An existing organisation id that is the same as `id` ignoring case and `_`/`-` (tenantIdIdentity). */
export async function clashingTenantId(db: Queryable, id: string): Promise<string | undefined> {
    const [row] = await db
        .select({ id: tenants.id })
        .from(tenants)
        .where(sql`lower(replace(${tenants.id}, '_', '-')) = ${tenantIdIdentity(id)}`)
        .limit(1);
    return row?.id;
}

/** Serialises organisation creations (the id identity ignores case, which the primary key does not). */
export async function lockTenantCreation(db: Queryable): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('tenants:create'))`);
}
