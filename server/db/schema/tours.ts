import { relations } from 'drizzle-orm';
import {
    bigint,
    date,
    doublePrecision,
    index,
    integer,
    jsonb,
    pgEnum,
    pgTable,
    real,
    text,
    timestamp,
    uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ProgressCarry } from '../../../domain/tourProgress.js';
import {
    confirmationSources,
    sequenceOptimisations,
    tourStates,
    tourTypes,
    waypointStates,
} from '../../../domain/tours.js';
import { depots } from './depots.js';
import { coordinateTypeEnum } from './address-corrections.js';
import { timeFrameSourceEnum } from './jobs.js';
import { tenants } from './organisations.js';
import { subcontractors } from './subcontractors.js';
import { users } from './users.js';
import { vehicles } from './vehicles.js';

export const tourTypeEnum = pgEnum('tour_type', tourTypes);
export const sequenceOptimisationEnum = pgEnum('sequence_optimisation', sequenceOptimisations);
export const tourStateEnum = pgEnum('tour_state', tourStates);
export const waypointStateEnum = pgEnum('waypoint_state', waypointStates);
export const confirmationSourceEnum = pgEnum('confirmation_source', confirmationSources);

/**
 * A tour (domain §3): a depot's vehicle on a date, with its jobs grouped into waypoints. The
 * processing keeps the summary figures here (progress, outcomes, distance, projected finish), so
 * lists and 15 weeks of analytics never read raw events. `scope_path` is the vehicle's
 * subcontractor's path, so subcontractor scopes see their own tours.
 */
