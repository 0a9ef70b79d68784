import { relations } from 'drizzle-orm';
import {
    bigint,
    date,
    index,
    integer,
    jsonb,
    pgTable,
    real,
    text,
    timestamp,
} from 'drizzle-orm/pg-core';
import { depots } from './depots.js';
import { tenants } from './organisations.js';
import { tours } from './tours.js';

/**
 * The day's analytics of one tour (issue 16; domain/tourAnalytics.ts computes them): what the
 * analysis screens read for 15 weeks without raw events, which are kept 35 days only. Written by
 * the tour commander's analytics worker from the tour's events (again while the tour runs, last
 * after it finished) and by the history backfill. The figures that lists aggregate over many days
 * are columns; the rest of the summary is `figures`.
 */
export const tourAnalytics = pgTable(
    'tour_analytics',
    {
        tourId: text('tour_id')
            .primaryKey()
            .references(() => tours.id),
        tenantId: text('tenant_id')
            .notNull()
            .references(() => tenants.id),
        depotId: text('depot_id')
            .notNull()
            .references(() => depots.internalDepotId),
        tourDate: date('tour_date', { mode: 'string' }).notNull(),
        /** The tour's `processed_seq` the figures were computed at. */
        processedSeq: bigint('processed_seq', { mode: 'number' }).notNull().default(0),
        computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
        appUsage: text('app_usage').notNull(),
        appForegroundMinutes: integer('app_foreground_minutes'),
        /** Mean |ATA − first ETA| over the considered stops (RTT), and how many stops it covers. */
        etaDeviationMinutes: real('eta_deviation_minutes'),
        etaStops: integer('eta_stops').notNull().default(0),
        nightEtas: integer('night_etas').notNull().default(0),
        serviceMinutes: integer('service_minutes'),
        drivingMinutes: integer('driving_minutes'),
        sequenceAdherence: real('sequence_adherence'),
        missedWindows: integer('missed_windows').notNull().default(0),
        recommendationCodes: text('recommendation_codes').array().notNull().default([]),
        figures: jsonb('figures').$type<Record<string, unknown>>().notNull(),
    },
    (table) => [index('tour_analytics_depot_date_idx').on(table.depotId, table.tourDate)],
);

/**
 * A consignee's review of a delivery (1 to 5 stars, an optional comment), left on the tracking
 * page after the stop: a tour's star rating (domain §3) is the mean of its reviews. Parcel and
 * tour fields of reviews older than 30 days are masked where shown (domain §9).
 */
export const consigneeReviews = pgTable(
    'consignee_reviews',
    {
        id: text('id').primaryKey(),
        tenantId: text('tenant_id')
            .notNull()
            .references(() => tenants.id),
        depotId: text('depot_id')
            .notNull()
            .references(() => depots.internalDepotId),
        scopePath: text('scope_path').notNull(),
        tourId: text('tour_id')
            .notNull()
            .references(() => tours.id),
        waypointId: text('waypoint_id'),
        /** The job reviewed; no foreign key, jobs of old days may have been archived. */
        jobId: text('job_id'),
        parcelNumber: text('parcel_number'),
        stars: integer('stars').notNull(),
        comment: text('comment'),
        createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    },
    (table) => [
        index('consignee_reviews_tour_idx').on(table.tourId),
        index('consignee_reviews_tenant_created_idx').on(table.tenantId, table.createdAt),
    ],
);

export const tourAnalyticsRelations = relations(tourAnalytics, ({ one }) => ({
    tour: one(tours, { fields: [tourAnalytics.tourId], references: [tours.id] }),
}));
