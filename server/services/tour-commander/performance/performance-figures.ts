import type {
    PerformanceRollup,
    TourPerformanceDay,
    TourPerformanceRollups,
    TourPerformanceRow,
} from '../../../../domain/contracts/tour-performance.js';
import { roundTo } from '../../../../domain/formatting.js';
import {
    missedWindowCauses,
    type MissedWindowCause,
    type MissedWindowTally,
} from '../../../../domain/missedWindowCauses.js';
import { failureReasons, type FailureReason } from '../../../../domain/tours.js';

/**
 * The tour performance figures (issue 16 parts 2 and 7) of a group of tour days, from the sums
 * the repository adds up in SQL over each day's summary (`tours`) and analytics
 * (`tour_analytics`): means over the days that have a figure, the ETA deviation weighted by the
 * days' considered stops, and sequence adherence weighted by their done stops (the rule of
 * `weightedAdherence`, docs/analytics.md; a day without a score or without a done stop weighs
 * nothing). Missed windows by cause are summed like `rollUpMissedWindows`. Pure.
 */

/** What the repository sums over a group of tour days (reals summed exactly, through numeric). */
export type PerformanceSums = {
    days: number;
    daysDriven: number;
    stopsPlanned: number;
    stopsDone: number;
    jobsSuccessful: number;
    jobsFailed: number;
    drivingMinutes: number | null;
    drivingDays: number;
    serviceMinutes: number | null;
    serviceDays: number;
    distanceMetres: number;
    /** Σ deviation × considered stops over the days with a deviation, and Σ those stops. */
    etaWeighted: number | null;
    etaStops: number;
    fidelitySum: number | null;
    fidelityDays: number;
    /** Σ adherence × done stops over the days with a score, and Σ those done stops. */
    adherenceWeighted: number | null;
    adherenceStops: number;
    reviewStars: number;
    reviews: number;
    missedWindows: number;
} & Record<`failed_${FailureReason}`, number> &
    Record<`missed_${MissedWindowCause}`, number>;

type Figures = Omit<TourPerformanceRow, 'tourNumber'>;

const ratio = (sum: number | null, count: number, decimals: number) =>
    sum === null || count === 0 ? null : roundTo(sum / count, decimals);

function missedOf(sums: PerformanceSums): MissedWindowTally {
    const byCause = Object.fromEntries(
        missedWindowCauses.map((cause) => [cause, sums[`missed_${cause}`]]),
    ) as Record<MissedWindowCause, number>;
    return { total: sums.missedWindows, byCause };
}

/** The figures of a group of tour days (a tour number over the range, or one day). */
function figuresOf(sums: PerformanceSums): Figures {
    const failedJobsByReason = Object.fromEntries(
        failureReasons.map((reason) => [reason, sums[`failed_${reason}`]]),
    ) as Record<FailureReason, number>;
    return {
        days: sums.days,
        daysDriven: sums.daysDriven,
        stopsPlanned: sums.stopsPlanned,
        stopsDone: sums.stopsDone,
        jobsSuccessful: sums.jobsSuccessful,
        jobsFailed: sums.jobsFailed,
        failedJobsByReason,
        drivingMinutes: sums.drivingMinutes,
        drivingMinutesPerDay: ratio(sums.drivingMinutes, sums.drivingDays, 1),
        serviceMinutes: sums.serviceMinutes,
        serviceMinutesPerDay: ratio(sums.serviceMinutes, sums.serviceDays, 1),
        distanceKm: roundTo(sums.distanceMetres / 1000, 1),
        etaDeviationMinutes: ratio(sums.etaWeighted, sums.etaStops, 1),
        etaStops: sums.etaStops,
        sequenceFidelity: ratio(sums.fidelitySum, sums.fidelityDays, 1),
        sequenceAdherence: ratio(sums.adherenceWeighted, sums.adherenceStops, 3),
        starRating: ratio(sums.reviewStars, sums.reviews, 2),
        reviews: sums.reviews,
        missedWindows: missedOf(sums),
    };
}

/** Tour numbers sort naturally: "9" before "10", "10a" after "10". */
const naturalOrder = (a: string, b: string) =>
    a.localeCompare(b, 'en', { numeric: true }) || (a < b ? -1 : a > b ? 1 : 0);

/** One row per tour number, in natural order. */
export function tourNumberRows(
    groups: readonly (PerformanceSums & { tourNumber: string })[],
): TourPerformanceRow[] {
    return [...groups]
        .sort((a, b) => naturalOrder(a.tourNumber, b.tourNumber))
        .map((group) => ({ tourNumber: group.tourNumber, ...figuresOf(group) }));
}

/** Each day of a tour number, as the repository orders them. */
export function dayRows(
    days: readonly (PerformanceSums & Omit<TourPerformanceDay, keyof Figures>)[],
): TourPerformanceDay[] {
    return days.map((day) => ({
        tourId: day.tourId,
        tourDate: day.tourDate,
        state: day.state,
        driverName: day.driverName,
        subcontractorName: day.subcontractorName,
        ...figuresOf(day),
    }));
}

function rollupOf(group: PerformanceSums & { id: string | null; name: string | null }) {
    const figures = figuresOf(group);
    return {
        id: group.id,
        name: group.name,
        tours: group.days,
        stopsDone: group.stopsDone,
        sequenceAdherence: figures.sequenceAdherence,
        sequenceFidelity: figures.sequenceFidelity,
        missedWindows: figures.missedWindows,
    };
}

/** By name; the group without one (no driver, no subcontractor) last. */
const byName = (a: PerformanceRollup, b: PerformanceRollup) =>
    a.name === null
        ? b.name === null
            ? 0
            : 1
        : b.name === null
          ? -1
          : a.name.localeCompare(b.name, 'en') || (a.id ?? '').localeCompare(b.id ?? '');

/** The roll-ups of the started tours from their sums per driver, subcontractor and tour number. */
export function performanceRollups(
    groups: readonly (PerformanceSums & {
        kind: 'driver' | 'subcontractor' | 'tourNumber';
        id: string | null;
        name: string | null;
    })[],
): Omit<TourPerformanceRollups, 'from' | 'to'> {
    const of = (kind: (typeof groups)[number]['kind']) =>
        groups.filter((group) => group.kind === kind);
    return {
        drivers: of('driver').map(rollupOf).sort(byName),
        subcontractors: of('subcontractor').map(rollupOf).sort(byName),
        tourNumbers: of('tourNumber')
            .map((group) => ({
                tourNumber: group.id ?? '',
                tours: group.days,
                missedWindows: missedOf(group),
            }))
            .sort((a, b) => naturalOrder(a.tourNumber, b.tourNumber)),
    };
}
