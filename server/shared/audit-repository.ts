import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client.js';
import { newId } from '../db/ids.js';
import { auditLog } from '../db/schema/index.js';

export interface AuditEntry {
    action: string;
    entityType: string;
    entityId: string | null;
    /** What changed (never secrets). */
    changes: Record<string, unknown>;
}

/** Appends a back-office write by the signed-in caller to the audit log (who, when, what changed). */
export async function appendAudit(
    db: Queryable,
    request: FastifyRequest,
    entry: AuditEntry,
): Promise<void> {
    await db.insert(auditLog).values({
        id: newId(),
        actorUserId: request.caller.userId,
        actorSub: request.caller.sub,
        tenantId: request.caller.tenantId,
        action: entry.action,
        entityType: entry.entityType,
        entityId: entry.entityId,
        changes: entry.changes,
        requestId: request.id,
        ip: request.ip,
    });
}
