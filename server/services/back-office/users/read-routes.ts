import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
    BackOfficeUserDownloadQuery,
    BackOfficeUserPage,
    BackOfficeUserQuery,
    RolesAndScopes,
    RolesAndScopesQuery,
} from '../../../../domain/contracts/back-office-users.js';
import { authErrors } from '../../../../domain/contracts/common.js';
import { isAdmin } from '../../../../domain/permissions.js';
import { accessDenied } from '../../../access/route-access.js';
import { nameCollationOf, requestLanguage } from '../../../db/name-collation.js';
import { spreadsheetContentTypes } from '../../../shared/spreadsheet.js';
import { READ_USERS, readableScopes, viewAccess } from './access.js';
import { MAX_EXPORT_ROWS, usersCsv, usersXlsx } from './export-files.js';
import { allBackOfficeUsers, listBackOfficeUsers, type UserFilter } from './list-repository.js';
import { ASSIGN, rolesAndScopesFor } from './roles-and-scopes.js';

/** The rows of a view: `request.access.scopes` (already narrowed to the view path); the permissions shown are those the caller may read. */
function filterOf(
    request: FastifyRequest,
    query: { search?: string; type?: UserFilter['type']; roleId?: string; sort?: string },
): UserFilter {
    const access = request.access;
    const actions = request.caller.actions;
    return {
        rows: access.scopes,
        visiblePermissions: isAdmin(actions) ? 'ALL' : readableScopes(actions),
        search: query.search,
        type: query.type,
        roleId: query.roleId,
        sort: query.sort,
        collation: nameCollationOf(requestLanguage(request.headers['accept-language'])),
    };
}

const today = () => new Date().toISOString().slice(0, 10);

function sendFile(reply: FastifyReply, format: 'csv' | 'xlsx', name: string, body: Buffer) {
    return reply
        .header('content-type', spreadsheetContentTypes[format])
        .header('content-disposition', `attachment; filename="${name}.${format}"`)
        .header('cache-control', 'no-store')
        .send(body);
}

/** The list, the export and download files, and what the user dialog may offer (domain §7). */
export const backOfficeUserReadRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    fastify.get(
        '/v2/users',
        {
            config: {
                access: viewAccess(
                    READ_USERS,
                    'query',
                    "Lists back-office users with an assignment under the view path and the caller's r:bo-user scopes.",
                ),
            },
            schema: {
                tags: ['back-office'],
                summary:
                    'Lists back-office users of the view (0-based pages), filtered, searched and sorted',
                querystring: BackOfficeUserQuery,
                response: { 200: BackOfficeUserPage, ...authErrors },
            },
        },
        async (request) => {
            const { query } = request;
            return listBackOfficeUsers(
                fastify.db,
                filterOf(request, query),
                query.page,
                query.size,
            );
        },
    );

    fastify.get(
        '/v2/users/export',
        {
            config: {
                access: {
                    description: `Every back-office user the caller may read: admins all; holders of ${READ_USERS} (tenant or depot context) those with an assignment where they hold it.`,
                    grant: (request) => {
                        const { actions } = request.caller;
                        if (isAdmin(actions)) return { scopes: 'ALL' };
                        const scopes = readableScopes(actions);
                        if (scopes !== 'ALL' && scopes.length === 0)
                            throw accessDenied('NO_PERMISSION', READ_USERS);
                        return { scopes };
                    },
                },
            },
            schema: {
                tags: ['back-office'],
                summary:
                    'Exports every back-office user the caller may read as a CSV file (UTF-8 with BOM)',
                produces: ['text/csv'],
                response: { 200: Type.String({ description: 'CSV file' }), ...authErrors },
            },
        },
        async (request, reply) => {
            const users = await allBackOfficeUsers(
                fastify.db,
                filterOf(request, {}),
                MAX_EXPORT_ROWS,
            );
            return sendFile(reply, 'csv', `backoffice-users-${today()}`, usersCsv(users));
        },
    );

    fastify.get(
        '/v2/users/download',
        {
            config: { access: viewAccess(READ_USERS, 'query', 'The list of the view as a file.') },
            schema: {
                tags: ['back-office'],
                summary:
                    'Downloads the filtered, sorted list of the view as an Excel workbook or CSV file (at most 50,000 rows)',
                querystring: BackOfficeUserDownloadQuery,
                produces: [spreadsheetContentTypes.xlsx, 'text/csv'],
                response: { 200: Type.String({ description: 'xlsx or CSV file' }), ...authErrors },
            },
        },
        async (request, reply) => {
            const { query } = request;
            const users = await allBackOfficeUsers(
                fastify.db,
                filterOf(request, query),
                MAX_EXPORT_ROWS,
            );
            return sendFile(
                reply,
                query.format,
                `backoffice-users-${today()}`,
                query.format === 'csv' ? usersCsv(users) : await usersXlsx(users),
            );
        },
    );

    fastify.get(
        '/rolesAndScopes',
        {
            config: {
                access: viewAccess(
                    ASSIGN,
                    'query',
                    'The roles and scopes the caller may grant in the view.',
                ),
            },
            schema: {
                tags: ['back-office'],
                summary: 'Roles and scopes the user dialog may offer in the view',
                querystring: RolesAndScopesQuery,
                response: { 200: RolesAndScopes, ...authErrors },
            },
        },
        async (request) =>
            rolesAndScopesFor(fastify.db, request.caller.actions, {
                context: request.query.context,
                path: request.query.context === 'admin' ? '' : (request.query.path ?? ''),
            }),
    );
};
