import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window request counters shared by every app server (per-IP throttling of the identity
 * endpoint). `subject` is an IP address or another key (a hashed username); rows of past
 * windows are deleted now and then.
 */
export const rateLimitCounters = pgTable(
    'rate_limit_counters',
    {
        bucket: text('bucket').notNull(),
        subject: text('subject').notNull(),
        windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
        hits: integer('hits').notNull().default(0),
    },
    (table) => [
        primaryKey({ columns: [table.bucket, table.subject, table.windowStart] }),
        index('rate_limit_counters_window_idx').on(table.windowStart),
    ],
);
