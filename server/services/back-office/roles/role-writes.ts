import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { scopesOverlap } from '../../../../domain/scopePath.js';
import type { Queryable } from '../../../db/client.js';
import { roles } from '../../../db/schema/index.js';
import { conflict } from '../../../errors.js';
import { appendAudit } from '../../../shared/audit-repository.js';
import { assignmentsOf } from './roles-repository.js';
import type { Role, RoleUpdateBody } from './schemas.js';

function hasCode(error: unknown, code: string): boolean {
    for (
        let cause: unknown = error;
        cause instanceof Object;
        cause = (cause as { cause?: unknown }).cause
    ) {
        if ((cause as { code?: unknown }).code === code) return true;
    }
    return false;
}

/** A unique violation (23505) anywhere in the error's causes. */
export const isUniqueViolation = (error: unknown) => hasCode(error, '23505');
/** A foreign-key violation (23503) anywhere in the error's causes. */
export const isForeignKeyViolation = (error: unknown) => hasCode(error, '23503');

/**
 * An assigned role keeps what its assignments rely on: it may gain contexts but not lose one,
 * and its visibility path must still overlap every scope it is assigned on. Otherwise 409
 * ROLE_IS_ASSIGNED_TO_USER, naming the field.
 */
export async function assertAssignmentsKept(
    db: Queryable,
    before: Role,
    after: RoleUpdateBody,
): Promise<void> {
    const removedContexts = before.contexts.filter((context) => !after.contexts.includes(context));
    const pathChanged = before.visibilityPath !== after.visibilityPath;
    if (removedContexts.length === 0 && !pathChanged) return;
    const assignments = await assignmentsOf(db, before.id);
    if (assignments.users === 0) return;
    if (removedContexts.length > 0) {
        throw conflict(
            'ROLE_IS_ASSIGNED_TO_USER',
            `The role is assigned to users: the context ${removedContexts.join(', ')} cannot be removed.`,
            [
                {
                    field: '/body/contexts',
                    message: `contexts: ${removedContexts.join(', ')} is used by assigned users`,
                },
            ],
        );
    }
    const outside = assignments.paths.filter((path) => !scopesOverlap(after.visibilityPath, path));
    if (outside.length > 0) {
        throw conflict(
            'ROLE_IS_ASSIGNED_TO_USER',
            'The role is assigned to users on scopes outside the new visibility path.',
            [
                {
                    field: '/body/visibilityPath',
                    message: `visibilityPath would exclude ${outside.length} assigned scope(s)`,
                },
            ],
        );
    }
}

/** Writes the new definition if the stored version is still `body.version` (409 STALE_RECORD otherwise), with its audit entry. */
export async function saveRole(
    db: Queryable,
    request: FastifyRequest,
    before: Role,
    body: RoleUpdateBody,
): Promise<void> {
    const values = {
        name: body.name.trim(),
        contexts: body.contexts,
        actions: body.actions,
        visibilityPath: body.visibilityPath,
    };
    const updated = await db
        .update(roles)
        .set({ ...values, version: sql`${roles.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(roles.id, before.id), eq(roles.version, body.version)))
        .returning({ version: roles.version });
    if (updated.length === 0) {
        throw conflict(
            'STALE_RECORD',
            'The role was changed by someone else since it was loaded; reload it and save again.',
            [{ field: '/body/version', message: 'version is stale' }],
        );
    }
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
            after: { ...values, version: updated[0]?.version },
        },
    });
}
