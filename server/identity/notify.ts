import type { Queryable } from '../db/client.js';
import { enqueueMail } from '../mail/outbox.js';
import { renderMail, type MailKind, type MailVariables } from '../mail/templates.js';

/**
 * Queues a mail to the identity's address (ASVS 6.3.7: password, reset and MFA changes are
 * notified). Call it with the transaction of the change. Identities without an e-mail get none.
 */
export async function notifyIdentity<K extends MailKind>(
    db: Queryable,
    identity: { email: string | null },
    kind: K,
    variables: MailVariables[K],
): Promise<void> {
    if (!identity.email) return;
    await enqueueMail(db, { to: identity.email, ...renderMail(kind, variables) });
}
