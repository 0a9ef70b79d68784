import type {
    RecommendationFigures,
    TourActivity,
    TourActivityFull,
    TourActivityRights,
    TourActivityRtt,
} from '../../../../domain/contracts/tour-activities.js';
import { appUsageLevels, type AppUsageLevel } from '../../../../domain/liveStatus.js';
import { missedWindowCauses } from '../../../../domain/missedWindowCauses.js';
import { rttOnDate, type RttDay } from '../../../../domain/rttHistory.js';
import type { ActivityRow } from './activity-repository.js';

type Instant = Date | string | null;
const iso = (value: Instant) => (value === null ? null : new Date(value).toISOString());
const rounded = (value: number | null | undefined, decimals: number) =>
    value === null || value === undefined
        ? null
        : Math.round(value * 10 ** decimals) / 10 ** decimals;
const appUsageOf = (value: string | null): AppUsageLevel =>
    (appUsageLevels as readonly string[]).includes(value ?? '')
        ? (value as AppUsageLevel)
        : 'NOT_USED';

const noMissedWindows = (): TourActivityFull['missedWindows'] => ({
    total: 0,
    byCause: Object.fromEntries(missedWindowCauses.map((cause) => [cause, 0])),
});

function rttOf(row: ActivityRow, days: readonly RttDay[]): TourActivityRtt {
    const rtt = rttOnDate(days, row.tour_date);
    return {
        category: rtt.today,
        sevenDayCategory: rtt.sevenDay,
        sevenDayAverageMinutes: rounded(rtt.sevenDayAverageMinutes, 1),
    };
}

function fullOf(row: ActivityRow): TourActivityFull {
    const figures = row.figures;
    return {
        logins: figures?.logins ?? 0,
        loginDevices: figures?.loginDevices ?? 0,
        sequenceRequests: figures?.sequenceRequests ?? 0,
        startDelayMinutes: figures?.startDelayMinutes ?? null,
        plannedStart: iso(row.planned_start),
        startedAt: iso(row.started_at),
        finishedAt: iso(row.finished_at),
        serviceMinutes: row.service_minutes,
        drivingMinutes: row.driving_minutes,
        breakMinutes: figures?.breakMinutes ?? null,
        distanceMetres: row.distance_metres,
        etaDeviation: {
            averageMinutes: rounded(row.eta_deviation_minutes, 1),
            stops: row.eta_stops ?? 0,
        },
        missedWindows: figures?.missedWindows ?? noMissedWindows(),
    };
}

/**
 * A row as the wire shape: the RTT category (from `rttDays`, the tour number's stored days),
 * the recommendations and the full figures only where `rights` say so. A tour that did not
 * start has no figures: app usage NOT_USED, no recommendation.
 */
export function activityOf(
    row: ActivityRow,
    rights: Omit<TourActivityRights, 'locationHistory'>,
    rttDays: readonly RttDay[],
): TourActivity {
    const activity: TourActivity = {
        id: row.id,
        tourDate: row.tour_date,
        tourNumber: row.tour_number,
        vehicleNumber: row.vehicle_number,
        driverName:
            row.driver_first_name === null
                ? null
                : `${row.driver_first_name} ${row.driver_last_name ?? ''}`.trim(),
        subcontractorName: row.subcontractor_name,
        state: row.state,
        waypointsDone: row.waypoints_done,
        waypointsTotal: row.waypoints_total,
        jobsSuccessful: row.jobs_successful,
        jobsFailed: row.jobs_failed,
        jobsTotal: row.jobs_total,
        appUsage: appUsageOf(row.app_usage),
        appForegroundMinutes: row.app_foreground_minutes,
        sequenceFidelity: rounded(row.sequence_fidelity, 1),
        sequenceAdherence: rounded(row.sequence_adherence, 3),
        starRating: rounded(row.star_rating, 1),
        reviewCount: row.review_count,
        analysedAt: iso(row.computed_at),
    };
    if (rights.rtt) activity.rtt = rttOf(row, rttDays);
    if (rights.recommendations) activity.recommendations = row.figures?.recommendations ?? [];
    if (rights.full) activity.full = fullOf(row);
    return activity;
}

/** What the tour's recommendations are drawn from; undefined for a tour without figures. */
export function recommendationFiguresOf(row: ActivityRow): RecommendationFigures | undefined {
    const figures = row.figures;
    if (!figures || row.computed_at === null) return undefined;
    const frames = { total: 0, missed: 0 };
    return {
        startedBeforeSequence: figures.startedBeforeSequence ?? false,
        firstWaypointChanges: figures.firstWaypointChanges ?? 0,
        sequenceRequests: figures.sequenceRequests ?? 0,
        appForegroundMinutes: figures.appForegroundMinutes ?? null,
        sequenceFidelity: rounded(figures.sequenceFidelity, 1),
        timeFrames: figures.timeFrames ?? { driver: frames, system: frames },
        logins: figures.logins ?? 0,
        loginDevices: figures.loginDevices ?? 0,
        startDelayMinutes: figures.startDelayMinutes ?? null,
        plannedStart: iso(row.planned_start),
        startedAt: iso(row.started_at),
    };
}
