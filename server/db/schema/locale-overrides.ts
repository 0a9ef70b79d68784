import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * UI texts uploaded by an admin (Backoffice actions, translation update): served at
 * `/locales/<lng>.json` instead of the bundled file until removed, without a rebuild.
 */
export const localeOverrides = pgTable('locale_overrides', {
    language: text('language').primaryKey(),
    /** The whole locale file (same keys as English), as uploaded. */
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