export const tours = pgTable(
    'tours',
    {
        id: text('id').primaryKey(),
        tenantId: text('tenant_id')
            .notNull()
            .references(() => tenants.id),
        depotId: text('depot_id')
            .notNull()
            .references(() => depots.internalDepotId),
        scopePath: text('scope_path').notNull(),
        tourDate: date('tour_date', { mode: 'string' }).notNull(),
        tourNumber: text('tour_number').notNull(),
        vehicleId: text('vehicle_id')
            .notNull()
            .references(() => vehicles.id),
        subcontractorId: text('subcontractor_id').references(() => subcontractors.id),
        /** The driver signed in for the tour (the latest login). */
        driverId: text('driver_id').references(() => users.id, { onDelete: 'set null' }),
        tourType: tourTypeEnum('tour_type').notNull().default('NTC'),
        sequenceOptimisation: sequenceOptimisationEnum('sequence_optimisation')
            .notNull()
            .default('FREE'),
        plannedStart: timestamp('planned_start', { withTimezone: true }),
        startedAt: timestamp('started_at', { withTimezone: true }),
        finishedAt: timestamp('finished_at', { withTimezone: true }),
        state: tourStateEnum('state').notNull().default('NOT_STARTED'),
        waypointsTotal: integer('waypoints_total').notNull().default(0),
        waypointsDone: integer('waypoints_done').notNull().default(0),
        jobsTotal: integer('jobs_total').notNull().default(0),
        jobsSuccessful: integer('jobs_successful').notNull().default(0),
        jobsFailed: integer('jobs_failed').notNull().default(0),
        distanceMetres: doublePrecision('distance_metres').notNull().default(0),
        /** Share of waypoints driven in the app-suggested order, 0–100 (domain §3). */
        sequenceFidelity: real('sequence_fidelity'),
        /**
         * The sum of the stars of the tour's consignee reviews and their number, kept by triggers on
         * `consignee_reviews` (migration 0017), so that sums over many tour days need not read them.
         */
        reviewStars: integer('review_stars').notNull().default(0),
        reviewCount: integer('review_count').notNull().default(0),
        projectedFinishAt: timestamp('projected_finish_at', { withTimezone: true }),
        lastEventAt: timestamp('last_event_at', { withTimezone: true }),
        /** The processing's watermark: events and positions up to this sequence number are applied. */
        processedSeq: bigint('processed_seq', { mode: 'number' }).notNull().default(0),
        /** What the processing carries between runs (last position, a stay at a stop, recent speeds). */
        processingState: jsonb('processing_state').$type<ProgressCarry>().notNull().default({}),
        createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
        updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [
        uniqueIndex('tours_depot_date_number_key').on(
            table.depotId,
            table.tourDate,
            table.tourNumber,
        ),
        index('tours_tenant_date_idx').on(table.tenantId, table.tourDate),
        /** The admin's tour list of every organisation on a day or a range of days. */
        index('tours_date_idx').on(table.tourDate),
        index('tours_vehicle_date_idx').on(table.vehicleId, table.tourDate),
    ],
);

/**
 * A stop of a tour: its jobs at one place. Three sequences (planned, app-suggested, driven),
 * the state, who confirmed it, its time frame, ETA and ATA, and its coordinates.
 */
export const waypoints = pgTable(
    'waypoints',
    {
        id: text('id').primaryKey(),
        tenantId: text('tenant_id')
            .notNull()
            .references(() => tenants.id),
        tourId: text('tour_id')
            .notNull()
            .references(() => tours.id),
        /** What makes jobs one stop: their rounded coordinates, else their normalised address. */
        stopKey: text('stop_key').notNull(),
        plannedSequence: integer('planned_sequence').notNull(),
        suggestedSequence: integer('suggested_sequence'),
        drivenSequence: integer('driven_sequence'),
        state: waypointStateEnum('state').notNull().default('OPEN'),
        confirmation: confirmationSourceEnum('confirmation'),
        timeFrameFrom: timestamp('time_frame_from', { withTimezone: true }),
        timeFrameTo: timestamp('time_frame_to', { withTimezone: true }),
        timeFrameSource: timeFrameSourceEnum('time_frame_source'),
        /** The latest estimate; a done stop keeps the last one made before it was reached. */
        eta: timestamp('eta', { withTimezone: true }),
        /**
         * The first estimate after the tour started (what a consignee is told in the morning): the
         * ETA deviation of tour analytics (RTT) is the ATA against it.
         */
        firstEta: timestamp('first_eta', { withTimezone: true }),
        ata: timestamp('ata', { withTimezone: true }),
        latitude: doublePrecision('latitude'),
        longitude: doublePrecision('longitude'),
        coordinateType: coordinateTypeEnum('coordinate_type'),
        street: text('street').notNull(),
        houseNo: text('house_no'),
        postcode: text('postcode').notNull(),
        locality: text('locality'),
        countryCode: text('country_code').notNull(),
        jobsTotal: integer('jobs_total').notNull().default(0),
        jobsSuccessful: integer('jobs_successful').notNull().default(0),
        jobsFailed: integer('jobs_failed').notNull().default(0),
        /** Analytics (domain/tourAnalytics.ts): when the vehicle left the stop. */
        departedAt: timestamp('departed_at', { withTimezone: true }),
        /** Why the stop's arrival is left out of the ETA accuracy (domain §4 not-considered reasons). */
        notConsideredReason: text('not_considered_reason'),
        /** LATE or EARLY when the arrival missed the time frame by more than the tolerance. */
        windowMiss: text('window_miss'),
        /** The most likely cause of a missed time frame. */
        missedWindowCause: text('missed_window_cause'),
        /** Set when the waypoint was added by depot staff. */
        customWaypointId: text('custom_waypoint_id'),
        updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [
        uniqueIndex('waypoints_tour_stop_key').on(table.tourId, table.stopKey),
        index('waypoints_tour_sequence_idx').on(table.tourId, table.plannedSequence),
    ],
);

/**
 * A waypoint added by depot staff (on the map or by address); it becomes a waypoint of the tour
 * at the next processing cycle (domain §9 "new custom waypoints may take a few minutes").
 */
export const customWaypoints = pgTable(
    'custom_waypoints',
    {
        id: text('id').primaryKey(),
        tenantId: text('tenant_id')
            .notNull()
            .references(() => tenants.id),
        tourId: text('tour_id')
            .notNull()
            .references(() => tours.id),
        scopePath: text('scope_path').notNull(),
        name: text('name').notNull(),
        latitude: doublePrecision('latitude').notNull(),
        longitude: doublePrecision('longitude').notNull(),
        street: text('street'),
        houseNo: text('house_no'),
        postcode: text('postcode'),
        locality: text('locality'),
        countryCode: text('country_code'),
        /** Insert it before this planned position (1-based); at the end when null. */
        position: integer('position'),
        createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
        createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
        processedAt: timestamp('processed_at', { withTimezone: true }),
        deletedAt: timestamp('deleted_at', { withTimezone: true }),
        waypointId: text('waypoint_id'),
    },
    (table) => [index('custom_waypoints_tour_idx').on(table.tourId)],
);

/**
 * Tours with unapplied events: ingestion marks them, any app server's processing worker takes
 * them (`for update skip locked`), applies the events after the tour's watermark, and removes
 * the mark. A table, not memory, so two app servers share the work.
 */
export const tourProcessingQueue = pgTable('tour_processing_queue', {
    tourId: text('tour_id')
        .primaryKey()
        .references(() => tours.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
});

export const toursRelations = relations(tours, ({ one, many }) => ({
    depot: one(depots, { fields: [tours.depotId], references: [depots.internalDepotId] }),
    vehicle: one(vehicles, { fields: [tours.vehicleId], references: [vehicles.id] }),
    waypoints: many(waypoints),
}));
export const waypointsRelations = relations(waypoints, ({ one }) => ({
    tour: one(tours, { fields: [waypoints.tourId], references: [tours.id] }),
}));
