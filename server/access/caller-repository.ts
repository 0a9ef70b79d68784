import { eq, sql } from 'drizzle-orm';
import type { RoleContext, UserType } from '../../domain/enums.js';
import { buildProfileActions, type ProfileActions } from '../../domain/permissions.js';
import type { Database } from '../db/client.js';
import { permissionAssignments, roles, users } from '../db/schema/index.js';

export interface CallerAssignment {
    id: string;
    scopePath: string;
    role: { id: string; name: string; contexts: RoleContext[]; actions: string[] };
}

/** The back-office user behind a verified token, with what they may do. */
export interface Caller {
    userId: string;
    sub: string;
    type: UserType;
    tenantId: string | null;
    email: string | null;
    active: boolean;
    assignments: CallerAssignment[];
    actions: ProfileActions;
}

/**
 * Loads callers by identity: the user and every role assignment in one prepared query (it
 * runs on every API request, so its SQL is built once). Answers undefined when no user is
 * linked to the identity.
 */
export function createCallerLoader(db: Database): (sub: string) => Promise<Caller | undefined> {
    const query = db
        .select({
            userId: users.id,
            type: users.type,
            tenantId: users.tenantId,
            email: users.email,
            active: users.active,
            assignmentId: permissionAssignments.id,
            scopePath: permissionAssignments.scopePath,
            roleId: roles.id,
            roleName: roles.name,
            contexts: roles.contexts,
            actions: roles.actions,
        })
        .from(users)
        .leftJoin(permissionAssignments, eq(permissionAssignments.userId, users.id))
        .leftJoin(roles, eq(roles.id, permissionAssignments.roleId))
        .where(eq(users.identitySub, sql.placeholder('sub')))
        .orderBy(roles.name, permissionAssignments.scopePath)
        .prepare('caller_by_identity');

    return async (sub) => {
        const rows = await query.execute({ sub });
        const user = rows[0];
        if (!user) return undefined;
        const assignments: CallerAssignment[] = [];
        for (const row of rows) {
            if (
                row.assignmentId === null ||
                row.scopePath === null ||
                row.roleId === null ||
                row.roleName === null
            )
                continue;
            assignments.push({
                id: row.assignmentId,
                scopePath: row.scopePath,
                role: {
                    id: row.roleId,
                    name: row.roleName,
                    contexts: row.contexts ?? [],
                    actions: row.actions ?? [],
                },
            });
        }
        return {
            userId: user.userId,
            sub,
            type: user.type,
            tenantId: user.tenantId,
            email: user.email,
            active: user.active,
            assignments,
            actions: buildProfileActions(
                assignments.map((a) => ({
                    contexts: a.role.contexts,
                    actions: a.role.actions,
                    scopePath: a.scopePath,
                })),
            ),
        };
    };
}
