import { relations } from 'drizzle-orm';
import { doublePrecision, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { coordinateTypeEnum } from './address-corrections.js';
import { depots } from './depots.js';
import { tenants } from './organisations.js';
import { users } from './users.js';

/**
 * What drivers need to deliver at one address of a depot (docs/address-delivery-information.md):
 * exact delivery coordinates, a note, an access code, a safe place, opening hours. One entry per
 * normalised address key and depot (domain `addressKeyOf`); a re-upload replaces it.
 */
export const addressDeliveryInfos = pgTable(
    'address_delivery_infos',
    {
        id: text('id').primaryKey(),
        tenantId: text('tenant_id')
            .notNull()
            .references(() => tenants.id),
        depotId: text('depot_id')
            .notNull()
            .references(() => depots.internalDepotId),
        /** The depot's scope path. */
        scopePath: text('scope_path').notNull(),
        /** country|postcode|street|house number, normalised (domain `addressKeyOf`). */
        addressKey: text('address_key').notNull(),
        street: text('street').notNull(),
        houseNo: text('house_no'),
        postcode: text('postcode').notNull(),
        locality: text('locality'),
        countryCode: text('country_code').notNull(),
        latitude: doublePrecision('latitude'),
        longitude: doublePrecision('longitude'),
        coordinateType: coordinateTypeEnum('coordinate_type'),
        deliveryNote: text('delivery_note'),
        accessCode: text('access_code'),
        safePlace: text('safe_place'),
        openingHours: text('opening_hours'),
        createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
        updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
        createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
        updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [
        // One entry per address and depot; also serves the depot's list and a tour's look-up.
        uniqueIndex('address_delivery_infos_depot_key').on(table.depotId, table.addressKey),
    ],
);

export const addressDeliveryInfosRelations = relations(addressDeliveryInfos, ({ one }) => ({
    tenant: one(tenants, { fields: [addressDeliveryInfos.tenantId], references: [tenants.id] }),
    depot: one(depots, {
        fields: [addressDeliveryInfos.depotId],
        references: [depots.internalDepotId],
    }),
}));
