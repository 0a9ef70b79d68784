import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client.js';
import { newId } from '../db/ids.js';
import { auditLog } from '../db/schema/index.js';

export type IdentityAuditAction = 'sign-in' | 'sign-in-failed' | 'sign-in-locked' | 'token-refresh' | 'token-revoke' | 'global-sign-out';

export interface IdentityAuditEvent {
    action: IdentityAuditAction;
    /** The identity concerned, when known (never for unknown usernames). */
    sub?: string;
    flow?: string;
    reason?: string;
}

/** Appends an authentication event to the audit log. Never given passwords, tokens or codes. */
export async function auditIdentityEvent(db: Queryable, request: FastifyRequest, event: IdentityAuditEvent): Promise<void> {
    const changes: Record<string, string> = {};
    if (event.flow) changes.flow = event.flow;
    if (event.reason) changes.reason = event.reason;
    await db.insert(auditLog).values({
        id: newId(),
        actorSub: event.sub ?? null,
        action: event.action,
        entityType: 'identity',
        entityId: event.sub ?? null,
        changes,
        requestId: request.id,
        ip: request.ip,
    });
}
