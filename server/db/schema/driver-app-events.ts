import { relations } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { depots } from './depots.js';
import { tenants } from './organisations.js';
import { users } from './users.js';
import { vehicles } from './vehicles.js';

/**
 * Driver-app logins, kept beside the day-partitioned `driver_app_events` (server/db/schema/
 * partitioned.ts) because they must outlive its 35-day retention: app licences count the
 * distinct logins per day of the previous calendar month (domain §9 "max app usages"). One row
 * per login event; a retried event (same sender, event id and time) is stored once.
 */
export const driverAppLogins = pgTable(
    'driver_app_logins',
    {
        id: text('id').primaryKey(),
        tenantId: text('tenant_id')
            .notNull()
            .references(() => tenants.id),
        depotId: text('depot_id')
            .notNull()
            .references(() => depots.internalDepotId),
        scopePath: text('scope_path').notNull(),
        vehicleId: text('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
        userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
        tourId: text('tour_id'),
        /** Who sent it (`u:<user>`, `c:<credential>`) and the sender's event id. */
        sourceKey: text('source_key'),
        eventId: text('event_id'),
        occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
        receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [
        uniqueIndex('driver_app_logins_event_key').on(
            table.sourceKey,
            table.eventId,
            table.occurredAt,
        ),
        // Account counting (app licences): distinct logins per day of an organisation.
        index('driver_app_logins_tenant_at_idx').on(table.tenantId, table.occurredAt),
        index('driver_app_logins_user_idx').on(table.userId, table.occurredAt),
    ],
);

export const driverAppLoginsRelations = relations(driverAppLogins, ({ one }) => ({
    tenant: one(tenants, { fields: [driverAppLogins.tenantId], references: [tenants.id] }),
    depot: one(depots, { fields: [driverAppLogins.depotId], references: [depots.internalDepotId] }),
    vehicle: one(vehicles, { fields: [driverAppLogins.vehicleId], references: [vehicles.id] }),
    user: one(users, { fields: [driverAppLogins.userId], references: [users.id] }),
}));
