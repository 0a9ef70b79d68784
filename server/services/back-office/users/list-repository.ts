import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { backOfficeUserTypes } from '../../../../domain/enums.js';
import type { BackOfficeUserSortField, BackOfficeUserType, Page } from '../../../../domain/people.js';
import { scopeCondition } from '../../../access/scope-filter.js';
import type { ScopeSet } from '../../../access/scopes.js';
import type { Queryable } from '../../../db/client.js';
import { permissionAssignments, roles, users } from '../../../db/schema/index.js';
import { scopeLevelOf, scopeNames } from '../scope-names.js';
import type { BackOfficeUserRecord } from './schemas.js';

export interface UserFilter {
    /** Rows need an assignment under these scopes; 'ALL' lists every back-office user (also without assignments). */
    rows: ScopeSet;
    /** Which assignments the answer shows. */
    visiblePermissions: ScopeSet;
    search?: string;
    type?: BackOfficeUserType;
    roleId?: string;
    sort?: string;
}

const sortColumns: Record<BackOfficeUserSortField, SQL> = {
    lastName: sql`lower(${users.lastName})`,
    firstName: sql`lower(${users.firstName})`,
    email: sql`lower(${users.email})`,
    type: sql`${users.type}`,
    lastLogin: sql`${users.lastLoginAt}`,
    created: sql`${users.createdAt}`,
};

