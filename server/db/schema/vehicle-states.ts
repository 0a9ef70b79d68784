import {
    doublePrecision,
    index,
    pgTable,
    real,
    text,
    timestamp,
    uniqueIndex,
} from 'drizzle-orm/pg-core';
import { appStates } from '../../../domain/tours.js';
import { depots } from './depots.js';
import { tenants } from './organisations.js';
import { vehicles } from './vehicles.js';
import { users } from './users.js';

/**
 * The latest state of each vehicle (position, speed, heading, battery, app state, current tour
 * and the last event): live reads use this row only and never scan history. Ingestion upserts it
 * in the same transaction as the events, keeping the newest position by its time on the device.
 */
export const vehicleStates = pgTable(
    'vehicle_states',
    {
        vehicleId: text('vehicle_id')
            .primaryKey()
            .references(() => vehicles.id, { onDelete: 'cascade' }),
        tenantId: text('tenant_id')
            .notNull()
            .references(() => tenants.id),
        depotId: text('depot_id')
            .notNull()
            .references(() => depots.internalDepotId),
        scopePath: text('scope_path').notNull(),
        tourId: text('tour_id'),
        latitude: doublePrecision('latitude'),
        longitude: doublePrecision('longitude'),
        accuracy: real('accuracy'),
        /** Metres per second. */
        speed: real('speed'),
        heading: real('heading'),
        battery: real('battery'),
        positionAt: timestamp('position_at', { withTimezone: true }),
        appState: text('app_state').$type<(typeof appStates)[number]>(),
        lastEventAt: timestamp('last_event_at', { withTimezone: true }),
        lastEventType: text('last_event_type'),
        updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [index('vehicle_states_depot_idx').on(table.depotId)],
);

/**
 * A GPS tracker or phone that reports positions in the OsmAnd protocol: its identifier, registered
 * to a vehicle by the organisation, is its credential (as in Traccar). Identifiers are unique
 * across organisations, since the protocol names nothing else.
 */
export const vehicleTrackers = pgTable(
    'vehicle_trackers',
    {
        id: text('id').primaryKey(),
        tenantId: text('tenant_id')
            .notNull()
            .references(() => tenants.id),
        vehicleId: text('vehicle_id')
            .notNull()
            .references(() => vehicles.id, { onDelete: 'cascade' }),
        identifier: text('identifier').notNull(),
        createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
        createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
        lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    },
    (table) => [
        uniqueIndex('vehicle_trackers_identifier_key').on(table.identifier),
        index('vehicle_trackers_vehicle_idx').on(table.vehicleId),
    ],
);
