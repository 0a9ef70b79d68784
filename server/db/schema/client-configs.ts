import { relations } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { depots } from './depots.js';
import { tenants } from './organisations.js';
import { users } from './users.js';

export type ConfigDocument = Record<string, unknown>;

/** Every saved tenant client configuration; the highest revision is the current one. */
export const tenantConfigRevisions = pgTable(
    'tenant_config_revisions',
    {
        id: text('id').primaryKey(),
        tenantId: text('tenant_id')
            .notNull()
            .references(() => tenants.id),
        revision: integer('revision').notNull(),
        document: jsonb('document').$type<ConfigDocument>().notNull(),
        /** Set when this revision restored an older one: that revision's number. */
        restoredFrom: integer('restored_from'),
        createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
        createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [
        uniqueIndex('tenant_config_revisions_tenant_revision_key').on(
            table.tenantId,
            table.revision,
        ),
    ],
);

/** Every saved depot client configuration; the highest revision is the current one. */
export const depotConfigRevisions = pgTable(
    'depot_config_revisions',
    {
        id: text('id').primaryKey(),
        tenantId: text('tenant_id')
            .notNull()
            .references(() => tenants.id),
        depotId: text('depot_id')
            .notNull()
            .references(() => depots.internalDepotId),
        revision: integer('revision').notNull(),
        document: jsonb('document').$type<ConfigDocument>().notNull(),
        /** Set when this revision restored an older one: that revision's number. */
        restoredFrom: integer('restored_from'),
        createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
        createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [
        uniqueIndex('depot_config_revisions_depot_revision_key').on(table.depotId, table.revision),
    ],
);

/** Every saved tour commander tenant configuration (`/administration/tour-commander/tenant-config`); the highest revision is the current one. */
export const tourCommanderConfigRevisions = pgTable(
    'tour_commander_config_revisions',
    {
        id: text('id').primaryKey(),
        tenantId: text('tenant_id')
            .notNull()
            .references(() => tenants.id),
        revision: integer('revision').notNull(),
        document: jsonb('document').$type<ConfigDocument>().notNull(),
        restoredFrom: integer('restored_from'),
        createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
        createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [
        uniqueIndex('tour_commander_config_revisions_tenant_revision_key').on(
            table.tenantId,
            table.revision,
        ),
    ],
);

export const tenantConfigRevisionsRelations = relations(tenantConfigRevisions, ({ one }) => ({
    tenant: one(tenants, { fields: [tenantConfigRevisions.tenantId], references: [tenants.id] }),
}));

export const depotConfigRevisionsRelations = relations(depotConfigRevisions, ({ one }) => ({
    depot: one(depots, {
        fields: [depotConfigRevisions.depotId],
        references: [depots.internalDepotId],
    }),
}));
