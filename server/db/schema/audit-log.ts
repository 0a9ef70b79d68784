import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per write made by a person, and per authentication event. Never holds secrets. */
export const auditLog = pgTable(
    'audit_log',
    {
        id: text('id').primaryKey(),
        at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
        /** The acting back-office user, when known. */
        actorUserId: text('actor_user_id'),
        /** The acting identity (sub), when known; also set for sign-in events. */
        actorSub: text('actor_sub'),
        tenantId: text('tenant_id'),
        action: text('action').notNull(),
        entityType: text('entity_type').notNull(),
        entityId: text('entity_id'),
        changes: jsonb('changes').$type<Record<string, unknown>>(),
        requestId: text('request_id'),
        ip: text('ip'),
    },
    (table) => [
        index('audit_log_tenant_at_idx').on(table.tenantId, table.at),
        index('audit_log_entity_idx').on(table.entityType, table.entityId),
    ],
);
