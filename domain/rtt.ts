import { zonedParts, type DateInput } from './formatting.js';

/**
 * RTT categories (domain §4, §9): how accurate the arrival windows shown to consignees are,
 * from the average deviation of the ETA from the delivery over the last 7 days. Good up to 45
 * minutes, Medium from 45 to 90, Blocked over 90 (no RTT e-mail then). A Medium tour that
 * performs badly on the current day shows as Blocked. The rule is written down in
 * docs/live-status.md.
 */
export const rttCategories = ['GOOD', 'MEDIUM', 'BLOCKED'] as const;
export type RttCategory = (typeof rttCategories)[number];

/** The days of history the category is computed from. */
export const RTT_HISTORY_DAYS = 7;
const RTT_GOOD_MAX_MINUTES = 45;
const RTT_MEDIUM_MAX_MINUTES = 90;
/** ETAs before this hour or from NIGHT_FROM_HOUR on count as night (domain §9). */
export const NIGHT_UNTIL_HOUR = 8;
export const NIGHT_FROM_HOUR = 19;

/** The category of an average deviation in minutes; null without any measured stop. */
export function rttCategory(averageDeviationMinutes: number | null): RttCategory | null {
    if (averageDeviationMinutes === null || !Number.isFinite(averageDeviationMinutes)) return null;
    if (averageDeviationMinutes <= RTT_GOOD_MAX_MINUTES) return 'GOOD';
    if (averageDeviationMinutes <= RTT_MEDIUM_MAX_MINUTES) return 'MEDIUM';
    return 'BLOCKED';
}

/**
 * The category shown today: the 7-day category, except that a Medium tour whose stops of today
 * deviate by more than the Medium limit on average shows as Blocked.
 */
export function rttCategoryToday(
    sevenDayCategory: RttCategory | null,
    todayAverageDeviationMinutes: number | null,
): RttCategory | null {
    if (
        sevenDayCategory === 'MEDIUM' &&
        todayAverageDeviationMinutes !== null &&
        todayAverageDeviationMinutes > RTT_MEDIUM_MAX_MINUTES
    )
        return 'BLOCKED';
    return sevenDayCategory;
}

/** True for an ETA before 8:00 or from 19:00 on, on the wall clock of `timeZone`. */
export function isNightEta(eta: DateInput, timeZone: string): boolean {
    const parts = zonedParts(eta, timeZone);
    if (!parts) return false;
    return parts.hour < NIGHT_UNTIL_HOUR || parts.hour >= NIGHT_FROM_HOUR;
}
