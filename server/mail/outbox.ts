import type { Queryable } from '../db/client.js';
import { newId } from '../db/ids.js';
import { mailOutbox } from '../db/schema/index.js';
import type { MailKind } from './templates.js';

/** One e-mail to send; the text is the whole message (codes and temporary passwords live only here). */
export interface MailMessage {
    to: string;
    subject: string;
    text: string;
    html?: string;
    kind: MailKind;
}

/**
 * Queues an e-mail in the outbox. Call it with the transaction of the change that causes the
 * mail, so the change and its mail are committed together or not at all. Returns the row id.
 */
export async function enqueueMail(db: Queryable, message: MailMessage): Promise<string> {
    const id = newId();
    // Due now by the app's clock, the same clock the sender compares with (not the database's
    // now(), which may run ahead of an app server's clock by clock skew or sub-millisecond).
    await db.insert(mailOutbox).values({
        id,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        kind: message.kind,
        nextAttemptAt: new Date(),
    });
    return id;
}
