import { sql } from 'drizzle-orm';
import type { TourAnalytics } from '../../../../domain/tourAnalytics.js';
import type { Queryable } from '../../../db/client.js';
import type { AnalyticsTour } from './analytics-input.js';

/** A tour's computed figures, ready to store. */
export interface ComputedAnalytics {
    tour: Pick<AnalyticsTour, 'id' | 'tenantId' | 'depotId' | 'tourDate' | 'processedSeq'>;
    analytics: TourAnalytics;
}

/** The columns of a `tour_analytics` row besides the tour's keys, from the computed figures. */
export function analyticsColumns(analytics: TourAnalytics) {
    const { waypoints: _waypoints, ...figures } = analytics;
    return {
        appUsage: analytics.appUsage,
        appForegroundMinutes: analytics.appForegroundMinutes,
        etaDeviationMinutes: analytics.etaDeviation.averageMinutes,
        etaStops: analytics.etaDeviation.stops,
        nightEtas: analytics.nightEtas,
        serviceMinutes: analytics.serviceMinutes,
        drivingMinutes: analytics.drivingMinutes,
        sequenceAdherence: analytics.sequenceAdherence,
        missedWindows: analytics.missedWindows.total,
        recommendationCodes: analytics.recommendations.map((r) => r.code),
        figures: figures as Record<string, unknown>,
    };
}

/**
 * Stores the figures of several tours: one upsert of their `tour_analytics` rows and one update
 * of their waypoints' analytics columns, whatever the number of tours.
 */
export async function saveAnalytics(db: Queryable, computed: readonly ComputedAnalytics[]) {
    if (computed.length === 0) return;
    const rows = computed.map(({ tour, analytics }) => ({
        tour_id: tour.id,
        tenant_id: tour.tenantId,
        depot_id: tour.depotId,
        tour_date: tour.tourDate,
        processed_seq: tour.processedSeq,
        ...snake(analyticsColumns(analytics)),
    }));
    await db.execute(sql`
        insert into tour_analytics (tour_id, tenant_id, depot_id, tour_date, processed_seq,
            computed_at, app_usage, app_foreground_minutes, eta_deviation_minutes, eta_stops,
            night_etas, service_minutes, driving_minutes, sequence_adherence, missed_windows,
            recommendation_codes, figures)
        select r.tour_id, r.tenant_id, r.depot_id, r.tour_date, r.processed_seq, now(),
            r.app_usage, r.app_foreground_minutes, r.eta_deviation_minutes, r.eta_stops,
            r.night_etas, r.service_minutes, r.driving_minutes, r.sequence_adherence,
            r.missed_windows, r.recommendation_codes, r.figures
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(tour_id text, tenant_id text,
            depot_id text, tour_date date, processed_seq bigint, app_usage text,
            app_foreground_minutes int, eta_deviation_minutes real, eta_stops int, night_etas int,
            service_minutes int, driving_minutes int, sequence_adherence real, missed_windows int,
            recommendation_codes text[], figures jsonb)
        on conflict (tour_id) do update set processed_seq = excluded.processed_seq,
            computed_at = excluded.computed_at, app_usage = excluded.app_usage,
            app_foreground_minutes = excluded.app_foreground_minutes,
            eta_deviation_minutes = excluded.eta_deviation_minutes,
            eta_stops = excluded.eta_stops, night_etas = excluded.night_etas,
            service_minutes = excluded.service_minutes, driving_minutes = excluded.driving_minutes,
            sequence_adherence = excluded.sequence_adherence,
            missed_windows = excluded.missed_windows,
            recommendation_codes = excluded.recommendation_codes, figures = excluded.figures`);
    const waypoints = computed.flatMap(({ analytics }) =>
        analytics.waypoints.map((w) => ({
            id: w.waypointId,
            departed_at: w.departedAt,
            not_considered_reason: w.notConsideredReason,
            window_miss: w.windowMiss,
            missed_window_cause: w.missedWindowCause,
        })),
    );
    if (waypoints.length === 0) return;
    await db.execute(sql`
        update waypoints w set departed_at = r.departed_at,
            not_considered_reason = r.not_considered_reason, window_miss = r.window_miss,
            missed_window_cause = r.missed_window_cause
        from jsonb_to_recordset(${JSON.stringify(waypoints)}::jsonb) as r(id text,
            departed_at timestamptz, not_considered_reason text, window_miss text,
            missed_window_cause text)
        where w.id = r.id`);
}

const snake = (columns: ReturnType<typeof analyticsColumns>) => ({
    app_usage: columns.appUsage,
    app_foreground_minutes: columns.appForegroundMinutes,
    eta_deviation_minutes: columns.etaDeviationMinutes,
    eta_stops: columns.etaStops,
    night_etas: columns.nightEtas,
    service_minutes: columns.serviceMinutes,
    driving_minutes: columns.drivingMinutes,
    sequence_adherence: columns.sequenceAdherence,
    missed_windows: columns.missedWindows,
    recommendation_codes: columns.recommendationCodes,
    figures: columns.figures,
});
