import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { backOfficeUserTypes } from '../../../../domain/enums.js';
import type {
    BackOfficeUser,
    BackOfficeUserPage,
    BackOfficeUserSortField,
    BackOfficeUserType,
} from '../../../../domain/contracts/back-office-users.js';
import { escapeLike, scopeCondition } from '../../../access/scope-filter.js';
import type { ScopeSet } from '../../../access/scopes.js';
import type { Queryable } from '../../../db/client.js';
import { nameSortKey, type NameCollation } from '../../../db/name-collation.js';
import { permissionAssignments, roles, users } from '../../../db/schema/index.js';
import { userSearchText } from '../../../db/schema/users.js';
import { scopeLevelOf, scopeNames } from '../scope-names.js';

export interface UserFilter {
    /** Rows need an assignment under these scopes; 'ALL' lists every back-office user (also without assignments). */
    rows: ScopeSet;
    /** Which assignments the answer shows. */
    visiblePermissions: ScopeSet;
    search?: string;
    type?: BackOfficeUserType;
    roleId?: string;
    sort?: string;
    /** Names are ordered in the collation of the user's language (root when absent). */
    collation?: NameCollation;
}

const sortColumns: Record<Exclude<BackOfficeUserSortField, 'lastName' | 'firstName'>, SQL> = {
    email: sql`lower(${users.email})`,
    type: sql`${users.type}`,
    lastLogin: sql`${users.lastLoginAt}`,
    created: sql`${users.createdAt}`,
};

/**
 * Keeps users with an assignment under the rows' scopes (and of the role, when filtered): a
 * correlated EXISTS, so a page walks the users in the list's order (an index per sort) and
 * probes `permission_assignments` by user id, stopping after one page; `'ALL'` (the admin view)
 * needs no condition.
 */
function scopeExists(filter: UserFilter): SQL | undefined {
    if (filter.rows === 'ALL' && !filter.roleId) return undefined;
    const inScope =
        filter.rows === 'ALL'
            ? undefined
            : scopeCondition(permissionAssignments.scopePath, filter.rows);
    const withRole = filter.roleId ? eq(permissionAssignments.roleId, filter.roleId) : undefined;
    return sql`exists (select 1 from ${permissionAssignments} where ${permissionAssignments.userId} = ${users.id} and ${and(inScope, withRole) ?? sql`true`})`;
}

/** The WHERE clause on users: back-office types, type, search (every word in name or e-mail, trigram-indexed) and scope. */
function whereOf(filter: UserFilter): SQL | undefined {
    const conditions: (SQL | undefined)[] = [
        filter.type ? eq(users.type, filter.type) : inArray(users.type, [...backOfficeUserTypes]),
    ];
    const words = (filter.search ?? '')
        .trim()
        .toLowerCase()
        .split(/\s+/)
        .filter(Boolean)
        .slice(0, 5);
    for (const word of words)
        conditions.push(sql`${userSearchText(users)} like ${`%${escapeLike(word)}%`}`);
    conditions.push(scopeExists(filter));
    return and(...conditions);
}

/**
 * The list's order with a unique tie-breaker, shaped like the sort indexes (users_name_key_sort_idx,
 * users_created_sort_idx) so a page is an index walk: names by last then first name (or first
 * then last) in the collation of the user's language (the root collation's key is indexed),
 * other columns by the column then id, both in the requested direction.
 */
function orderOf(sort: string | undefined, collation: NameCollation = 'root'): SQL[] {
    const [field, direction] = (sort ?? 'lastName,asc').split(',') as [
        BackOfficeUserSortField,
        'asc' | 'desc',
    ];
    const dir = direction === 'desc' ? sql`desc` : sql`asc`;
    const lastName = nameSortKey(users.lastName, collation);
    const firstName = nameSortKey(users.firstName, collation);
    switch (field) {
        case 'firstName':
            return [sql`${firstName} ${dir}`, sql`${lastName} ${dir}`, sql`${users.id} ${dir}`];
        case 'email':
        case 'type':
        case 'lastLogin':
        case 'created': {
            const nullable = field === 'email' || field === 'lastLogin';
            return [
                sql`${sortColumns[field]} ${dir}${nullable ? sql` nulls last` : sql``}`,
                sql`${users.id} ${dir}`,
            ];
        }
        default:
            return [sql`${lastName} ${dir}`, sql`${firstName} ${dir}`, sql`${users.id} ${dir}`];
    }
}

