import type { TourActivity } from '../../../domain/contracts/tour-activities';
import type { RttCategory } from '../../../domain/rtt';

/**
 * A row of the activity table: the tour plus flat fields the table sorts and filters by (the
 * table reads a row's own fields). Fields of an extra right are undefined without it.
 */
export interface ActivityRow extends TourActivity {
    /** The server's order: tour numbers naturally ("9" before "10"). */
    tourOrder: number;
    /** Share of stops done, 0–100. */
    progress: number;
    rttCategory?: RttCategory | null;
    /** GOOD 1, MEDIUM 2, BLOCKED 3: sorts from good to blocked. */
    rttRank?: number | null;
    rttAverageMinutes?: number | null;
    recommendationCount?: number;
    /** Set only when true: the filter keeps rows equal to it. */
    hasRecommendations?: true;
    startDelayMinutes?: number | null;
    etaDeviationMinutes?: number | null;
    missedWindowCount?: number;
    logins?: number;
    serviceMinutes?: number | null;
    drivingMinutes?: number | null;
    breakMinutes?: number | null;
    distanceMetres?: number;
    startedAt?: string | null;
    finishedAt?: string | null;
}

const rttRanks: Record<RttCategory, number> = { GOOD: 1, MEDIUM: 2, BLOCKED: 3 };

export function activityRow(tour: TourActivity, index: number): ActivityRow {
    const row: ActivityRow = {
        ...tour,
        tourOrder: index,
        progress:
            tour.waypointsTotal === 0
                ? 0
                : Math.round((tour.waypointsDone / tour.waypointsTotal) * 100),
    };
    if (tour.rtt) {
        row.rttCategory = tour.rtt.category;
        row.rttRank = tour.rtt.category ? rttRanks[tour.rtt.category] : null;
        row.rttAverageMinutes = tour.rtt.sevenDayAverageMinutes;
    }
    if (tour.recommendations) {
        row.recommendationCount = tour.recommendations.length;
        if (tour.recommendations.length > 0) row.hasRecommendations = true;
    }
    if (tour.full) {
        const full = tour.full;
        Object.assign(row, {
            startDelayMinutes: full.startDelayMinutes,
            etaDeviationMinutes: full.etaDeviation.averageMinutes,
            missedWindowCount: full.missedWindows.total,
            logins: full.logins,
            serviceMinutes: full.serviceMinutes,
            drivingMinutes: full.drivingMinutes,
            breakMinutes: full.breakMinutes,
            distanceMetres: full.distanceMetres,
            startedAt: full.startedAt,
            finishedAt: full.finishedAt,
        });
    }
    return row;
}
