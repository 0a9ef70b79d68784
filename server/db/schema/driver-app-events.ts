import { relations, sql } from 'drizzle-orm';
import { index, jsonb, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { driverAppEventTypes } from '../../../domain/driverAppEvents.js';
import { depots } from './depots.js';
import { tenants } from './organisations.js';
import { users } from './users.js';
import { vehicles } from './vehicles.js';

export const driverAppEventTypeEnum = pgEnum('driver_app_event_type', driverAppEventTypes);

/**
 * Events from the driver apps (logins, positions, scans, status changes), as the tour commander
 * ingests them. `scope_path` is the vehicle's (its subcontractor's) path when the event names a
 * vehicle, else the depot's, so scope filters keep working below the depot.
 */
export const driverAppEvents = pgTable(
    'driver_app_events',
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
        type: driverAppEventTypeEnum('type').notNull(),
        /** When it happened on the device. */
        occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
        receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
        payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    },
    (table) => [
        // "Latest scan or status change on a vehicle" of a depot (or an organisation) in a time window.
        index('driver_app_events_depot_vehicle_status_idx')
            .on(table.depotId, table.occurredAt)
            .where(
                sql`${table.type} in ('SCAN', 'STATUS_CHANGE') and ${table.vehicleId} is not null`,
            ),
        index('driver_app_events_tenant_vehicle_status_idx')
            .on(table.tenantId, table.occurredAt)
            .where(
                sql`${table.type} in ('SCAN', 'STATUS_CHANGE') and ${table.vehicleId} is not null`,
            ),
        index('driver_app_events_vehicle_idx').on(table.vehicleId, table.occurredAt),
        // Account counting (app licences): distinct logins per day of an organisation.
        index('driver_app_events_tenant_login_idx')
            .on(table.tenantId, table.occurredAt)
            .where(sql`${table.type} = 'LOGIN'`),
    ],
);

export const driverAppEventsRelations = relations(driverAppEvents, ({ one }) => ({
    tenant: one(tenants, { fields: [driverAppEvents.tenantId], references: [tenants.id] }),
    depot: one(depots, { fields: [driverAppEvents.depotId], references: [depots.internalDepotId] }),
    vehicle: one(vehicles, { fields: [driverAppEvents.vehicleId], references: [vehicles.id] }),
    user: one(users, { fields: [driverAppEvents.userId], references: [users.id] }),
}));
