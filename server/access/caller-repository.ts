import { eq } from 'drizzle-orm';
import type { RoleContext, UserType } from '../../domain/enums.js';
import { buildProfileActions, type ProfileActions } from '../../domain/permissions.js';
import type { Queryable } from '../db/client.js';
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

/** Loads the user linked to an identity and their role assignments; undefined when no user is linked. */
export async function findCallerBySub(db: Queryable, sub: string): Promise<Caller | undefined> {
    const [user] = await db
        .select({ id: users.id, type: users.type, tenantId: users.tenantId, email: users.email, active: users.active })
        .from(users)
        .where(eq(users.identitySub, sub))
        .limit(1);
    if (!user) return undefined;
    const rows = await db
        .select({
            id: permissionAssignments.id,
            scopePath: permissionAssignments.scopePath,
            roleId: roles.id,
            roleName: roles.name,
            contexts: roles.contexts,
            actions: roles.actions,
        })
        .from(permissionAssignments)
        .innerJoin(roles, eq(roles.id, permissionAssignments.roleId))
        .where(eq(permissionAssignments.userId, user.id))
        .orderBy(roles.name, permissionAssignments.scopePath);
    const assignments = rows.map((row) => ({
        id: row.id,
        scopePath: row.scopePath,
        role: { id: row.roleId, name: row.roleName, contexts: row.contexts, actions: row.actions },
    }));
    return {
        userId: user.id,
        sub,
        type: user.type,
        tenantId: user.tenantId,
        email: user.email,
        active: user.active,
        assignments,
        actions: buildProfileActions(assignments.map((a) => ({ contexts: a.role.contexts, actions: a.role.actions, scopePath: a.scopePath }))),
    };
}
