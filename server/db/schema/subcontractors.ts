import { relations } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { depots } from './depots.js';
import { tenants } from './organisations.js';

/** A subcontractor (SuCo) working for one depot. */
export const subcontractors = pgTable(
    'subcontractors',
    {
        id: text('id').primaryKey(),
        tenantId: text('tenant_id')
            .notNull()
            .references(() => tenants.id),
        depotId: text('depot_id')
            .notNull()
            .references(() => depots.internalDepotId),
        name: text('name').notNull(),
        /** The subcontractor ID people use (domain §3 "name and subcontractor ID"). */
        code: text('code').notNull(),
        /** The depot path plus this subcontractor's id (a five-part path). */
        scopePath: text('scope_path').notNull(),
        /** Optimistic concurrency: a save names the version it was based on (409 STALE_RECORD otherwise). */
        version: integer('version').notNull().default(1),
        createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
        updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [
        uniqueIndex('subcontractors_depot_name_key').on(table.depotId, table.name),
        uniqueIndex('subcontractors_depot_code_key').on(table.depotId, table.code),
        index('subcontractors_scope_path_idx').on(table.scopePath.op('text_pattern_ops')),
    ],
);

export const subcontractorsRelations = relations(subcontractors, ({ one }) => ({
    tenant: one(tenants, { fields: [subcontractors.tenantId], references: [tenants.id] }),
    depot: one(depots, { fields: [subcontractors.depotId], references: [depots.internalDepotId] }),
}));
