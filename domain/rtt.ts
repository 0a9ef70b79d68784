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

/**
 * Local hours by time zone and UTC quarter hour: every zone's offset is a whole number of quarter
 * hours, so the hour is the same throughout one. Formatting a date in a zone is slow, and a tour's
 * stops share a few dozen quarter hours (the backfill asks for every stop of 15 weeks).
 */
const QUARTER_MS = 900_000;
const hourCache = new Map<string, number | null>();

function localHour(eta: DateInput, timeZone: string): number | null {
    const ms = (eta instanceof Date ? eta : new Date(eta)).getTime();
    if (Number.isNaN(ms)) return null;
    const key = `${timeZone}|${Math.floor(ms / QUARTER_MS)}`;
    const cached = hourCache.get(key);
    if (cached !== undefined) return cached;
    const hour = zonedParts(ms, timeZone)?.hour ?? null;
    if (hourCache.size >= 20_000) hourCache.clear();
    hourCache.set(key, hour);
    return hour;
}

/** True for an ETA before 8:00 or from 19:00 on, on the wall clock of `timeZone`. */
export function isNightEta(eta: DateInput, timeZone: string): boolean {
    const hour = localHour(eta, timeZone);
    if (hour === null) return false;
    return hour < NIGHT_UNTIL_HOUR || hour >= NIGHT_FROM_HOUR;
}
