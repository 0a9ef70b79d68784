import { UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { UserIdsAnswer } from '../../../../domain/contracts/back-office-users.js';
import { can, grantedScopes } from '../../../../domain/permissionChecks.js';
import { isAdmin, type ProfileActions } from '../../../../domain/permissions.js';
import { scopeSetCovers } from '../../../access/scopes.js';
import { users } from '../../../db/schema/index.js';
import { AppError, badRequest, notFound } from '../../../errors.js';
import { appendAudit } from '../../../shared/audit-repository.js';
import { mayDeleteUser, mayReadUser } from './access.js';
import {
    findUsersWithAssignments,
    type StoredAssignment,
    type UserRow,
} from './user-repository.js';
import { identityNameOf, isBackOfficeUser, reach, type UserWriteServices } from './user-writes.js';

type Found = { user: UserRow; assignments: StoredAssignment[] };

/**
 * Why the caller may not delete a user: 404 outside their reach (or unknown), 400 themselves,
 * 403 visible but not deletable; null when they may. Back-office users need d:bo-user covering
 * all their assignments; drivers d:driver and courier accounts d:temp-driver at their scope.
 */
function refusalOf(
    actions: ProfileActions,
    callerId: string,
    id: string,
    entry: Found | undefined,
): 400 | 403 | 404 | null {
    if (!entry) return 404;
    const { user, assignments } = entry;
    if (isBackOfficeUser(user)) {
        if (!mayReadUser(actions, reach(assignments))) return 404;
        if (id === callerId) return 400;
        if (!mayDeleteUser(actions, reach(assignments))) return 403;
        return null;
    }
    const [read, remove] =
        user.type === 'TempDriver' ? ['r:temp-driver', 'd:temp-driver'] : ['r:driver', 'd:driver'];
    const path = user.scopePath ?? '';
    if (
        !isAdmin(actions) &&
        (path === '' || !scopeSetCovers(grantedScopes(actions, read, 'depot'), path))
    )
        return 404;
    if (!isAdmin(actions) && !can(actions, remove, { context: 'depot', path })) return 403;
    return null;
}

/** All or none: the first unknown id is 404, then deleting oneself 400, then the first refused 403. */
function assertAllDeletable(
    request: FastifyRequest,
    requested: readonly string[],
    ids: readonly string[],
    found: Map<string, Found>,
): void {
    const { actions, userId } = request.caller;
    const refusals = ids.flatMap((id) => {
        const status = refusalOf(actions, userId, id, found.get(id));
        return status === null ? [] : [{ id, status }];
    });
    const unknown = refusals.find((refusal) => refusal.status === 404);
    if (unknown) throw notFound(`User ${unknown.id}`);
    const self = refusals.find((refusal) => refusal.status === 400);
    if (self)
        throw badRequest(
            'You cannot delete yourself.',
            [
                {
                    field: `/body/ids/${requested.indexOf(self.id)}`,
                    message: 'the caller cannot delete themselves',
                },
            ],
            'CANNOT_DELETE_SELF',
        );
    const denied = refusals.find((refusal) => refusal.status === 403);
    if (denied)
        throw new AppError(403, 'NO_PERMISSION', `You may not delete the user ${denied.id}.`, [
            {
                field: `/body/ids/${requested.indexOf(denied.id)}`,
                message: 'not deletable by you',
            },
        ]);
}

/**
 * `DELETE /v2/users` (domain §7): deletes back-office users, drivers and courier accounts, all
 * or none, auditing each in one transaction, then their identities (which revokes their sessions).
 */
export async function deleteUsers(
    { db, identityAdmin }: UserWriteServices,
    request: FastifyRequest,
    requested: readonly string[],
): Promise<UserIdsAnswer> {
    const ids = [...new Set(requested)];
    const found = await findUsersWithAssignments(db, ids);
    assertAllDeletable(request, requested, ids, found);
    const doomed = ids.map((id) => found.get(id)).filter((entry) => entry !== undefined);
    await db.transaction(async (tx) => {
        // Assignments and settings cascade; vehicles' base driver and other references are set null.
        await tx.delete(users).where(inArray(users.id, ids));
        for (const { user, assignments } of doomed) {
            await appendAudit(tx, request, {
                action: 'user-deleted',
                entityType: 'user',
                entityId: user.id,
                changes: {
                    type: user.type,
                    email: user.email,
                    username: user.username,
                    permissions: assignments.map(({ id, roleId, scopePath }) => ({
                        id,
                        roleId,
                        path: scopePath,
                    })),
                },
            });
        }
    });
    // Deleting the identity revokes its sessions (the token check finds no identity and no user).
    for (const { user } of doomed) {
        await identityAdmin.deleteUser(identityNameOf(user)).catch((error: unknown) => {
            if (!(error instanceof UserNotFoundException))
                request.log.error({ err: error, userId: user.id }, 'deleting the identity failed');
        });
    }
    return { ids };
}
