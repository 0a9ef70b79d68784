import { relations } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { depots } from './depots.js';

/** An organisation (tenant). Its id is chosen by people: letters, digits, hyphen, underscore. */
export const tenants = pgTable('tenants', {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** ISO 3166-1 alpha-2; fixed once confirmed (domain §5). */
    countryCode: text('country_code').notNull(),
    timeZone: text('time_zone').notNull().default('Europe/Berlin'),
    /** Business hours as HH:MM in the depot's local time (shell §9 defaults 00:00-23:59). */
    businessHoursFrom: text('business_hours_from').notNull().default('00:00'),
    businessHoursTo: text('business_hours_to').notNull().default('23:59'),
    /** Optimistic concurrency: a save names the version it was based on (409 STALE_RECORD otherwise). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A region of an organisation (the spec's depot group). Regions can be renamed, never removed. */
export const depotGroups = pgTable(
    'depot_groups',
    {
        id: text('id').primaryKey(),
        tenantId: text('tenant_id')
            .notNull()
            .references(() => tenants.id),
        name: text('name').notNull(),
        createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
        updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [
        uniqueIndex('depot_groups_tenant_name_key').on(table.tenantId, table.name),
        index('depot_groups_tenant_idx').on(table.tenantId),
    ],
);

export const tenantsRelations = relations(tenants, ({ many }) => ({
    depotGroups: many(depotGroups),
    depots: many(depots),
}));

export const depotGroupsRelations = relations(depotGroups, ({ one, many }) => ({
    tenant: one(tenants, { fields: [depotGroups.tenantId], references: [tenants.id] }),
    depots: many(depots),
}));
