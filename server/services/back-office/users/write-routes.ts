import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
    UserNotFoundException,
    UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { backOfficeUserTypes } from '../../../../domain/enums.js';
import { can, grantedScopes } from '../../../../domain/permissionChecks.js';
import { isAdmin, isSubcontractorPath } from '../../../../domain/permissions.js';
import { splitScopePath } from '../../../../domain/scopePath.js';
import { normaliseEmail } from '../../../../domain/userRules.js';
import { scopeSetCovers } from '../../../access/scopes.js';
import { newId } from '../../../db/ids.js';
import { permissionAssignments, users } from '../../../db/schema/index.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../../errors.js';
import { authErrors, ErrorEnvelope } from '../../../../domain/contracts/common.js';
import { appendAudit } from '../../../shared/audit-repository.js';
import { UserParams } from '../schemas.js';
import {
    CREATE_USERS,
    mayDeleteUser,
    mayEditUser,
    mayReadUser,
    readableScopes,
    UPDATE_USERS,
    userAccess,
    viewAccess,
    viewOf,
} from './access.js';
import { assertPermissionChange, assertUserData, normaliseData } from './field-checks.js';
import { loadBackOfficeUsers } from './list-repository.js';
import {
    BackOfficeUser,
    CreateBackOfficeUserBody,
    UpdateBackOfficeUserBody,
    UpdatePermissionsBody,
    UserIdsAnswer,
    UserIdsBody,
} from './schemas.js';
import {
    editableRoles,
    emailTaken,
    findUserWithAssignments,
    findUsersWithAssignments,
    isUniqueViolation,
    phoneTaken,
    type StoredAssignment,
    type UserRow,
} from './user-repository.js';

const backOfficeTypes: readonly string[] = backOfficeUserTypes;
const isBackOfficeUser = (user: UserRow) => backOfficeTypes.includes(user.type);
const tenantOfPath = (path: string) => splitScopePath(path)[0] ?? null;
const duplicateEmail = () =>
    conflict('DUPLICATE_EMAIL', 'A user with this e-mail address already exists.', [
        { field: '/body/email', message: 'email is already used' },
    ]);
const duplicatePhone = () =>
    conflict('DUPLICATE_PHONE_NUMBER', 'Another user already has this phone number.', [
        { field: '/body/mobilePhone', message: 'phone number is already used' },
    ]);
const phonesOf = (data: { mobilePhone: string | null; landLine: string | null }) => [
    ...new Set(
        [data.mobilePhone, data.landLine].filter((phone): phone is string => phone !== null),
    ),
];
/** The identity's canonical username: lower-case e-mail for back-office users, `email ?? username` for app accounts. */
const identityNameOf = (user: UserRow) => (user.email ?? user.username ?? '').toLowerCase();

/** The one subcontractor a user's scopes name, when every scope is on the same five-part path. */
function singleSubcontractor(paths: readonly string[]): string | null {
    const unique = [...new Set(paths)];
    return unique.length === 1 && unique[0] !== undefined && isSubcontractorPath(unique[0])
        ? unique[0]
        : null;
}

const reach = (assignments: readonly StoredAssignment[]) =>
    assignments.map((assignment) => ({
        scopePath: assignment.scopePath,
        contexts: assignment.contexts,
    }));

