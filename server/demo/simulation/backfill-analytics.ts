/**
 * The analytics rows of a backfilled tour: its day's figures (domain/tourAnalytics.ts, the same
 * function the tour commander's analytics worker runs on stored events) computed from the
 * simulated events in memory, so 15 weeks of analysis exist without 15 weeks of raw events; and
 * the consignees' reviews of its deliveries. Pure: no database.
 */
import type { DriverAppEvent } from '../../../domain/contracts/driver-app-ingestion.js';
import {
    summariseTourAnalytics,
    type AnalyticsEvent,
    type AnalyticsJob,
    type AnalyticsPosition,
    type AnalyticsWaypoint,
    type TourAnalytics,
} from '../../../domain/tourAnalytics.js';
import { createRandom } from '../random.js';
import type { TourRecords } from './backfill-records.js';
import type { Row } from './backfill-tables.js';
import { isoTime as iso } from './local-time.js';
import type { PlannedTour } from './types.js';

const MINUTE_MS = 60_000;
/** The share of successful deliveries a consignee reviews. */
const REVIEW_SHARE = 0.04;

interface AnalyticsTourContext {
    tenantId: string;
    depotId: string;
    scopePath: string;
    tourId: string;
    driverId: string | null;
    seed: string;
    newId: () => string;
}

/** The simulated events as the analytics read stored ones; positions thinned to one a minute. */
function analyticsEventsOf(
    events: readonly DriverAppEvent[],
    times: readonly number[],
    driverId: string | null,
) {
    const others: AnalyticsEvent[] = [];
    const positions: AnalyticsPosition[] = [];
    let lastMinute = -1;
    events.forEach((event, index) => {
        const at = times[index] as number;
        if (event.type === 'POSITION') {
            const minute = Math.floor(at / MINUTE_MS);
            if (!event.position || minute === lastMinute) return;
            lastMinute = minute;
            positions.push({ at: new Date(at), ...latLon(event.position) });
            return;
        }
        others.push({
            type: event.type,
            at: new Date(at),
            userId: driverId,
            appState: event.appState,
            jobId: event.jobId ?? null,
            position: event.position ? latLon(event.position) : null,
            sequence: event.sequence,
            deviceImei: event.device?.imei ?? null,
        });
    });
    return { events: others, positions };
}

const latLon = (p: { latitude: number; longitude: number }) => ({
    latitude: p.latitude,
    longitude: p.longitude,
});

interface DrivenFacts {
    tour: PlannedTour;
    plannedStart: number;
    startedAt: number;
    finishedAt: number;
    events: readonly DriverAppEvent[];
    times: readonly number[];
}

interface BackfilledTourFacts extends DrivenFacts {
    waypoints: readonly AnalyticsWaypoint[];
    jobs: readonly AnalyticsJob[];
}

/**
 * Adds the tour's figures (`tour_analytics`), its waypoints' analytics columns (appended to the
 * waypoint rows already in `records`) and its reviews.
 */
export function addAnalyticsRecords(
    records: TourRecords,
    driven: DrivenFacts,
    stops: Pick<BackfilledTourFacts, 'waypoints' | 'jobs'>,
    context: AnalyticsTourContext,
): void {
    const facts: BackfilledTourFacts = { ...driven, ...stops };
    const analytics = backfilledAnalytics(facts, context.driverId);
    const { row, waypointColumns } = analyticsRows(
        analytics,
        context,
        driven.tour.date,
        driven.finishedAt,
    );
    records.tour_analytics.push(row);
    for (const waypointRow of records.waypoints)
        waypointRow.push(
            ...(waypointColumns.get(waypointRow[0] as string) ?? [null, null, null, null]),
        );
    records.consignee_reviews.push(...reviewRows(facts, analytics, context));
}

/** The tour's figures, as `summariseTourAnalytics` computes them. */
function backfilledAnalytics(facts: BackfilledTourFacts, driverId: string | null): TourAnalytics {
    const { events, positions } = analyticsEventsOf(facts.events, facts.times, driverId);
    return summariseTourAnalytics({
        timeZone: facts.tour.timeZone,
        depot: facts.tour.network.origin,
        plannedStart: new Date(facts.plannedStart),
        startedAt: new Date(facts.startedAt),
        finishedAt: new Date(facts.finishedAt),
        waypoints: [...facts.waypoints],
        jobs: [...facts.jobs],
        events,
        positions,
    });
}

/** The `tour_analytics` row (its `processed_seq` is set by the writer) and the waypoints' four columns by id. */
function analyticsRows(
    analytics: TourAnalytics,
    context: AnalyticsTourContext,
    tourDate: string,
    computedAt: number,
): { row: Row; waypointColumns: Map<string, Row> } {
    const { waypoints, ...figures } = analytics;
    const row: Row = [
        context.tourId,
        context.tenantId,
        context.depotId,
        tourDate,
        0,
        iso(computedAt),
        analytics.appUsage,
        analytics.appForegroundMinutes,
        analytics.etaDeviation.averageMinutes,
        analytics.etaDeviation.stops,
        analytics.nightEtas,
        analytics.serviceMinutes,
        analytics.drivingMinutes,
        analytics.sequenceAdherence,
        analytics.missedWindows.total,
        analytics.recommendations.map((r) => r.code),
        figures as unknown as Record<string, unknown>,
    ];
    const waypointColumns = new Map<string, Row>(
        waypoints.map((w) => [
            w.waypointId,
            [w.departedAt, w.notConsideredReason, w.windowMiss, w.missedWindowCause],
        ]),
    );
    return { row, waypointColumns };
}

/**
 * Consignee reviews of the tour's successful deliveries (about one in 25, the same evening): five
 * or four stars for an arrival within its window and near the morning's ETA, fewer the later it was.
 */
function reviewRows(
    facts: BackfilledTourFacts,
    analytics: TourAnalytics,
    context: AnalyticsTourContext,
): Row[] {
    const random = createRandom(context.seed, `reviews:${context.tourId}`);
    const misses = new Map(analytics.waypoints.map((w) => [w.waypointId, w.windowMiss]));
    const rows: Row[] = [];
    facts.waypoints.forEach((waypoint, index) => {
        if (!waypoint.ata) return;
        const stop = facts.tour.stops[index];
        const jobs = facts.jobs.filter((job) => job.waypointId === waypoint.id);
        jobs.forEach((job, jobIndex) => {
            if (!job.outcome?.startsWith('DELIVERED') || !random.chance(REVIEW_SHARE)) return;
            const ata = waypoint.ata?.getTime() ?? 0;
            const deviation = waypoint.firstEta
                ? Math.abs(ata - waypoint.firstEta.getTime()) / MINUTE_MS
                : 0;
            const stars =
                misses.get(waypoint.id) === 'LATE'
                    ? random.int(1, 3)
                    : deviation > 45
                      ? random.int(3, 4)
                      : random.int(4, 5);
            rows.push([
                context.newId(),
                context.tenantId,
                context.depotId,
                context.scopePath,
                context.tourId,
                waypoint.id,
                job.id,
                stop?.jobs[jobIndex]?.parcels[0]?.parcelNumber ?? null,
                stars,
                null,
                iso(ata + random.int(10, 240) * MINUTE_MS),
            ]);
        });
    });
    return rows;
}
