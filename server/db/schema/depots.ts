import { relations } from 'drizzle-orm';
import {
    boolean,
    doublePrecision,
    index,
    integer,
    jsonb,
    pgTable,
    text,
    timestamp,
    uniqueIndex,
} from 'drizzle-orm/pg-core';
import { depotGroups, tenants } from './organisations.js';

export interface DeviceMapping {
    service: string;
    id: string;
}

/** A depot (distribution centre), with every field of domain §3. */
export const depots = pgTable(
    'depots',
    {
        internalDepotId: text('internal_depot_id').primaryKey(),
        tenantId: text('tenant_id')
            .notNull()
            .references(() => tenants.id),
        groupId: text('group_id')
            .notNull()
            .references(() => depotGroups.id),
        externalDepotId: text('external_depot_id').notNull(),
        name: text('name').notNull(),
        street: text('street').notNull(),
        houseNo: text('house_no'),
        postcode: text('postcode').notNull(),
        locality: text('locality').notNull(),
        countryCode: text('country_code').notNull(),
        latitude: doublePrecision('latitude').notNull(),
        longitude: doublePrecision('longitude').notNull(),
        timeZone: text('time_zone').notNull(),
        deviceMappings: jsonb('device_mappings').$type<DeviceMapping[]>().notNull().default([]),
        manualJobUploadEnabled: boolean('manual_job_upload_enabled').notNull().default(false),
        /** tenantId.countryCode.groupId.internalDepotId, so scope filters are one indexed prefix match. */
        scopePath: text('scope_path').notNull(),
        /** Optimistic concurrency: a save names the version it was based on (409 STALE_RECORD otherwise). */
        version: integer('version').notNull().default(1),
        createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
        updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [
        uniqueIndex('depots_tenant_external_id_key').on(table.tenantId, table.externalDepotId),
        index('depots_scope_path_idx').on(table.scopePath.op('text_pattern_ops')),
        index('depots_group_idx').on(table.groupId),
    ],
);

export const depotsRelations = relations(depots, ({ one }) => ({
    tenant: one(tenants, { fields: [depots.tenantId], references: [tenants.id] }),
    group: one(depotGroups, { fields: [depots.groupId], references: [depotGroups.id] }),
}));
