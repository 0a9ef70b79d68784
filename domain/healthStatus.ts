import { DEFAULT_TIME_ZONE, zonedParts, type DateInput } from './formatting.js';
import { businessHoursOrDefault, minutesOfClockTime } from './tenantConfiguration.js';
import type { BusinessHours } from './contracts/tenant-configuration.js';

/**
 * The depot health rule (shell §2.1, §9; domain §9): a warning needs the current time inside the
 * business hours with their end shifted back one hour, and the newest data (last assignment to a
 * vehicle, last scan on a vehicle) missing or 30 minutes or more old. Shared by the header badge
 * and the server.
 *
 * Business hours are wall-clock `HH:MM` times in the depot's time zone, both ends inclusive to the
 * minute (`to` 23:59 covers the day's last minute); `from` later than `to` spans midnight.
 */

/** Data this old (or older) turns the badge red. */
const HEALTH_STALE_AFTER_MINUTES = 30;
/** The warning window ends this long before the business hours do. */
const HEALTH_END_SHIFT_MINUTES = 60;

const MINUTES_PER_DAY = 24 * 60;
const MS_PER_MINUTE = 60_000;

export interface BusinessHoursCheck {
    now: Date;
    businessHours?: Partial<BusinessHours> | null;
    /** IANA zone of the depot; Europe/Berlin when absent (shell §9). */
    timeZone?: string | null;
}

export interface HealthWarningInput extends BusinessHoursCheck {
    lastAssignmentAt: DateInput | null | undefined;
    lastStatusChangeAt: DateInput | null | undefined;
}

function minuteOfDay(now: Date, timeZone: string): number | null {
    const parts = zonedParts(now, timeZone);
    return parts ? parts.hour * 60 + parts.minute : null;
}

/** True when `now` falls inside the window, its end moved `endShift` minutes earlier. */
function insideWindow(
    { now, businessHours, timeZone }: BusinessHoursCheck,
    endShift: number,
): boolean {
    const hours = businessHoursOrDefault(businessHours);
    const from = minutesOfClockTime(hours.from) ?? 0;
    const to = minutesOfClockTime(hours.to) ?? MINUTES_PER_DAY - 1;
    const minute = minuteOfDay(now, timeZone || DEFAULT_TIME_ZONE);
    if (minute === null) return false;
    const length = ((to - from + MINUTES_PER_DAY) % MINUTES_PER_DAY) - endShift;
    if (length < 0) return false;
    return (minute - from + MINUTES_PER_DAY) % MINUTES_PER_DAY <= length;
}

/** True when `now` is inside the business hours (both ends inclusive, to the minute). */
export function isWithinBusinessHours(check: BusinessHoursCheck): boolean {
    return insideWindow(check, 0);
}

/** True when `now` is inside the business hours with their end shifted back one hour. */
export function isWithinHealthWindow(check: BusinessHoursCheck): boolean {
    return insideWindow(check, HEALTH_END_SHIFT_MINUTES);
}

function timeOf(input: DateInput | null | undefined): number | null {
    if (input === null || input === undefined || input === '') return null;
    const time = (input instanceof Date ? input : new Date(input)).getTime();
    return Number.isNaN(time) ? null : time;
}

/** The newer of the two times, or null when neither is known. */
export function newestHealthData(
    lastAssignmentAt: DateInput | null | undefined,
    lastStatusChangeAt: DateInput | null | undefined,
): Date | null {
    const times = [timeOf(lastAssignmentAt), timeOf(lastStatusChangeAt)].filter(
        (time): time is number => time !== null,
    );
    return times.length === 0 ? null : new Date(Math.max(...times));
}

/**
 * The badge's warning: inside the business hours (end shifted back one hour) and the newest data
 * missing or at least 30 minutes old. Data stamped in the future (clock skew) counts as fresh.
 */
export function healthWarning(input: HealthWarningInput): boolean {
    if (!isWithinHealthWindow(input)) return false;
    const newest = newestHealthData(input.lastAssignmentAt, input.lastStatusChangeAt);
    if (!newest) return true;
    return input.now.getTime() - newest.getTime() >= HEALTH_STALE_AFTER_MINUTES * MS_PER_MINUTE;
}

/**
 * A depot's state on the health status page: `WARNING` when the badge would turn red, `OK` when
 * the rule applies and is met, `OFF_HOURS` outside the window the rule applies in (business hours
 * with their end shifted back one hour), where no data counts as outdated.
 */
export const depotHealthStates = ['WARNING', 'OK', 'OFF_HOURS'] as const;
export type DepotHealthState = (typeof depotHealthStates)[number];

export function depotHealthState(input: HealthWarningInput): DepotHealthState {
    if (!isWithinHealthWindow(input)) return 'OFF_HOURS';
    return healthWarning(input) ? 'WARNING' : 'OK';
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for an existing calendar date written `YYYY-MM-DD`. */
export function isCalendarDate(value: string): boolean {
    const match = CALENDAR_DATE.exec(value);
    if (!match) return false;
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    return (
        date.getUTCFullYear() === year &&
        date.getUTCMonth() === month - 1 &&
        date.getUTCDate() === day
    );
}

/** The calendar date (`YYYY-MM-DD`) of `now` in `timeZone`. */
export function calendarDateIn(now: Date, timeZone: string): string {
    const parts = zonedParts(now, timeZone);
    if (!parts) throw new RangeError('invalid date');
    return `${String(parts.year).padStart(4, '0')}-${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')}`;
}

/** The instant of wall-clock `date` 00:00 in `timeZone` (the first instant of the day when midnight is skipped). */
function startOfDay(date: string, timeZone: string): Date {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    const wall = Date.UTC(year, month - 1, day);
    let instant = wall;
    // Two rounds of "wall clock minus offset" settle on the right offset, also across DST changes.
    for (let round = 0; round < 2; round++) {
        const parts = zonedParts(new Date(instant), timeZone);
        if (!parts) break;
        const seen = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
        instant += wall - seen;
    }
    return new Date(instant);
}

export interface HealthDay {
    /** The calendar date the statistics are for. */
    date: string;
    /** First instant of the day in the zone (inclusive). */
    from: Date;
    /** First instant of the next day (exclusive). */
    to: Date;
}

/**
 * The day a health request names (`YYYY-MM-DD`, or `today` in `timeZone`) as a calendar date and
 * the instants it spans in that zone (23 or 25 hours on DST change days). Null for a bad date.
 */
export function healthDay(requested: string, now: Date, timeZone: string): HealthDay | null {
    const date = requested === 'today' ? calendarDateIn(now, timeZone) : requested;
    if (!isCalendarDate(date)) return null;
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    const nextDate = new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
    return { date, from: startOfDay(date, timeZone), to: startOfDay(nextDate, timeZone) };
}
