import { UsernameExistsException } from '@aws-sdk/client-cognito-identity-provider';
import type { FastifyRequest } from 'fastify';
import type {
    BackOfficeUser,
    CreateBackOfficeUserBody,
} from '../../../../domain/contracts/back-office-users.js';
import { can } from '../../../../domain/permissionChecks.js';
import { isAdmin } from '../../../../domain/permissions.js';
import type { PermissionChangeRequest } from '../../../../domain/contracts/back-office-users.js';
import { splitScopePath } from '../../../../domain/scopePath.js';
import { normaliseEmail } from '../../../../domain/userRules.js';
import { newId } from '../../../db/ids.js';
import { permissionAssignments, users } from '../../../db/schema/index.js';
import { AppError, forbidden } from '../../../errors.js';
import { appendAudit } from '../../../shared/audit-repository.js';
import { CREATE_USERS, type View } from './access.js';
import { assertPermissionChange, assertUserData, normaliseData } from './field-checks.js';
import { editableRoles, emailTaken, isUniqueViolation, phoneTaken } from './user-repository.js';
import {
    duplicateEmail,
    duplicatePhone,
    phonesOf,
    singleSubcontractor,
    tenantOfPath,
    userAnswer,
    type UserWriteServices,
} from './user-writes.js';

/** 403 when the caller lacks c:bo-user on the scope of one of the permissions (outside the admin context). */
function assertMayCreateOn(
    request: FastifyRequest,
    view: View,
    change: PermissionChangeRequest,
): void {
    if (view.context === 'admin') return;
    const { actions } = request.caller;
    const denied = change.addPermissions.findIndex(
        ({ path }) =>
            !can(actions, CREATE_USERS, { context: view.context as 'tenant' | 'depot', path }),
    );
    if (denied !== -1)
        throw new AppError(
            403,
            'NO_PERMISSION',
            `You may not create users on the scope '${change.addPermissions[denied]?.path}'.`,
            [
                {
                    field: `/body/permissions/addPermissions/${denied}`,
                    message: `${CREATE_USERS} is needed`,
                },
            ],
        );
}

/**
 * `POST /v2/users` (domain §7): checks the data and the permissions to grant in `view`, creates
 * the identity (invitation e-mail with a temporary password), then the user, its assignments
 * and the audit entry in one transaction; the identity is removed again when that fails.
 */
export async function createBackOfficeUser(
    { db, identityAdmin }: UserWriteServices,
    request: FastifyRequest,
    view: View,
    body: CreateBackOfficeUserBody,
): Promise<BackOfficeUser> {
    const { actions } = request.caller;
    const email = normaliseEmail(body.email);
    const data = normaliseData(body);
    assertUserData(data, body.email);
    if (body.type === 'Admin' && !isAdmin(actions))
        throw forbidden('NO_PERMISSION', 'Only admins may create admins.');
    const change = { addPermissions: body.permissions.addPermissions, removePermissions: [] };
    const roles = await editableRoles(
        db,
        view.context === 'admin' ? null : tenantOfPath(view.path),
    );
    assertPermissionChange(
        { editor: actions, context: view.context, roles, current: [] },
        view,
        change,
    );
    assertMayCreateOn(request, view, change);
    if (await emailTaken(db, email)) throw duplicateEmail();
    if (await phoneTaken(db, phonesOf(data))) throw duplicatePhone();
    const username = email.toLowerCase();
    if (await identityAdmin.getUser(username)) throw duplicateEmail();
    let identity;
    try {
        identity = await identityAdmin.createUser({ username, email, sendInvitation: true });
    } catch (error) {
        if (error instanceof UsernameExistsException) throw duplicateEmail();
        throw error;
    }
    const id = newId();
    const suco = singleSubcontractor(change.addPermissions.map((permission) => permission.path));
    try {
        await db.transaction(async (tx) => {
            await tx.insert(users).values({
                id,
                tenantId: view.context === 'admin' ? null : tenantOfPath(view.path),
                type: body.type,
                email,
                ...data,
                wantsSecondScreenNews: body.wantsSecondScreenNews ?? false,
                subcontractorId: suco ? (splitScopePath(suco)[4] ?? null) : null,
                scopePath: suco,
                identitySub: identity.sub || null,
            });
            const added = change.addPermissions.map(({ path, roleId }) => ({
                id: newId(),
                userId: id,
                roleId,
                scopePath: path,
                tenantId: tenantOfPath(path),
            }));
            await tx.insert(permissionAssignments).values(added);
            await appendAudit(tx, request, {
                action: 'backoffice-user-created',
                entityType: 'user',
                entityId: id,
                changes: {
                    type: body.type,
                    email,
                    ...data,
                    permissions: added.map(({ id: assignmentId, roleId, scopePath }) => ({
                        id: assignmentId,
                        roleId,
                        path: scopePath,
                    })),
                },
            });
        });
    } catch (error) {
        // The identity is not part of the transaction: remove it again.
        await identityAdmin
            .deleteUser(username)
            .catch((cleanup: unknown) =>
                request.log.error(
                    { err: cleanup },
                    'identity cleanup after a failed user insert failed',
                ),
            );
        if (isUniqueViolation(error)) throw duplicateEmail();
        throw error;
    }
    return userAnswer(db, id, actions);
}
