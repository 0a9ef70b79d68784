import { desc } from 'drizzle-orm';
import type { OutboxMail } from '../../domain/contracts/mail-outbox.js';
import type { Queryable } from '../db/client.js';
import { newId } from '../db/ids.js';
import { mailOutbox } from '../db/schema/index.js';
import { NOT_CONFIGURED } from './sender.js';
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

function statusOf(row: typeof mailOutbox.$inferSelect): OutboxMail['status'] {
    if (row.sentAt) return 'sent';
    if (row.lastError === NOT_CONFIGURED) return 'logged';
    return row.lastError ? 'failed' : 'pending';
}

/** The newest `limit` outbox mails, newest first, for the mail viewer of demo and development installations. */
export async function listOutbox(db: Queryable, limit: number): Promise<OutboxMail[]> {
    const rows = await db
        .select()
        .from(mailOutbox)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(limit);
    return rows.map((row) => ({
        id: row.id,
        to: row.to,
        subject: row.subject,
        text: row.text,
        kind: row.kind,
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
        status: statusOf(row),
        lastError: row.lastError === NOT_CONFIGURED ? null : row.lastError,
    }));
}
