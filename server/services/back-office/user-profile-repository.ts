import { and, eq, inArray } from 'drizzle-orm';
import { backOfficeUserTypes } from '../../../domain/enums.js';
import { buildProfileActions } from '../../../domain/permissions.js';
import type { CallerAssignment } from '../../access/caller-repository.js';
import type { Queryable } from '../../db/client.js';
import { permissionAssignments, roles, users } from '../../db/schema/index.js';
import type { ProfileSubject } from './profile-repository.js';

/** A back-office user (never a driver or courier account) with every role assignment; undefined when there is none. */
export async function findBackOfficeUser(
    db: Queryable,
    userId: string,
): Promise<ProfileSubject | undefined> {
    const rows = await db
        .select({
            userId: users.id,
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
        .where(and(eq(users.id, userId), inArray(users.type, [...backOfficeUserTypes])))
        .orderBy(roles.name, permissionAssignments.scopePath);
    if (rows.length === 0) return undefined;
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
    return withAssignments(userId, assignments);
}

/** The subject with exactly these assignments, its actions rebuilt from them. */
export function withAssignments(userId: string, assignments: CallerAssignment[]): ProfileSubject {
    return {
        userId,
        assignments,
        actions: buildProfileActions(
            assignments.map((assignment) => ({
                contexts: assignment.role.contexts,
                actions: assignment.role.actions,
                scopePath: assignment.scopePath,
            })),
        ),
    };
}
