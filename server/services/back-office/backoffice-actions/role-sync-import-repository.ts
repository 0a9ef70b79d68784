import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { RoleChange, SyncedRole } from '../../../../domain/contracts/backoffice-actions.js';
import type { Queryable } from '../../../db/client.js';
import { newId } from '../../../db/ids.js';
import { roles } from '../../../db/schema/index.js';
import { conflict } from '../../../errors.js';
import { appendAudit } from '../../../shared/audit-repository.js';
import { rolesHere } from './role-sync-repository.js';

export interface ImportSource {
    environment: string;
    exportedAt: string;
}

/** Writes the plan's creates and updates (versions bumped, one audit entry each, and one for the import). */
export async function applyImport(
    db: Queryable,
    request: FastifyRequest,
    plan: readonly RoleChange[],
    fileRoles: readonly SyncedRole[],
    source: ImportSource,
): Promise<{ created: number; updated: number }> {
    const byKey = new Map(fileRoles.map((role) => [role.key, role]));
    const versions = new Map((await rolesHere(db)).map((role) => [role.id, role]));
    let created = 0;
    let updated = 0;
    const via = {
        via: 'role-sync',
        sourceEnvironment: source.environment,
        exportedAt: source.exportedAt,
    };
    for (const change of plan) {
        const role = byKey.get(change.key);
        if (!role || role.tenantId === null) continue;
        const values = {
            name: role.name.trim(),
            contexts: role.contexts,
            actions: role.actions,
            visibilityPath: role.visibilityPath,
        };
        if (change.kind === 'create') {
            const id = newId();
            await db
                .insert(roles)
                .values({ id, tenantId: role.tenantId, ...values, fixed: false, version: 1 });
            await appendAudit(db, request, {
                action: 'role-created',
                entityType: 'role',
                entityId: id,
                changes: { after: { tenantId: role.tenantId, ...values }, ...via },
            });
            created += 1;
        } else if (change.kind === 'update' && change.roleId) {
            const before = versions.get(change.roleId);
            if (!before)
                throw conflict(
                    'STALE_RECORD',
                    `The role ${role.name} was deleted meanwhile; preview the file again.`,
                );
            const [after] = await db
                .update(roles)
                .set({ ...values, version: sql`${roles.version} + 1`, updatedAt: sql`now()` })
                .where(and(eq(roles.id, before.id), eq(roles.version, before.version)))
                .returning({ version: roles.version });
            if (!after)
                throw conflict(
                    'STALE_RECORD',
                    `The role ${role.name} was changed meanwhile; preview the file again.`,
                );
            await appendAudit(db, request, {
                action: 'role-updated',
                entityType: 'role',
                entityId: before.id,
                changes: {
                    before: {
                        name: before.name,
                        contexts: before.contexts,
                        actions: before.actions,
                        visibilityPath: before.visibilityPath,
                        version: before.version,
                    },
                    after: { ...values, version: after.version },
                    ...via,
                },
            });
            updated += 1;
        }
    }
    await appendAudit(db, request, {
        action: 'roles-imported',
        entityType: 'role-sync',
        entityId: null,
        changes: { ...via, created, updated },
    });
    return { created, updated };
}
