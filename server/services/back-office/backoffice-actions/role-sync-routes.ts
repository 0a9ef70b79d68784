import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
    duplicateSyncedRoles,
    roleSyncApplicable,
    ROLE_SYNC_FORMAT,
    ROLE_SYNC_FORMAT_VERSION,
    type RoleChange,
    type RoleSyncContent,
} from '../../../../domain/roleSync.js';
import { requireAction } from '../../../access/route-access.js';
import { badRequest, conflict } from '../../../errors.js';
import { authErrors, ErrorEnvelope } from '../../../../domain/contracts/common.js';
import {
    applyImport,
    lockImportTenants,
    planImport,
    rolesForExport,
} from './role-sync-repository.js';
import { roleSyncChecksum, roleSyncSignatureValid, signRoleSync } from './role-sync-signature.js';
import {
    RoleImportQuery,
    RoleSyncFile,
    RoleSyncPreview,
    RoleSyncResult,
    RoleSyncSettings,
} from './schemas.js';

const adminOnly = () => requireAction('admin', { context: 'admin' });
/** A file of 10,000 roles with long action lists stays below this. */
const FILE_BODY_LIMIT = 8 * 1024 * 1024;

/** Refuses a file whose signature does not verify here (tampered, or signed with another secret) or that names a role twice. */
function assertTrustedFile(request: FastifyRequest, file: RoleSyncFile, secret: string): void {
    if (!roleSyncSignatureValid(file, secret)) {
        throw badRequest(
            'The file’s signature does not verify: it was changed after the export, or it comes from an environment with another ROLE_SYNC_SECRET.',
            [{ field: '/body/signature', message: 'does not match the content' }],
            'INVALID_SIGNATURE',
        );
    }
    const duplicates = duplicateSyncedRoles(file.roles);
    if (duplicates.length > 0)
        throw badRequest(
            'The file names a role more than once.',
            duplicates
                .slice(0, 50)
                .map((key) => ({ field: '/body/roles', message: `${key} occurs more than once` })),
        );
    request.log.debug(
        { roles: file.roles.length, source: file.environment },
        'role-sync file verified',
    );
}

function previewOf(file: RoleSyncFile, targetEnvironment: string, changes: RoleChange[]) {
    return {
        sourceEnvironment: file.environment,
        targetEnvironment,
        exportedAt: file.exportedAt,
        checksum: roleSyncChecksum(changes),
        applicable: roleSyncApplicable(changes),
        changes,
    };
}

/** The 409 of an import whose plan has conflicts: each conflicting role named. */
function conflicts(changes: readonly RoleChange[]) {
    const blocking = changes.filter((change) => change.kind === 'conflict');
    return conflict(
        blocking[0]?.reason ?? 'BAD_REQUEST',
        `${blocking.length} role(s) cannot be imported here; nothing was imported.`,
        blocking.slice(0, 50).map((change) => ({
            field: `/body/roles/${change.key}`,
            message: `${change.reason ?? ''}: ${(change.reasonDetails ?? []).join('; ')}`,
        })),
    );
}

/**
 * Role sync between environments (admins only; domain/roleSync.ts says what is exported and how
 * roles are matched). The export is signed with ROLE_SYNC_SECRET; preview and import verify it,
 * and nothing is written unless every role of the plan can be applied.
 */
export const roleSyncRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    const { environment, roleSync } = fastify.appConfig;

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
            const exportedAt = new Date().toISOString();
            const content: RoleSyncContent = {
                format: ROLE_SYNC_FORMAT,
                formatVersion: ROLE_SYNC_FORMAT_VERSION,
                environment,
                exportedAt,
                roles: await rolesForExport(fastify.db),
            };
            const fileName = `roles-${environment}-${exportedAt.slice(0, 19).replaceAll(':', '-')}.json`;
            reply
                .header('content-disposition', `attachment; filename="${fileName}"`)
                .header('cache-control', 'no-store');
            return { ...content, signature: signRoleSync(content, roleSync.secret) };
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
        async (request) => {
            const file = request.body;
            assertTrustedFile(request, file, roleSync.secret);
            return previewOf(file, environment, await planImport(fastify.db, file.roles));
        },
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
        async (request) => {
            const file = request.body;
            assertTrustedFile(request, file, roleSync.secret);
            return fastify.db.transaction(async (tx) => {
                await lockImportTenants(tx, file.roles);
                const changes = await planImport(tx, file.roles);
                const preview = previewOf(file, environment, changes);
                if (
                    request.query.checksum !== undefined &&
                    request.query.checksum !== preview.checksum
                ) {
                    throw conflict(
                        'STALE_RECORD',
                        'The roles here changed since the preview; preview the file again.',
                        [
                            {
                                field: '/querystring/checksum',
                                message: 'does not match the current plan',
                            },
                        ],
                    );
                }
                if (!preview.applicable) throw conflicts(changes);
                const counts = await applyImport(tx, request, changes, file.roles, {
                    environment: file.environment,
                    exportedAt: file.exportedAt,
                });
                return { ...preview, ...counts };
            });
        },
    );
};