function escapeLike(value: string): string {
    return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Scopes this deep (region, depot, subcontractor) hold few users: look them up by id instead of scanning. */
const NARROW_SCOPE_SEGMENTS = 3;

/**
 * How the list keeps users with an assignment under the rows' scopes (and of the role):
 * - narrow views (regions, depots, subcontractors): `id = any(array(<distinct user ids>))`, an
 *   init plan followed by primary-key lookups, so the search runs on those users only;
 * - wide views (organisations, roles across them): a join with the distinct ids (DISTINCT keeps
 *   Postgres from turning it into one index probe per user), i.e. one hash join.
 */
function scopeFilter(db: Queryable, filter: UserFilter): { join?: ReturnType<typeof scopedSubquery>; where?: SQL } {
    if (filter.rows === 'ALL' && !filter.roleId) return {};
    const subquery = scopedSubquery(db, filter);
    const narrow = filter.rows !== 'ALL' && filter.rows.length > 0 && filter.rows.every((scope) => scope.split('.').length >= NARROW_SCOPE_SEGMENTS);
    if (!narrow) return { join: subquery };
    const inScope = filter.rows === 'ALL' ? undefined : scopeCondition(permissionAssignments.scopePath, filter.rows);
    const withRole = filter.roleId ? eq(permissionAssignments.roleId, filter.roleId) : undefined;
    return { where: sql`${users.id} = any(array(select distinct ${permissionAssignments.userId} from ${permissionAssignments} where ${and(inScope, withRole) ?? sql`true`}))` };
}

function scopedSubquery(db: Queryable, filter: UserFilter) {
    const inScope = filter.rows === 'ALL' ? undefined : scopeCondition(permissionAssignments.scopePath, filter.rows);
    const withRole = filter.roleId ? eq(permissionAssignments.roleId, filter.roleId) : undefined;
    return db.selectDistinct({ userId: permissionAssignments.userId }).from(permissionAssignments).where(and(inScope, withRole)).as('scoped');
}

/** The WHERE clause on users: back-office types, type and search (every word in name or e-mail). */
function whereOf(filter: UserFilter): SQL | undefined {
    const conditions: (SQL | undefined)[] = [filter.type ? eq(users.type, filter.type) : inArray(users.type, [...backOfficeUserTypes])];
    const words = (filter.search ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
    for (const word of words) {
        conditions.push(sql`lower(${users.firstName} || ' ' || ${users.lastName} || ' ' || coalesce(${users.email}, '')) like ${`%${escapeLike(word)}%`}`);
    }
    return and(...conditions);
}

function orderOf(sort: string | undefined): SQL[] {
    const [field, direction] = (sort ?? 'lastName,asc').split(',') as [BackOfficeUserSortField, 'asc' | 'desc'];
    const column = sortColumns[field] ?? sortColumns.lastName;
    const primary = direction === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
    const order = [primary];
    if (field !== 'lastName') order.push(sql`lower(${users.lastName})`);
    if (field !== 'firstName') order.push(sql`lower(${users.firstName})`);
    order.push(sql`${users.id}`);
    return order;
}

/** One page: the page's users with the total (one query), then their assignments (one query). */
export async function listBackOfficeUsers(db: Queryable, filter: UserFilter, page: number, size: number): Promise<Page<BackOfficeUserRecord>> {
    const scope = scopeFilter(db, filter);
    const where = and(whereOf(filter), scope.where);
    const base = db.select({ user: users, total: sql<number>`count(*) over ()`.mapWith(Number) }).from(users);
    const rows = await (scope.join ? base.innerJoin(scope.join, eq(scope.join.userId, users.id)) : base)
        .where(where)
        .orderBy(...orderOf(filter.sort))
        .limit(size)
        .offset(page * size);
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && page > 0) {
        // Past the last page: count separately (the window function has no row to ride on).
        const countBase = db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(users);
        const [counted] = await (scope.join ? countBase.innerJoin(scope.join, eq(scope.join.userId, users.id)) : countBase).where(where);
        total = counted?.total ?? 0;
    }
    const content = await withPermissions(
        db,
        rows.map((row) => row.user),
        filter.visiblePermissions,
    );
    return { content, totalElements: total, totalPages: Math.ceil(total / size), size, number: page };
}

/** Every matching user (exports), at most `limit`, in the list's order. */
export async function allBackOfficeUsers(db: Queryable, filter: UserFilter, limit: number): Promise<BackOfficeUserRecord[]> {
    const scope = scopeFilter(db, filter);
    const base = db.select({ user: users }).from(users);
    const rows = await (scope.join ? base.innerJoin(scope.join, eq(scope.join.userId, users.id)) : base)
        .where(and(whereOf(filter), scope.where))
        .orderBy(...orderOf(filter.sort))
        .limit(limit);
    return withPermissions(
        db,
        rows.map((row) => row.user),
        filter.visiblePermissions,
    );
}

/** The back-office users with these ids (in this order), each with the assignments inside `visible`. */
export async function loadBackOfficeUsers(db: Queryable, ids: readonly string[], visible: ScopeSet): Promise<BackOfficeUserRecord[]> {
    if (ids.length === 0) return [];
    const rows = await db.select().from(users).where(and(inArray(users.id, [...ids]), inArray(users.type, [...backOfficeUserTypes])));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return withPermissions(
        db,
        ids.flatMap((id) => byId.get(id) ?? []),
        visible,
    );
}

const CHUNK = 5000;

type AssignmentRow = { id: string; userId: string; scopePath: string; roleId: string; roleName: string; contexts: (typeof roles.$inferSelect)['contexts'] };

/** The records of these user rows (same order), each with its assignments inside `visible`. */
async function withPermissions(db: Queryable, userRows: readonly (typeof users.$inferSelect)[], visible: ScopeSet): Promise<BackOfficeUserRecord[]> {
    if (userRows.length === 0) return [];
    const assignmentRows: AssignmentRow[] = [];
    const ids = userRows.map((row) => row.id);
    for (let start = 0; start < ids.length; start += CHUNK) {
        const chunk = ids.slice(start, start + CHUNK);
        assignmentRows.push(
            ...(await db
                .select({
                    id: permissionAssignments.id,
                    userId: permissionAssignments.userId,
                    scopePath: permissionAssignments.scopePath,
                    roleId: roles.id,
                    roleName: roles.name,
                    contexts: roles.contexts,
                })
                .from(permissionAssignments)
                .innerJoin(roles, eq(roles.id, permissionAssignments.roleId))
                .where(and(inArray(permissionAssignments.userId, chunk), scopeCondition(permissionAssignments.scopePath, visible)))
                .orderBy(asc(roles.name), asc(permissionAssignments.scopePath), desc(permissionAssignments.id))),
        );
    }
    const names = await scopeNames(db, [...new Set(assignmentRows.map((row) => row.scopePath))]);
    const byUser = new Map<string, BackOfficeUserRecord['permissions']>();
    for (const row of assignmentRows) {
        const list = byUser.get(row.userId) ?? [];
        list.push({
            id: row.id,
            roleId: row.roleId,
            roleName: row.roleName,
            contexts: row.contexts,
            path: row.scopePath,
            scope: row.scopePath === '' && row.contexts.includes('ADMIN') ? 'ADMIN' : scopeLevelOf(row.scopePath),
            scopeName: row.scopePath === '' ? (row.contexts.includes('ADMIN') ? 'ADMIN' : 'All tenants') : (names.get(row.scopePath) ?? row.scopePath),
        });
        byUser.set(row.userId, list);
    }
    return userRows.map((user) => ({
        id: user.id,
        type: user.type as BackOfficeUserType,
        email: user.email ?? '',
        firstName: user.firstName,
        lastName: user.lastName,
        mobilePhone: user.mobilePhone,
        landLine: user.landLine,
        tenantId: user.tenantId,
        wantsSecondScreenNews: user.wantsSecondScreenNews,
        lastLogin: user.lastLoginAt?.toISOString() ?? null,
        created: user.createdAt.toISOString(),
        version: user.version,
        permissions: byUser.get(user.id) ?? [],
    }));
}
