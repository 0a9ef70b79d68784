import { randomInt } from 'node:crypto';
import {
    and,
    asc,
    count,
    desc,
    eq,
    ilike,
    inArray,
    ne,
    or,
    sql,
    type AnyColumn,
    type SQL,
    type SQLWrapper,
} from 'drizzle-orm';
import type { Subcontractor } from '../../../../domain/contracts/fleet.js';
import type { ScopeSet } from '../../../access/scopes.js';
import { escapeLike, scopeCondition } from '../../../access/scope-filter.js';
import type { Queryable } from '../../../db/client.js';
import { depots, subcontractors } from '../../../db/schema/index.js';
import type { ListParams } from '../../../shared/simple-rest.js';
import type {
    SubcontractorFilter,
    SubcontractorSortField,
} from '../../../../domain/contracts/fleet.js';

/**
 * Users assigned to a subcontractor: its drivers and courier accounts (and any user linked to it),
 * and every user holding a role on its path (subcontractor users, back-office users).
 */
// Written out with qualified names: drizzle leaves columns unqualified in single-table selects, which a correlated subquery cannot afford.
export const assignedUserCount = sql<number>`(select count(*)::int from users u where u.subcontractor_id = "subcontractors"."id" or exists (select 1 from permission_assignments pa where pa.user_id = u.id and pa.scope_path = "subcontractors"."scope_path"))`;
export const vehicleCount = sql<number>`(select count(*)::int from vehicles v where v.subcontractor_id = "subcontractors"."id")`;

const columns = {
    id: subcontractors.id,
    tenantId: subcontractors.tenantId,
    depotId: subcontractors.depotId,
    externalDepotId: depots.externalDepotId,
    name: subcontractors.name,
    code: subcontractors.code,
    scopePath: subcontractors.scopePath,
    userCount: assignedUserCount,
    vehicleCount,
    version: subcontractors.version,
};

const sortExpressions: Record<SubcontractorSortField, AnyColumn | SQLWrapper> = {
    name: subcontractors.name,
    code: subcontractors.code,
    userCount: assignedUserCount,
    vehicleCount,
};

function whereClause(scopes: ScopeSet, filter: SubcontractorFilter): SQL | undefined {
    const search = filter.q?.trim();
    const pattern = search ? `%${escapeLike(search)}%` : undefined;
    return and(
        scopeCondition(subcontractors.scopePath, scopes),
        filter.depotId ? eq(subcontractors.depotId, filter.depotId) : undefined,
        filter.id
            ? filter.id.length === 0
                ? sql`false`
                : inArray(subcontractors.id, filter.id)
            : undefined,
        pattern
            ? or(ilike(subcontractors.name, pattern), ilike(subcontractors.code, pattern))
            : undefined,
    );
}

/** One page of the subcontractors under `scopes` and how many match. */
export async function listSubcontractors(
    db: Queryable,
    scopes: ScopeSet,
    params: ListParams<SubcontractorSortField, SubcontractorFilter>,
) {
    const where = whereClause(scopes, params.filter);
    const direction = params.sort.order === 'ASC' ? asc : desc;
    const [rows, totals] = await Promise.all([
        db
            .select(columns)
            .from(subcontractors)
            .innerJoin(depots, eq(depots.internalDepotId, subcontractors.depotId))
            .where(where)
            .orderBy(direction(sortExpressions[params.sort.field]), asc(subcontractors.id))
            .limit(params.limit)
            .offset(params.offset),
        db.select({ total: count() }).from(subcontractors).where(where),
    ]);
    return { rows: rows satisfies Subcontractor[], total: totals[0]?.total ?? 0 };
}

/** One subcontractor if it lies under `scopes` (else undefined, like an unknown id). */
export async function findSubcontractor(
    db: Queryable,
    scopes: ScopeSet,
    id: string,
): Promise<Subcontractor | undefined> {
    const [row] = await db
        .select(columns)
        .from(subcontractors)
        .innerJoin(depots, eq(depots.internalDepotId, subcontractors.depotId))
        .where(and(eq(subcontractors.id, id), scopeCondition(subcontractors.scopePath, scopes)))
        .limit(1);
    return row;
}

/** A depot (id, tenant, path) if it lies under `scopes`. */
export async function findDepotIn(db: Queryable, scopes: ScopeSet, internalDepotId: string) {
    const [row] = await db
        .select({
            id: depots.internalDepotId,
            tenantId: depots.tenantId,
            scopePath: depots.scopePath,
        })
        .from(depots)
        .where(
            and(
                eq(depots.internalDepotId, internalDepotId),
                scopeCondition(depots.scopePath, scopes),
            ),
        )
        .limit(1);
    return row;
}

/** Which of name and code another subcontractor of the depot already uses (case-insensitive). */
export async function duplicateFields(
    db: Queryable,
    depotId: string,
    name: string,
    code: string | null,
    exceptId?: string,
): Promise<('name' | 'code')[]> {
    const rows = await db
        .select({ name: subcontractors.name, code: subcontractors.code })
        .from(subcontractors)
        .where(
            and(
                eq(subcontractors.depotId, depotId),
                exceptId ? ne(subcontractors.id, exceptId) : undefined,
                or(
                    sql`lower(${subcontractors.name}) = lower(${name})`,
                    code === null ? undefined : sql`lower(${subcontractors.code}) = lower(${code})`,
                ),
            ),
        );
    const fields: ('name' | 'code')[] = [];
    if (rows.some((row) => row.name.toLowerCase() === name.toLowerCase())) fields.push('name');
    if (code !== null && rows.some((row) => row.code.toLowerCase() === code.toLowerCase()))
        fields.push('code');
    return fields;
}

/** A subcontractor ID not yet used in the depot: `SC` and four digits (six when four are crowded). */
export async function generateCode(db: Queryable, depotId: string): Promise<string> {
    const used = new Set(
        (
            await db
                .select({ code: subcontractors.code })
                .from(subcontractors)
                .where(eq(subcontractors.depotId, depotId))
        ).map((row) => row.code.toLowerCase()),
    );
    for (let attempt = 0; attempt < 50; attempt++) {
        const digits = attempt < 20 ? 4 : 6;
        const code = `SC${String(randomInt(0, 10 ** digits)).padStart(digits, '0')}`;
        if (!used.has(code.toLowerCase())) return code;
    }
    throw new Error(`no free subcontractor code in depot ${depotId}`);
}
