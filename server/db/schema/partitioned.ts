/**
 * The append-only, high-rate tables, partitioned by day (`PARTITION BY RANGE (occurred_at)`, one
 * partition per UTC day, made ahead and dropped after the retention by
 * server/services/tour-commander/partitions.ts). drizzle-kit cannot declare partitioned tables,
 * so migration 0010 creates them by hand and these objects serve queries only: this module is not
 * exported from ./index.ts, which drizzle-kit reads. Rows are written in batches outside the ORM
 * (server/services/tour-commander/event-writer.ts). No foreign keys: these rows are checked when
 * ingested and removed by dropping partitions.
 */
import { sql } from 'drizzle-orm';
import {
    bigint,
    doublePrecision,
    jsonb,
    pgTable,
    real,
    text,
    timestamp,
} from 'drizzle-orm/pg-core';

/** Every driver-app event but positions: logins, app state, scans, status changes, sequences. */
export const driverAppEvents = pgTable('driver_app_events', {
    /** Ingestion order across all senders (the processing's watermark). */
    seq: bigint('seq', { mode: 'number' })
        .notNull()
        .default(sql`nextval('driver_event_seq')`),
    tenantId: text('tenant_id').notNull(),
    depotId: text('depot_id').notNull(),
    scopePath: text('scope_path').notNull(),
    vehicleId: text('vehicle_id'),
    userId: text('user_id'),
    tourId: text('tour_id'),
    jobId: text('job_id'),
    type: text('type').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    sourceKey: text('source_key').notNull(),
    eventId: text('event_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
});

/** Vehicle positions from the driver apps and trackers. */
export const positions = pgTable('positions', {
    seq: bigint('seq', { mode: 'number' })
        .notNull()
        .default(sql`nextval('driver_event_seq')`),
    tenantId: text('tenant_id').notNull(),
    vehicleId: text('vehicle_id').notNull(),
    tourId: text('tour_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    accuracy: real('accuracy'),
    speed: real('speed'),
    heading: real('heading'),
    altitude: real('altitude'),
    battery: real('battery'),
    sourceKey: text('source_key').notNull(),
    eventId: text('event_id').notNull(),
});
