import { relations } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { depots } from './depots.js';
import { tenants } from './organisations.js';
import { subcontractors } from './subcontractors.js';
import { users } from './users.js';

/** A vehicle of a subcontractor, known by its 4-digit number within the depot. */
export const vehicles = pgTable(
    'vehicles',
    {
        id: text('id').primaryKey(),
        tenantId: text('tenant_id')
            .notNull()
            .references(() => tenants.id),
        depotId: text('depot_id')
            .notNull()
            .references(() => depots.internalDepotId),
        subcontractorId: text('subcontractor_id')
            .notNull()
            .references(() => subcontractors.id),
        number: text('number').notNull(),
        /** The regular (base) driver. */
        baseDriverId: text('base_driver_id').references(() => users.id, { onDelete: 'set null' }),
        scopePath: text('scope_path').notNull(),
        /** Optimistic concurrency: a save names the version it was based on (409 STALE_RECORD otherwise). */
        version: integer('version').notNull().default(1),
        createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
        updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [
        uniqueIndex('vehicles_depot_number_key').on(table.depotId, table.number),
        index('vehicles_subcontractor_idx').on(table.subcontractorId),
        index('vehicles_scope_path_idx').on(table.scopePath.op('text_pattern_ops')),
    ],
);

export const vehiclesRelations = relations(vehicles, ({ one }) => ({
    subcontractor: one(subcontractors, {
        fields: [vehicles.subcontractorId],
        references: [subcontractors.id],
    }),
    baseDriver: one(users, { fields: [vehicles.baseDriverId], references: [users.id] }),
}));
