import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { languages } from '../../../domain/enums.js';
import { screenClasses } from '../../../domain/pageViews.js';
import { tenants } from './organisations.js';

/**
 * Page-change analytics, recorded only with consent and never for internal e-mail domains
 * (shell §6, §9). Holds the viewer's organisation and role names with context, never the
 * viewer's id or e-mail address.
 */
export const pageViews = pgTable(
    'page_views',
    {
        id: text('id').primaryKey(),
        occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
        path: text('path').notNull(),
        routeName: text('route_name'),
        language: text('language', { enum: languages }).notNull(),
        screen: text('screen', { enum: screenClasses }).notNull(),
        tenantId: text('tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
        /** `CONTEXT:Role name`, e.g. `DEPOT:Standard Access (Depot)`. */
        roles: text('roles').array().notNull(),
    },
    (table) => [
        index('page_views_occurred_at_idx').on(table.occurredAt),
        index('page_views_tenant_occurred_at_idx').on(table.tenantId, table.occurredAt),
    ],
);
