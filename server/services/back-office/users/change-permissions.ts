import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type {
    BackOfficeUser,
    UpdatePermissionsBody,
} from '../../../../domain/contracts/back-office-users.js';
import { isAdmin } from '../../../../domain/permissions.js';
import type { Database } from '../../../db/client.js';
import { newId } from '../../../db/ids.js';
import { permissionAssignments, users } from '../../../db/schema/index.js';
import { forbidden } from '../../../errors.js';
import { appendAudit } from '../../../shared/audit-repository.js';
import { type View } from './access.js';
import { assertPermissionChange } from './field-checks.js';
import { editableRoles } from './user-repository.js';
import { findEditableBackOfficeUser, tenantOfPath, userAnswer } from './user-writes.js';

/**
 * `PUT /v2/users/:hashId/permissions` (domain §7): adds and removes a back-office user's role
 * assignments in `view`'s context, as the permission rules allow, in one transaction that bumps
 * the user's version and audits the change. The admin context is for admins only; users outside
 * the caller's reach are 404 as unknown ones.
 */
export async function changePermissions(
    db: Database,
    request: FastifyRequest,
    hashId: string,
    view: View,
    permissions: UpdatePermissionsBody['permissions'],
): Promise<BackOfficeUser> {
    const { caller } = request;
    if (view.context === 'admin' && !isAdmin(caller.actions))
        throw forbidden('NO_PERMISSION', 'The admin context is for admins only.');
    await db.transaction(async (tx) => {
        // The row lock serialises concurrent changes of one user: the later one sees the earlier's result.
        const found = await findEditableBackOfficeUser(tx, caller.actions, hashId, { lock: true });
        const current = found.assignments.map(({ id, roleId, scopePath }) => ({
            id,
            roleId,
            path: scopePath,
        }));
        const roles = await editableRoles(
            tx,
            view.context === 'admin' ? null : tenantOfPath(view.path),
            current.map((assignment) => assignment.roleId),
        );
        assertPermissionChange(
            { editor: caller.actions, context: view.context, roles, current },
            view,
            permissions,
        );
        const { addPermissions, removePermissions } = permissions;
        if (removePermissions.length > 0)
            await tx
                .delete(permissionAssignments)
                .where(
                    and(
                        eq(permissionAssignments.userId, hashId),
                        inArray(permissionAssignments.id, removePermissions),
                    ),
                );
        const added = addPermissions.map(({ path, roleId }) => ({
            id: newId(),
            userId: hashId,
            roleId,
            scopePath: path,
            tenantId: tenantOfPath(path),
        }));
        if (added.length > 0) await tx.insert(permissionAssignments).values(added);
        await tx
            .update(users)
            .set({ version: sql`${users.version} + 1`, updatedAt: new Date() })
            .where(eq(users.id, hashId));
        await appendAudit(tx, request, {
            action: 'backoffice-user-permissions-changed',
            entityType: 'user',
            entityId: hashId,
            changes: {
                context: view.context,
                path: view.path,
                added: added.map(({ id, roleId, scopePath }) => ({ id, roleId, path: scopePath })),
                removed: found.assignments
                    .filter((a) => removePermissions.includes(a.id))
                    .map(({ id, roleId, scopePath }) => ({ id, roleId, path: scopePath })),
            },
        });
    });
    return userAnswer(db, hashId, caller.actions);
}
