import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
    RoleImportQuery,
    RoleSyncFile,
    RoleSyncPreview,
    RoleSyncResult,
    RoleSyncSettings,
} from '../../../../domain/contracts/backoffice-actions.js';
import { authErrors, ErrorEnvelope } from '../../../../domain/contracts/common.js';
import { requireAction } from '../../../access/route-access.js';
import { exportRoleSync, importRoleSync, previewRoleSync } from './role-sync.js';

const adminOnly = () => requireAction('admin', { context: 'admin' });
/** A file of 10,000 roles with long action lists stays below this. */
const FILE_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * Role sync between environments (admins only; domain/roleSync.ts says what is exported and how
 * roles are matched). The export is signed with ROLE_SYNC_SECRET; preview and import verify it,
 * and nothing is written unless every role of the plan can be applied.
 */
export const roleSyncRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    const { environment, roleSync } = fastify.appConfig;
    const here = { environment, secret: roleSync.secret };

    fastify.get(
        '/backoffice-actions/roles/sync-settings',
        {
            config: { access: adminOnly() },
            schema: {
                tags: ['back-office'],
                summary:
                    'This environment’s name and whether role-sync files are signed with a configured secret',
                response: { 200: RoleSyncSettings, ...authErrors },
            },
        },
        async () => ({ environment, secretSource: roleSync.source }),
    );

    fastify.get(
        '/backoffice-actions/roles/export',
        {
            config: { access: adminOnly() },
            schema: {
                tags: ['back-office'],
                summary:
                    'Every role (technical and organisations’ own) as a signed role-sync file (download)',
                response: { 200: RoleSyncFile, ...authErrors },
            },
        },
        async (_request, reply) => {
            const { file, fileName } = await exportRoleSync(fastify.db, here);
            reply
                .header('content-disposition', `attachment; filename="${fileName}"`)
                .header('cache-control', 'no-store');
            return file;
        },
    );

    fastify.post(
        '/backoffice-actions/roles/import/preview',
        {
            bodyLimit: FILE_BODY_LIMIT,
            config: { access: adminOnly() },
            schema: {
                tags: ['back-office'],
                summary:
                    'What importing a role-sync file would change here, role by role (writes nothing)',
                body: RoleSyncFile,
                response: { 200: RoleSyncPreview, ...authErrors },
            },
        },
        async (request) => previewRoleSync(fastify.db, request, request.body, here),
    );

    fastify.post(
        '/backoffice-actions/roles/import',
        {
            bodyLimit: FILE_BODY_LIMIT,
            config: { access: adminOnly() },
            schema: {
                tags: ['back-office'],
                summary:
                    'Imports a role-sync file: creates and updates roles in one transaction, never deletes; refused as a whole when a role is in conflict',
                body: RoleSyncFile,
                querystring: RoleImportQuery,
                response: { 200: RoleSyncResult, 409: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) =>
            importRoleSync(fastify.db, request, request.body, request.query.checksum, here),
    );
};
