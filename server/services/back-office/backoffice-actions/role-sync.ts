import type { FastifyRequest } from 'fastify';
import {
    ROLE_SYNC_FORMAT,
    ROLE_SYNC_FORMAT_VERSION,
    type RoleChange,
    type RoleSyncContent,
    type RoleSyncFile,
    type RoleSyncPreview,
    type RoleSyncResult,
} from '../../../../domain/contracts/backoffice-actions.js';
import { duplicateSyncedRoles, roleSyncApplicable } from '../../../../domain/roleSync.js';
import type { Database, Queryable } from '../../../db/client.js';
import { badRequest, conflict } from '../../../errors.js';
import { applyImport } from './role-sync-import-repository.js';
import { lockImportTenants, planImport, rolesForExport } from './role-sync-repository.js';
import { roleSyncChecksum, roleSyncSignatureValid, signRoleSync } from './role-sync-signature.js';

/** This environment's name and ROLE_SYNC_SECRET (configured, or made up at boot). */
export interface RoleSyncEnvironment {
    environment: string;
    secret: string;
}

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

function previewOf(
    file: RoleSyncFile,
    targetEnvironment: string,
    changes: RoleChange[],
): RoleSyncPreview {
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

/** Every role as a signed role-sync file, and the name to download it as. */
export async function exportRoleSync(
    db: Queryable,
    { environment, secret }: RoleSyncEnvironment,
): Promise<{ file: RoleSyncFile; fileName: string }> {
    const exportedAt = new Date().toISOString();
    const content: RoleSyncContent = {
        format: ROLE_SYNC_FORMAT,
        formatVersion: ROLE_SYNC_FORMAT_VERSION,
        environment,
        exportedAt,
        roles: await rolesForExport(db),
    };
    const fileName = `roles-${environment}-${exportedAt.slice(0, 19).replaceAll(':', '-')}.json`;
    return { file: { ...content, signature: signRoleSync(content, secret) }, fileName };
}

/** What importing a trusted file would change here, role by role (writes nothing). */
export async function previewRoleSync(
    db: Queryable,
    request: FastifyRequest,
    file: RoleSyncFile,
    { environment, secret }: RoleSyncEnvironment,
): Promise<RoleSyncPreview> {
    assertTrustedFile(request, file, secret);
    return previewOf(file, environment, await planImport(db, file.roles));
}

/**
 * Imports a trusted file in one transaction: creates and updates roles, never deletes; refused
 * as a whole when a role is in conflict, or (409 STALE_RECORD) when `checksum` is given and the
 * plan changed since the preview.
 */
export async function importRoleSync(
    db: Database,
    request: FastifyRequest,
    file: RoleSyncFile,
    checksum: string | undefined,
    { environment, secret }: RoleSyncEnvironment,
): Promise<RoleSyncResult> {
    assertTrustedFile(request, file, secret);
    return db.transaction(async (tx) => {
        await lockImportTenants(tx, file.roles);
        const changes = await planImport(tx, file.roles);
        const preview = previewOf(file, environment, changes);
        if (checksum !== undefined && checksum !== preview.checksum) {
            throw conflict(
                'STALE_RECORD',
                'The roles here changed since the preview; preview the file again.',
                [{ field: '/querystring/checksum', message: 'does not match the current plan' }],
            );
        }
        if (!preview.applicable) throw conflicts(changes);
        const counts = await applyImport(tx, request, changes, file.roles, {
            environment: file.environment,
            exportedAt: file.exportedAt,
        });
        return { ...preview, ...counts };
    });
}
