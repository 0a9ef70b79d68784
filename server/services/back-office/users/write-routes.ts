import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
    BackOfficeUser,
    CreateBackOfficeUserBody,
    UpdateBackOfficeUserBody,
    UpdatePermissionsBody,
    UserIdsAnswer,
    UserIdsBody,
    UserParams,
} from '../../../../domain/contracts/back-office-users.js';
import { Type } from 'typebox';
import { authErrors, ErrorEnvelope } from '../../../../domain/contracts/common.js';
import { badRequest } from '../../../errors.js';
import { CREATE_USERS, UPDATE_USERS, userAccess, viewAccess, viewOf } from './access.js';
import { changePermissions } from './change-permissions.js';
import { createBackOfficeUser } from './create-user.js';
import { deleteUsers } from './delete-users.js';
import { resetBackOfficeUserMfa } from './reset-mfa.js';
import { updateBackOfficeUser } from './update-user.js';

/** Creating, editing, re-permissioning and deleting back-office users (domain §7). */
export const backOfficeUserWriteRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
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
            const view = viewOf(request, 'body');
            const user = await createBackOfficeUser(fastify, request, view, request.body);
            reply.code(201);
            return user;
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
        async (request) =>
            updateBackOfficeUser(fastify.db, request, request.params.hashId, request.body),
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
            if (request.body.id !== hashId)
                throw badRequest('id must equal the user in the path.', [
                    { field: '/body/id', message: 'id must equal hashId' },
                ]);
            const view = viewOf(request, 'body');
            return changePermissions(fastify.db, request, hashId, view, request.body.permissions);
        },
    );

    fastify.post(
        '/v2/users/:hashId/mfa-reset',
        {
            config: {
                access: userAccess(
                    UPDATE_USERS,
                    `Needs ${UPDATE_USERS} covering one of the user's assignments (as for editing); others get 404 as for an unknown id. Not for oneself (400 CANNOT_RESET_OWN_MFA).`,
                ),
            },
            schema: {
                tags: ['back-office'],
                summary:
                    "Resets another back-office user's two-step sign-in (TOTP off, authenticator forgotten, sessions ended); audited",
                params: UserParams,
                response: { 204: Type.Null(), 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request, reply) => {
            await resetBackOfficeUserMfa(fastify, request, request.params.hashId);
            return reply.code(204).send(null);
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
        async (request) => deleteUsers(fastify, request, request.body.ids),
    );
};
