import { relations, sql } from 'drizzle-orm';
import {
    boolean,
    doublePrecision,
    index,
    integer,
    jsonb,
    pgEnum,
    pgTable,
    text,
    timestamp,
    uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
    failureReasons,
    jobOutcomes,
    jobStates,
    jobTypes,
    statusSources,
    timeFrameSources,
} from '../../../domain/tours.js';
import { coordinateTypeEnum } from './address-corrections.js';
import { depots } from './depots.js';
import { tenants } from './organisations.js';

export const jobTypeEnum = pgEnum('job_type', jobTypes);
export const jobStateEnum = pgEnum('job_state', jobStates);
export const jobOutcomeEnum = pgEnum('job_outcome', jobOutcomes);
export const failureReasonEnum = pgEnum('failure_reason', failureReasons);
export const statusSourceEnum = pgEnum('status_source', statusSources);
export const timeFrameSourceEnum = pgEnum('time_frame_source', timeFrameSources);

export interface JobContact {
    kind: 'CONSIGNEE' | 'SHIPPER' | 'OTHER';
    name?: string;
    phone?: string;
    email?: string;
}

/**
 * A job (domain §3): a delivery, pickup or collection imported through the data gateway, known
 * by the sender's external id within the organisation. Jobs are never deleted; a re-import
 * updates them. Its current status (state, outcome, reason, source, time) is kept here, its
 * history in `job_statuses`.
 */
export const jobs = pgTable(
    'jobs',
    {
        id: text('id').primaryKey(),
        tenantId: text('tenant_id')
            .notNull()
            .references(() => tenants.id),
        /** The depot of its latest assignment. */
        depotId: text('depot_id')
            .notNull()
            .references(() => depots.internalDepotId),
        /** The depot's scope path, or the subcontractor's once the job is on a tour of theirs. */
        scopePath: text('scope_path').notNull(),
        externalJobId: text('external_job_id').notNull(),
        type: jobTypeEnum('type').notNull(),
        description: text('description'),
        quantity: integer('quantity'),
        weightKg: doublePrecision('weight_kg'),
        volumeM3: doublePrecision('volume_m3'),
        heightCm: doublePrecision('height_cm'),
        widthCm: doublePrecision('width_cm'),
        lengthCm: doublePrecision('length_cm'),
        services: text('services')
            .array()
            .notNull()
            .default(sql`'{}'::text[]`),
        shipperReference: text('shipper_reference'),
        betterTracking: boolean('better_tracking').notNull().default(false),
        street: text('street').notNull(),
        houseNo: text('house_no'),
        postcode: text('postcode').notNull(),
        locality: text('locality'),
        countryCode: text('country_code').notNull(),
        latitude: doublePrecision('latitude'),
        longitude: doublePrecision('longitude'),
        coordinateType: coordinateTypeEnum('coordinate_type'),
        timeFrameFrom: timestamp('time_frame_from', { withTimezone: true }),
        timeFrameTo: timestamp('time_frame_to', { withTimezone: true }),
        timeFrameSource: timeFrameSourceEnum('time_frame_source'),
        contacts: jsonb('contacts').$type<JobContact[]>().notNull().default([]),
        /** The tour and stop it is on (the tours and waypoints tables), when assigned to a tour. */
        tourId: text('tour_id'),
        waypointId: text('waypoint_id'),
        state: jobStateEnum('state').notNull().default('OPEN'),
        outcome: jobOutcomeEnum('outcome'),
        reason: failureReasonEnum('reason'),
        statusAt: timestamp('status_at', { withTimezone: true }),
        statusSource: statusSourceEnum('status_source'),
        /** A hash of the imported fields: a re-import of the same content changes nothing. */
        contentHash: text('content_hash').notNull(),
        /** The API credential that sent it last. */
        senderId: text('sender_id'),
        importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
        updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [
        uniqueIndex('jobs_tenant_external_id_key').on(table.tenantId, table.externalJobId),
        index('jobs_tour_idx').on(table.tourId),
        index('jobs_waypoint_idx').on(table.waypointId),
        index('jobs_depot_imported_idx').on(table.depotId, table.importedAt),
    ],
);

/** A parcel of a job, found by parcel number or tracking id (the parcel finder: exact or prefix). */
export const parcels = pgTable(
    'parcels',
    {
        id: text('id').primaryKey(),
        tenantId: text('tenant_id')
            .notNull()
            .references(() => tenants.id),
        jobId: text('job_id')
            .notNull()
            .references(() => jobs.id),
        parcelNumber: text('parcel_number').notNull(),
        trackingId: text('tracking_id'),
    },
    (table) => [
        uniqueIndex('parcels_job_number_key').on(table.jobId, table.parcelNumber),
        index('parcels_tenant_number_idx').on(
            table.tenantId,
            table.parcelNumber.op('text_pattern_ops'),
        ),
        index('parcels_tenant_tracking_idx').on(
            table.tenantId,
            table.trackingId.op('text_pattern_ops'),
        ),
    ],
);

/**
 * A job's status history (domain §3 Job "statuses: state, outcome, description, timestamp,
 * source"; the parcel finder's steps with their time, place and source).
 */
export const jobStatuses = pgTable(
    'job_statuses',
    {
        id: text('id').primaryKey(),
        tenantId: text('tenant_id')
            .notNull()
            .references(() => tenants.id),
        jobId: text('job_id')
            .notNull()
            .references(() => jobs.id),
        state: jobStateEnum('state').notNull(),
        outcome: jobOutcomeEnum('outcome'),
        reason: failureReasonEnum('reason'),
        description: text('description'),
        occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
        source: statusSourceEnum('source').notNull(),
        latitude: doublePrecision('latitude'),
        longitude: doublePrecision('longitude'),
        /** The driver-app event it came from, when it came from one. */
        eventId: text('event_id'),
    },
    (table) => [index('job_statuses_job_idx').on(table.jobId, table.occurredAt)],
);

export const jobsRelations = relations(jobs, ({ many }) => ({
    parcels: many(parcels),
    statuses: many(jobStatuses),
}));
export const parcelsRelations = relations(parcels, ({ one }) => ({
    job: one(jobs, { fields: [parcels.jobId], references: [jobs.id] }),
}));
export const jobStatusesRelations = relations(jobStatuses, ({ one }) => ({
    job: one(jobs, { fields: [jobStatuses.jobId], references: [jobs.id] }),
}));
