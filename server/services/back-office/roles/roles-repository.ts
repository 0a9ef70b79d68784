import {
    and,
    arrayContains,
    asc,
    count,
    desc,
    eq,
    ilike,
    inArray,
    isNull,
    like,
    or,
    sql,
    type SQL,
} from 'drizzle-orm';
import type { RoleContext } from '../../../../domain/enums.js';
import { scopeCondition } from '../../../access/scope-filter.js';
import type { Queryable } from '../../../db/client.js';
import {
    depots,
    permissionAssignments,
    roles,
    subcontractors,
    tenants,
} from '../../../db/schema/index.js';
import type { ListParams } from '../../../shared/simple-rest.js';
import type { Role, RoleFilter, RoleSortField } from '../../../../domain/contracts/roles.js';

/** Organisations whose roles the caller may read: every one, or these tenant ids. */
export type RoleTenants = 'ALL' | string[];

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Distinct users holding the role. An organisation's role counts all its holders; a technical
 * role only those holding it inside `tenants`, so the count never reveals other organisations.
 */
function assignedUsers(tenantsCounted: RoleTenants): SQL<number> {
    const inside = scopeCondition(permissionAssignments.scopePath, tenantsCounted) ?? sql`true`;
    // Qualified by hand: drizzle leaves columns of a correlated subquery unqualified, and both tables have tenant_id.
    return sql<number>`(select count(distinct "permission_assignments"."user_id")::int from "permission_assignments"
        where "permission_assignments"."role_id" = "roles"."id" and ("roles"."tenant_id" is not null or ${inside}))`;
}

function columns(tenantsCounted: RoleTenants) {
    return {
        id: roles.id,
        tenantId: roles.tenantId,
        name: roles.name,
        contexts: roles.contexts,
        actions: roles.actions,
        visibilityPath: roles.visibilityPath,
        fixed: roles.fixed,
        technical: sql<boolean>`${roles.tenantId} is null`,
        assignedUsers: assignedUsers(tenantsCounted),
        version: roles.version,
    };
}

/** Roles of these organisations plus the technical ones (no organisation). */
function visibleRoles(readable: RoleTenants): SQL | undefined {
    if (readable === 'ALL') return undefined;
    return readable.length === 0
        ? isNull(roles.tenantId)
        : or(isNull(roles.tenantId), inArray(roles.tenantId, readable));
}

/** One page of the roles visible in `readable`, and how many match. */
export async function listRoles(
    db: Queryable,
    readable: RoleTenants,
    params: ListParams<RoleSortField, RoleFilter>,
): Promise<{ rows: Role[]; total: number }> {
    const { filter } = params;
    const search = filter.q?.trim();
    const ids =
        filter.id === undefined ? undefined : Array.isArray(filter.id) ? filter.id : [filter.id];
    const where = and(
        visibleRoles(readable),
        filter.tenantId
            ? or(isNull(roles.tenantId), eq(roles.tenantId, filter.tenantId))
            : undefined,
        search ? ilike(roles.name, `%${escapeLike(search)}%`) : undefined,
        filter.context ? arrayContains(roles.contexts, [filter.context as RoleContext]) : undefined,
        ids ? (ids.length === 0 ? sql`false` : inArray(roles.id, ids)) : undefined,
    );
    const counted: RoleTenants = filter.tenantId ? [filter.tenantId] : readable;
    const direction = params.sort.order === 'ASC' ? asc : desc;
    const sortBy =
        params.sort.field === 'name' ? sql`lower(${roles.name})` : assignedUsers(counted);
    const [rows, totals] = await Promise.all([
        db
            .select(columns(counted))
            .from(roles)
            .where(where)
            .orderBy(direction(sortBy), asc(roles.name), asc(roles.id))
            .limit(params.limit)
            .offset(params.offset),
        db.select({ total: count() }).from(roles).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
}

/** The role if it is technical or belongs to an organisation in `readable`. */
export async function findRole(
    db: Queryable,
    readable: RoleTenants,
    id: string,
): Promise<Role | undefined> {
    const [row] = await db
        .select(columns(readable))
        .from(roles)
        .where(and(eq(roles.id, id), visibleRoles(readable)))
        .limit(1);
    return row;
}

export async function tenantExists(db: Queryable, tenantId: string): Promise<boolean> {
    const [row] = await db
        .select({ id: tenants.id })
        .from(tenants)
        .where(eq(tenants.id, tenantId))
        .limit(1);
    return row !== undefined;
}

/**
 * True when `path` is a node of the organisation's scope tree: the organisation itself, a
 * country, region or depot (a depot lies on or under it) or a subcontractor.
 */
export async function scopeNodeExists(
    db: Queryable,
    tenantId: string,
    path: string,
): Promise<boolean> {
    if (path === tenantId) return tenantExists(db, tenantId);
    const [depot] = await db
        .select({ id: depots.internalDepotId })
        .from(depots)
        .where(
            and(
                eq(depots.tenantId, tenantId),
                or(eq(depots.scopePath, path), like(depots.scopePath, `${escapeLike(path)}.%`)),
            ),
        )
        .limit(1);
    if (depot) return true;
    const [suco] = await db
        .select({ id: subcontractors.id })
        .from(subcontractors)
        .where(and(eq(subcontractors.tenantId, tenantId), eq(subcontractors.scopePath, path)))
        .limit(1);
    return suco !== undefined;
}

/**
 * The role whose name equals `name` ignoring case, among the organisation's roles and the
 * technical ones (both show in the organisation's list and in the user dialog).
 */
export async function roleNamed(
    db: Queryable,
    tenantId: string,
    name: string,
    exceptId?: string,
): Promise<{ id: string; name: string } | undefined> {
    const [row] = await db
        .select({ id: roles.id, name: roles.name })
        .from(roles)
        .where(
            and(
                or(isNull(roles.tenantId), eq(roles.tenantId, tenantId)),
                sql`lower(${roles.name}) = lower(${name})`,
                exceptId ? sql`${roles.id} <> ${exceptId}` : undefined,
            ),
        )
        .limit(1);
    return row;
}

/** Assignments of the role: how many, and the scope paths they use. */
export async function assignmentsOf(
    db: Queryable,
    roleId: string,
): Promise<{ users: number; paths: string[] }> {
    const rows = await db
        .select({ userId: permissionAssignments.userId, path: permissionAssignments.scopePath })
        .from(permissionAssignments)
        .where(eq(permissionAssignments.roleId, roleId));
    return {
        users: new Set(rows.map((row) => row.userId)).size,
        paths: [...new Set(rows.map((row) => row.path))],
    };
}

/** Serialises the role writes of one organisation (name uniqueness ignores case, which the unique index does not). */
export async function lockTenantRoles(db: Queryable, tenantId: string): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`roles:${tenantId}`}))`);
}
