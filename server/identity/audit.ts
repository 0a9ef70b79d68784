import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client.js';
import { newId } from '../db/ids.js';
import { auditLog } from '../db/schema/index.js';

export type IdentityAuditAction =
    | 'sign-in'
    | 'sign-in-failed'
    | 'sign-in-locked'
    | 'token-refresh'
    | 'token-revoke'
    | 'global-sign-out'
    | 'throttled'
    | 'challenge-issued'
    | 'challenge-passed'
    | 'challenge-failed'
    | 'challenge-refused'
    | 'mfa-setup'
    | 'mfa-enabled'
    | 'mfa-disabled'
    | 'password-changed'
    | 'password-reset-requested'
    | 'password-reset'
    | 'password-reset-failed'
    | 'attributes-updated'
    | 'admin-create-user'
    | 'admin-disable-user'
    | 'admin-enable-user'
    | 'admin-delete-user'
    | 'admin-set-user-password'
    | 'admin-set-user-mfa-preference'
    | 'admin-user-global-sign-out';

export interface IdentityAuditEvent {
    action: IdentityAuditAction;
    /** The identity concerned, when known (never for unknown usernames). */
    sub?: string;
    /** The sign-in flow, challenge or operation. */
    flow?: string;
    reason?: string;
    /** Further non-secret facts (e.g. the admin access key id, changed attribute names). */
    details?: Record<string, string>;
}

/** Appends an authentication event to the audit log. Never given passwords, tokens or codes. */
export async function auditIdentityEvent(
    db: Queryable,
    request: FastifyRequest,
    event: IdentityAuditEvent,
): Promise<void> {
    const changes: Record<string, string> = { ...event.details };
    if (event.flow) changes.flow = event.flow;
    if (event.reason) changes.reason = event.reason;
    await db.insert(auditLog).values({
        id: newId(),
        // Admin calls act on an identity; the actor is the signing access key (in `changes`).
        actorSub: event.action.startsWith('admin-') ? null : (event.sub ?? null),
        action: event.action,
        entityType: 'identity',
        entityId: event.sub ?? null,
        changes,
        requestId: request.id,
        ip: request.ip,
    });
}
