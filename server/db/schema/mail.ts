import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The e-mail outbox: written in the same transaction as the change that causes the mail, sent
 * later by the mail sender (server/mail). Rows are never deleted by the sender: `sent_at` marks
 * delivery; `next_attempt_at` null means no further attempt (sent, or only logged without SMTP).
 */
export const mailOutbox = pgTable(
    'mail_outbox',
    {
        id: text('id').primaryKey(),
        to: text('to').notNull(),
        subject: text('subject').notNull(),
        text: text('text').notNull(),
        html: text('html'),
        /** What caused the mail, e.g. `password-reset-code` (server/mail/templates.ts). */
        kind: text('kind').notNull(),
        createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
        attempts: integer('attempts').notNull().default(0),
        nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
        sentAt: timestamp('sent_at', { withTimezone: true }),
        lastError: text('last_error'),
    },
    (table) => [
        index('mail_outbox_due_idx')
            .on(table.nextAttemptAt)
            .where(sql`${table.sentAt} is null`),
        index('mail_outbox_created_idx').on(table.createdAt),
    ],
);
