import { and, eq, inArray } from 'drizzle-orm';
import type { UserProfile } from '../../../domain/contracts/profile.js';
import { backOfficeUserTypes } from '../../../domain/enums.js';
import { buildProfileActions } from '../../../domain/permissions.js';
import type { CallerAssignment } from '../../access/caller-repository.js';
import { scopeSetCovers, type ScopeSet } from '../../access/scopes.js';
import type { Queryable } from '../../db/client.js';
import { permissionAssignments, roles, users } from '../../db/schema/index.js';
import { loadProfile, type ProfileSubject } from './profile-repository.js';

/**
 * `GET /users/:hashId`: a back-office user's profile as the caller may see it. The caller's own
 * profile is whole; another user's has no settings and only the role assignments inside the
 * caller's `scopes` (never a scope the caller cannot see). Undefined for drivers, courier
 * accounts, unknown ids and users with no assignment inside the scopes.
 */
export async function loadUserProfile(
    db: Queryable,
    callerId: string,
    scopes: ScopeSet,
    userId: string,
): Promise<UserProfile | undefined> {
    const subject = await findBackOfficeUser(db, userId);
    if (!subject) return undefined;
    if (subject.userId === callerId) return loadProfile(db, subject);
    const visible =
        scopes === 'ALL'
            ? subject.assignments
            : subject.assignments.filter((assignment) =>
                  scopeSetCovers(scopes, assignment.scopePath),
              );
    if (scopes !== 'ALL' && visible.length === 0) return undefined;
    return loadProfile(db, withAssignments(subject.userId, visible), { withSettings: false });
}

/** A back-office user (never a driver or courier account) with every role assignment; undefined when there is none. */
async function findBackOfficeUser(
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
function withAssignments(userId: string, assignments: CallerAssignment[]): ProfileSubject {
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
