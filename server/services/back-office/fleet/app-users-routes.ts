import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authErrors, ErrorEnvelope } from '../../../../domain/contracts/common.js';
import {
    AppUser,
    AppUserPage,
    AppUserParams,
    AppUserQuery,
    CreateAppUserBody,
    CreatedAppUser,
    DriverTypeParams,
    UpdateAppUserBody,
    type AppUserSortField,
} from '../../../../domain/contracts/fleet.js';
import { appUserReadAccess, appUserReadScopes, appUserWriteAccess } from './access.js';
import { listAppUsers } from './app-users-repository.js';
import { nameCollationOf, requestLanguage } from '../../../db/name-collation.js';
import { createAppUser } from './create-app-user.js';
import { updateAppUser } from './update-app-user.js';

const tags = ['back-office'];

/**
 * Driver app accounts and courier accounts (domain §3-§5, §7): list, create, edit (including the
 * subcontractor change); activation is in app-user-activation-routes.ts.
 */
export const appUserRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    const { db } = fastify;

    fastify.get(
        '/v3/users/app',
        {
            config: { access: appUserReadAccess },
            schema: {
                tags,
                summary:
                    'Driver app accounts and courier accounts under a tenant, depot or subcontractor path (0-based pages)',
                querystring: AppUserQuery,
                response: { 200: AppUserPage, ...authErrors },
            },
        },
        async (request) => {
            const { query } = request;
            const scopes = appUserReadScopes(
                request.caller.actions,
                request.access.path,
                query.driverType,
            );
            const [field, order] = (query.sort ?? 'lastName,asc').split(',') as [
                AppUserSortField,
                'asc' | 'desc',
            ];
            return listAppUsers(db, scopes, {
                ...query,
                page: query.page ?? 0,
                size: query.size ?? 25,
                sort: { field, order },
                collation: nameCollationOf(requestLanguage(request.headers['accept-language'])),
            });
        },
    );

    fastify.post(
        '/users/:driverType',
        {
            config: { access: appUserWriteAccess('create') },
            schema: {
                tags,
                summary:
                    'Adds a driver app account or courier account to a subcontractor, with its identity',
                params: DriverTypeParams,
                body: CreateAppUserBody,
                response: {
                    201: CreatedAppUser,
                    404: ErrorEnvelope,
                    409: ErrorEnvelope,
                    ...authErrors,
                },
            },
        },
        async (request, reply) => {
            const created = await createAppUser(
                fastify,
                request,
                request.params.driverType,
                request.body,
            );
            reply.status(201);
            return created;
        },
    );

    fastify.put(
        '/users/:driverType/:hashId',
        {
            config: { access: appUserWriteAccess('update') },
            schema: {
                tags,
                summary:
                    'Edits a driver app account or courier account; a new subcontractorId moves it there (its vehicles stay)',
                params: AppUserParams,
                body: UpdateAppUserBody,
                response: { 200: AppUser, 404: ErrorEnvelope, 409: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const { driverType, hashId } = request.params;
            return updateAppUser(db, request, driverType, hashId, request.body);
        },
    );
};