/**
 * The matching users as the page's source. A search is selective and trigram-indexed: its rows
 * are fenced in a subquery (`offset 0` keeps the planner from walking the sort index past
 * thousands of non-matching names, the LIMIT trap) and sorted after; without one, the table itself.
 */
function searched(db: Queryable, filter: UserFilter, where: SQL | undefined) {
    if (!(filter.search ?? '').trim()) return db.select().from(users).where(where).as('users');
    return db.select().from(users).where(where).offset(0).as('users');
}

/** One page and the total, as two queries run side by side, then the page's assignments. */
export async function listBackOfficeUsers(
    db: Queryable,
    filter: UserFilter,
    page: number,
    size: number,
): Promise<BackOfficeUserPage> {
    const where = whereOf(filter);
    const [rows, counted] = await Promise.all([
        db
            .select()
            .from(searched(db, filter, where))
            .orderBy(...orderOf(filter.sort, filter.collation))
            .limit(size)
            .offset(page * size),
        db
            .select({ total: sql<number>`count(*)`.mapWith(Number) })
            .from(users)
            .where(where),
    ]);
    const total = counted[0]?.total ?? 0;
    const content = await withPermissions(db, rows, filter.visiblePermissions);
    return {
        content,
        totalElements: total,
        totalPages: Math.ceil(total / size),
        size,
        number: page,
    };
}

/** Every matching user (exports), at most `limit`, in the list's order. */
export async function allBackOfficeUsers(
    db: Queryable,
    filter: UserFilter,
    limit: number,
): Promise<BackOfficeUser[]> {
    const rows = await db
        .select()
        .from(users)
        .where(whereOf(filter))
        .orderBy(...orderOf(filter.sort, filter.collation))
        .limit(limit);
    return withPermissions(db, rows, filter.visiblePermissions);
}

/** The back-office users with these ids (in this order), each with the assignments inside `visible`. */
export async function loadBackOfficeUsers(
    db: Queryable,
    ids: readonly string[],
    visible: ScopeSet,
): Promise<BackOfficeUser[]> {
    if (ids.length === 0) return [];
    const rows = await db
        .select()
        .from(users)
        .where(and(inArray(users.id, [...ids]), inArray(users.type, [...backOfficeUserTypes])));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return withPermissions(
        db,
        ids.flatMap((id) => byId.get(id) ?? []),
        visible,
    );
}

const CHUNK = 5000;

type AssignmentRow = {
    id: string;
    userId: string;
    scopePath: string;
    roleId: string;
    roleName: string;
    contexts: (typeof roles.$inferSelect)['contexts'];
};

/** The records of these user rows (same order), each with its assignments inside `visible`. */
async function withPermissions(
    db: Queryable,
    userRows: readonly (typeof users.$inferSelect)[],
    visible: ScopeSet,
): Promise<BackOfficeUser[]> {
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
                .where(
                    and(
                        inArray(permissionAssignments.userId, chunk),
                        scopeCondition(permissionAssignments.scopePath, visible),
                    ),
                )
                .orderBy(
                    asc(roles.name),
                    asc(permissionAssignments.scopePath),
                    desc(permissionAssignments.id),
                )),
        );
    }
    const names = await scopeNames(db, [...new Set(assignmentRows.map((row) => row.scopePath))]);
    const byUser = new Map<string, BackOfficeUser['permissions']>();
    for (const row of assignmentRows) {
        const list = byUser.get(row.userId) ?? [];
        list.push({
            id: row.id,
            roleId: row.roleId,
            roleName: row.roleName,
            contexts: row.contexts,
            path: row.scopePath,
            scope:
                row.scopePath === '' && row.contexts.includes('ADMIN')
                    ? 'ADMIN'
                    : scopeLevelOf(row.scopePath),
            scopeName:
                row.scopePath === ''
                    ? row.contexts.includes('ADMIN')
                        ? 'ADMIN'
                        : 'All tenants'
                    : (names.get(row.scopePath) ?? row.scopePath),
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
