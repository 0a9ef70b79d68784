import { and, eq, inArray, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { RoleContext } from '../../../../domain/enums.js';
import type { EditableRole } from '../../../../domain/permissionRows.js';
import { DRIVER_ROLE_ID, TEMP_DRIVER_ROLE_ID } from '../../../../domain/roles.js';
import type { Queryable } from '../../../db/client.js';
import { permissionAssignments, roles, users } from '../../../db/schema/index.js';

/** Roles people may hold in the back office: everything but the app-account marker roles. */
const APP_ACCOUNT_ROLES = [DRIVER_ROLE_ID, TEMP_DRIVER_ROLE_ID];

export interface StoredAssignment {
    id: string;
    roleId: string;
    scopePath: string;
    contexts: RoleContext[];
}

export type UserRow = typeof users.$inferSelect;

/** A user of any type with all its assignments (and their roles' contexts); undefined when unknown. */
export async function findUserWithAssignments(
    db: Queryable,
    userId: string,
    options: { lock?: boolean } = {},
): Promise<{ user: UserRow; assignments: StoredAssignment[] } | undefined> {
    const base = db.select().from(users).where(eq(users.id, userId));
    const [user] = options.lock ? await base.for('update') : await base;
    if (!user) return undefined;
    const assignments = await db
        .select({
            id: permissionAssignments.id,
            roleId: permissionAssignments.roleId,
            scopePath: permissionAssignments.scopePath,
            contexts: roles.contexts,
        })
        .from(permissionAssignments)
        .innerJoin(roles, eq(roles.id, permissionAssignments.roleId))
        .where(eq(permissionAssignments.userId, userId));
    return { user, assignments };
}

/** Users of any type with their assignments, by id. */
export async function findUsersWithAssignments(
    db: Queryable,
    ids: readonly string[],
): Promise<Map<string, { user: UserRow; assignments: StoredAssignment[] }>> {
    const found = await db
        .select()
        .from(users)
        .where(inArray(users.id, [...ids]));
    const assignments = found.length
        ? await db
              .select({
                  userId: permissionAssignments.userId,
                  id: permissionAssignments.id,
                  roleId: permissionAssignments.roleId,
                  scopePath: permissionAssignments.scopePath,
                  contexts: roles.contexts,
              })
              .from(permissionAssignments)
              .innerJoin(roles, eq(roles.id, permissionAssignments.roleId))
              .where(
                  inArray(
                      permissionAssignments.userId,
                      found.map((user) => user.id),
                  ),
              )
        : [];
    return new Map(
        found.map((user) => [
            user.id,
            {
                user,
                assignments: assignments.filter((assignment) => assignment.userId === user.id),
            },
        ]),
    );
}

/**
 * The roles the permission rules weigh: technical roles and those of `tenantId` (none in the admin
 * context), without the app-account roles, plus every role in `alsoIds` (the edited user's own).
 */
export async function editableRoles(
    db: Queryable,
    tenantId: string | null,
    alsoIds: readonly string[] = [],
): Promise<
    (Omit<EditableRole, 'contexts'> & {
        contexts: RoleContext[];
        actions: string[];
        tenantId: string | null;
    })[]
> {
    const offered: SQL | undefined = and(
        notInArray(roles.id, APP_ACCOUNT_ROLES),
        tenantId === null
            ? isNull(roles.tenantId)
            : or(isNull(roles.tenantId), eq(roles.tenantId, tenantId)),
    );
    const where = alsoIds.length > 0 ? or(offered, inArray(roles.id, [...alsoIds])) : offered;
    const rows = await db
        .select({
            id: roles.id,
            name: roles.name,
            contexts: roles.contexts,
            visibilityPath: roles.visibilityPath,
            actions: roles.actions,
            tenantId: roles.tenantId,
        })
        .from(roles)
        .where(where)
        .orderBy(roles.name, roles.id);
    return rows;
}

/** Whether another user (not `exceptId`) already has this e-mail, case-insensitively. */
export async function emailTaken(db: Queryable, email: string): Promise<boolean> {
    const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
    return row !== undefined;
}

/** Whether another user's mobile or landline equals one of `phones`. */
export async function phoneTaken(
    db: Queryable,
    phones: readonly string[],
    exceptId?: string,
): Promise<boolean> {
    if (phones.length === 0) return false;
    const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(
            and(
                or(inArray(users.mobilePhone, [...phones]), inArray(users.landLine, [...phones])),
                exceptId ? ne(users.id, exceptId) : undefined,
            ),
        )
        .limit(1);
    return row !== undefined;
}

/** Postgres unique violation (directly or as the cause of a driver error). */
export function isUniqueViolation(error: unknown): boolean {
    for (
        let cause: unknown = error;
        cause && typeof cause === 'object';
        cause = (cause as { cause?: unknown }).cause
    ) {
        if ((cause as { code?: unknown }).code === '23505') return true;
    }
    return false;
}