/** Creating, editing, re-permissioning and deleting back-office users (domain §7). */
export const backOfficeUserWriteRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    const answer = async (id: string, actions: Parameters<typeof readableScopes>[0]) => {
        const [record] = await loadBackOfficeUsers(
            fastify.db,
            [id],
            isAdmin(actions) ? 'ALL' : readableScopes(actions),
        );
        if (!record) throw notFound(`User ${id}`);
        return record;
    };

    fastify.post(
        '/v2/users',
        {
            config: {
                access: viewAccess(
                    CREATE_USERS,
                    'body',
                    'Creates a back-office user with its identity (invitation e-mail) and permissions.',
                ),
            },
            schema: {
                tags: ['back-office'],
                summary:
                    'Creates a back-office user with permissions; the identity gets a temporary password by e-mail',
                body: CreateBackOfficeUserBody,
                response: { 201: BackOfficeUser, 409: ErrorEnvelope, ...authErrors },
            },
        },
        async (request, reply) => {
            const { body, caller } = request;
            const { actions } = caller;
            const view = viewOf(request, 'body');
            const email = normaliseEmail(body.email);
            const data = normaliseData(body);
            assertUserData(data, body.email);
            if (body.type === 'Admin' && !isAdmin(actions))
                throw forbidden('NO_PERMISSION', 'Only admins may create admins.');
            const change = {
                addPermissions: body.permissions.addPermissions,
                removePermissions: [],
            };
            const roles = await editableRoles(
                fastify.db,
                view.context === 'admin' ? null : tenantOfPath(view.path),
            );
            assertPermissionChange(
                { editor: actions, context: view.context, roles, current: [] },
                view,
                change,
            );
            if (view.context !== 'admin') {
                const denied = change.addPermissions.findIndex(
                    ({ path }) =>
                        !can(actions, CREATE_USERS, {
                            context: view.context as 'tenant' | 'depot',
                            path,
                        }),
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
            if (await emailTaken(fastify.db, email)) throw duplicateEmail();
            if (await phoneTaken(fastify.db, phonesOf(data))) throw duplicatePhone();
            const username = email.toLowerCase();
            if (await fastify.identityAdmin.getUser(username)) throw duplicateEmail();
            let identity;
            try {
                identity = await fastify.identityAdmin.createUser({
                    username,
                    email,
                    sendInvitation: true,
                });
            } catch (error) {
                if (error instanceof UsernameExistsException) throw duplicateEmail();
                throw error;
            }
            const id = newId();
            const suco = singleSubcontractor(
                change.addPermissions.map((permission) => permission.path),
            );
            try {
                await fastify.db.transaction(async (tx) => {
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
                await fastify.identityAdmin
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
            reply.code(201);
            return answer(id, actions);
        },
    );

    fastify.put(
        '/users/:hashId',
        {
            config: {
                access: userAccess(
                    UPDATE_USERS,
                    `Needs ${UPDATE_USERS} covering one of the user's assignments (users with an admin role or none: admins only); others get 404 as for an unknown id.`,
                ),
            },
            schema: {
                tags: ['back-office'],
                summary:
                    "Edits a back-office user's data (the e-mail cannot change); version must match",
                params: UserParams,
                body: UpdateBackOfficeUserBody,
                response: {
                    200: BackOfficeUser,
                    404: ErrorEnvelope,
                    409: ErrorEnvelope,
                    ...authErrors,
                },
            },
        },
        async (request) => {
            const { hashId } = request.params;
            const { body, caller } = request;
            const found = await findUserWithAssignments(fastify.db, hashId);
            if (
                !found ||
                !isBackOfficeUser(found.user) ||
                !mayEditUser(caller.actions, reach(found.assignments))
            )
                throw notFound(`User ${hashId}`);
            const { user } = found;
            if (
                body.email !== undefined &&
                normaliseEmail(body.email).toLowerCase() !== (user.email ?? '').toLowerCase()
            ) {
                throw badRequest('The e-mail cannot be changed.', [
                    { field: '/body/email', message: 'email cannot be changed' },
                ]);
            }
            const data = normaliseData(body);
            assertUserData(data);
            if (
                (body.type === 'Admin' || user.type === 'Admin') &&
                body.type !== user.type &&
                !isAdmin(caller.actions)
            )
                throw forbidden('NO_PERMISSION', 'Only admins may grant or take the Admin type.');
            if (await phoneTaken(fastify.db, phonesOf(data), user.id)) throw duplicatePhone();
            const wants = body.wantsSecondScreenNews ?? user.wantsSecondScreenNews;
            const before = {
                type: user.type,
                ...normaliseData(user),
                wantsSecondScreenNews: user.wantsSecondScreenNews,
            };
            const after = { type: body.type, ...data, wantsSecondScreenNews: wants };
            const changes = Object.fromEntries(
                (Object.keys(after) as (keyof typeof after)[])
                    .filter((key) => before[key] !== after[key])
                    .map((key) => [key, { from: before[key], to: after[key] }]),
            );
            await fastify.db.transaction(async (tx) => {
                const updated = await tx
                    .update(users)
                    .set({ ...after, version: sql`${users.version} + 1`, updatedAt: new Date() })
                    .where(and(eq(users.id, user.id), eq(users.version, body.version)))
                    .returning({ id: users.id });
                if (updated.length === 0)
                    throw conflict(
                        'STALE_RECORD',
                        'The user was changed by someone else; reload and try again.',
                    );
                await appendAudit(tx, request, {
                    action: 'backoffice-user-updated',
                    entityType: 'user',
                    entityId: user.id,
                    changes,
                });
            });
            return answer(user.id, caller.actions);
        },
    );

    fastify.put(
        '/v2/users/:hashId/permissions',
        {
            config: {
                access: userAccess(
                    UPDATE_USERS,
                    `Needs ${UPDATE_USERS} covering one of the user's assignments (as for editing); the permission rules decide each addition and removal.`,
                ),
            },
            schema: {
                tags: ['back-office'],
                summary: "Adds and removes a back-office user's permissions in the view's context",
                params: UserParams,
                body: UpdatePermissionsBody,
                response: { 200: BackOfficeUser, 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const { hashId } = request.params;
            const { body, caller } = request;
            if (body.id !== hashId)
                throw badRequest('id must equal the user in the path.', [
                    { field: '/body/id', message: 'id must equal hashId' },
                ]);
            const view = viewOf(request, 'body');
            if (view.context === 'admin' && !isAdmin(caller.actions))
                throw forbidden('NO_PERMISSION', 'The admin context is for admins only.');
            await fastify.db.transaction(async (tx) => {
                // The row lock serialises concurrent changes of one user: the later one sees the earlier's result.
                const found = await findUserWithAssignments(tx, hashId, { lock: true });
                if (
                    !found ||
                    !isBackOfficeUser(found.user) ||
                    !mayEditUser(caller.actions, reach(found.assignments))
                )
                    throw notFound(`User ${hashId}`);
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
                    body.permissions,
                );
                const { addPermissions, removePermissions } = body.permissions;
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
                        added: added.map(({ id, roleId, scopePath }) => ({
                            id,
                            roleId,
                            path: scopePath,
                        })),
                        removed: found.assignments
                            .filter((a) => removePermissions.includes(a.id))
                            .map(({ id, roleId, scopePath }) => ({ id, roleId, path: scopePath })),
                    },
                });
            });
            return answer(hashId, caller.actions);
        },
    );

    fastify.delete(
        '/v2/users',
        {
            config: {
                access: userAccess(
                    'd:bo-user',
                    "Back-office users need d:bo-user covering all their assignments (admin-role holders: admins only); drivers d:driver and courier accounts d:temp-driver at their scope. All ids or none; ids outside the caller's reach are 404, visible but not deletable 403.",
                ),
            },
            schema: {
                tags: ['back-office'],
                summary:
                    'Deletes users (back-office users, drivers, courier accounts) and their identities, all or none',
                body: UserIdsBody,
                response: { 200: UserIdsAnswer, 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const { caller } = request;
            const { actions } = caller;
            const ids = [...new Set(request.body.ids)];
            const found = await findUsersWithAssignments(fastify.db, ids);
            const refusals: { id: string; status: 400 | 403 | 404 }[] = [];
            for (const id of ids) {
                const entry = found.get(id);
                if (!entry) {
                    refusals.push({ id, status: 404 });
                    continue;
                }
                const { user, assignments } = entry;
                if (isBackOfficeUser(user)) {
                    if (!mayReadUser(actions, reach(assignments)))
                        refusals.push({ id, status: 404 });
                    else if (id === caller.userId) refusals.push({ id, status: 400 });
                    else if (!mayDeleteUser(actions, reach(assignments)))
                        refusals.push({ id, status: 403 });
                    continue;
                }
                const [read, remove] =
                    user.type === 'TempDriver'
                        ? ['r:temp-driver', 'd:temp-driver']
                        : ['r:driver', 'd:driver'];
                const path = user.scopePath ?? '';
                if (
                    !isAdmin(actions) &&
                    (path === '' || !scopeSetCovers(grantedScopes(actions, read, 'depot'), path))
                )
                    refusals.push({ id, status: 404 });
                else if (!isAdmin(actions) && !can(actions, remove, { context: 'depot', path }))
                    refusals.push({ id, status: 403 });
            }
            const unknown = refusals.find((refusal) => refusal.status === 404);
            if (unknown) throw notFound(`User ${unknown.id}`);
            const self = refusals.find((refusal) => refusal.status === 400);
            if (self)
                throw badRequest('You cannot delete yourself.', [
                    {
                        field: `/body/ids/${request.body.ids.indexOf(self.id)}`,
                        message: 'the caller cannot delete themselves',
                    },
                ]);
            const denied = refusals.find((refusal) => refusal.status === 403);
            if (denied)
                throw new AppError(
                    403,
                    'NO_PERMISSION',
                    `You may not delete the user ${denied.id}.`,
                    [
                        {
                            field: `/body/ids/${request.body.ids.indexOf(denied.id)}`,
                            message: 'not deletable by you',
                        },
                    ],
                );
            const doomed = ids.map((id) => found.get(id)).filter((entry) => entry !== undefined);
            await fastify.db.transaction(async (tx) => {
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
                await fastify.identityAdmin
                    .deleteUser(identityNameOf(user))
                    .catch((error: unknown) => {
                        if (!(error instanceof UserNotFoundException))
                            request.log.error(
                                { err: error, userId: user.id },
                                'deleting the identity failed',
                            );
                    });
            }
            return { ids };
        },
    );
};
