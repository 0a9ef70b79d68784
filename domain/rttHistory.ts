/**
 * The RTT category of a tour on a date (domain §4, §9) from the figures stored per day for its
 * tour number: the stop-weighted mean ETA deviation of the 7 calendar days before the date (the
 * category is known in the morning, when consignees are told their windows; the live status
 * reads it the same way), and the day's category from it and the date's own figure. Written down
 * in docs/analytics.md.
 */
import { RTT_HISTORY_DAYS, rttCategory, rttCategoryToday, type RttCategory } from './rtt.js';

/** Domain §9: the weekly tour category dashboard covers 15 weeks. */
export const RTT_DASHBOARD_WEEKS = 15;

/** One day of a tour number: its mean |ATA − first ETA| in minutes over `stops` stops. */
export interface RttDay {
    /** YYYY-MM-DD, the tour's date. */
    date: string;
    averageMinutes: number | null;
    stops: number;
}

const DAY_MS = 86_400_000;

/** The calendar date `days` after `date` (YYYY-MM-DD; negative goes back). */
function addDays(date: string, days: number): string {
    return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

const measured = (day: RttDay) => day.averageMinutes !== null && day.stops > 0;

/** The stop-weighted mean deviation of the days `from`…`to` (inclusive); null without a measured stop. */
function weightedMean(days: readonly RttDay[], from: string, to: string): number | null {
    let minutes = 0;
    let stops = 0;
    for (const day of days)
        if (day.date >= from && day.date <= to && measured(day)) {
            minutes += (day.averageMinutes ?? 0) * day.stops;
            stops += day.stops;
        }
    return stops === 0 ? null : minutes / stops;
}

export interface RttOnDate {
    /** The stop-weighted mean deviation of D−7…D−1, minutes. */
    sevenDayAverageMinutes: number | null;
    sevenDay: RttCategory | null;
    /** The 7-day category, Blocked for a Medium tour whose day D deviates beyond the Medium limit. */
    today: RttCategory | null;
}

/**
 * The RTT categories of a tour number on `date` from its stored days. Days without a measured
 * stop are skipped; null categories without any measured stop in the 7 days.
 */
export function rttOnDate(days: readonly RttDay[], date: string): RttOnDate {
    const sevenDayAverageMinutes = weightedMean(
        days,
        addDays(date, -RTT_HISTORY_DAYS),
        addDays(date, -1),
    );
    const sevenDay = rttCategory(sevenDayAverageMinutes);
    return {
        sevenDayAverageMinutes,
        sevenDay,
        today: rttCategoryToday(sevenDay, weightedMean(days, date, date)),
    };
}
