/**
 * Pure calendar rules of the date-range picker (shell §1, §4): dates are `YYYY-MM-DD` strings,
 * computed with UTC arithmetic so no time zone or daylight-saving change can shift a day;
 * weeks start on Monday; a single pick is a one-day range.
 */

/** A calendar day, `YYYY-MM-DD`. */
export type IsoDate = string;

export interface DateRange {
    from: IsoDate;
    to: IsoDate;
}

export interface CalendarDay {
    date: IsoDate;
    day: number;
    /** False for the days of the previous and next month that fill the first and last week. */
    inMonth: boolean;
}

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (value: number, length: number) => String(value).padStart(length, '0');

/** `YYYY-MM-DD` of a year, month (1-12) and day; out-of-range parts roll over like `Date.UTC`. */
export function isoDate(year: number, month: number, day: number): IsoDate {
    const date = new Date(Date.UTC(year, month - 1, day));
    return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;
}

/** The parts of a valid `YYYY-MM-DD` (no 2024-02-30), else undefined. */
export function parseIsoDate(
    value: string,
): { year: number; month: number; day: number } | undefined {
    const match = ISO_DATE.exec(value);
    if (!match) return undefined;
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    return isoDate(year, month, day) === value ? { year, month, day } : undefined;
}

export function isIsoDate(value: unknown): value is IsoDate {
    return typeof value === 'string' && parseIsoDate(value) !== undefined;
}

function toUtcMs(value: IsoDate): number {
    const parts = parseIsoDate(value);
    if (!parts) throw new RangeError(`Not a YYYY-MM-DD date: ${value}`);
    return Date.UTC(parts.year, parts.month - 1, parts.day);
}

/** The day `days` after (or before) `value`. */
export function addDays(value: IsoDate, days: number): IsoDate {
    const date = new Date(toUtcMs(value) + days * DAY_MS);
    return isoDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** The same day `months` later, kept inside the target month (31 January + 1 month = 28/29 February). */
export function addMonths(value: IsoDate, months: number): IsoDate {
    const { year, month, day } = parseIsoDate(value) ?? { year: 1970, month: 1, day: 1 };
    const first = new Date(Date.UTC(year, month - 1 + months, 1));
    const targetYear = first.getUTCFullYear();
    const targetMonth = first.getUTCMonth() + 1;
    return isoDate(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

function daysInMonth(year: number, month: number): number {
    return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 0 for Monday … 6 for Sunday. */
export function weekdayIndex(value: IsoDate): number {
    return (new Date(toUtcMs(value)).getUTCDay() + 6) % 7;
}

/** Today in the browser's own calendar (its local date, not UTC's). */
export function today(now: Date = new Date()): IsoDate {
    return isoDate(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/** The weeks of a month (1-12), Monday first, filled with the neighbouring months' days. */
export function monthGrid(year: number, month: number): CalendarDay[][] {
    const first = isoDate(year, month, 1);
    const start = addDays(first, -weekdayIndex(first));
    const last = isoDate(year, month, daysInMonth(year, month));
    const weeks: CalendarDay[][] = [];
    for (let weekStart = start; weekStart <= last; weekStart = addDays(weekStart, 7)) {
        weeks.push(
            Array.from({ length: 7 }, (_, index) => {
                const date = addDays(weekStart, index);
                const parts = parseIsoDate(date);
                return {
                    date,
                    day: parts?.day ?? 0,
                    inMonth: parts?.month === month && parts.year === year,
                };
            }),
        );
    }
    return weeks;
}

/** The range between two picked days, whichever was picked first. */
export function normalizeRange(a: IsoDate, b: IsoDate): DateRange {
    return a <= b ? { from: a, to: b } : { from: b, to: a };
}

export function inRange(date: IsoDate, range: DateRange | undefined): boolean {
    return range !== undefined && range.from <= date && date <= range.to;
}

function isSingleDay(range: DateRange | undefined): boolean {
    return range !== undefined && range.from === range.to;
}

/**
 * One click in the calendar: the first picks the start (pending), the second closes the range
 * in either order.
 */
export function pickDay(
    pending: IsoDate | undefined,
    date: IsoDate,
): { pending: IsoDate | undefined; range: DateRange | undefined } {
    return pending === undefined
        ? { pending: date, range: undefined }
        : { pending: undefined, range: normalizeRange(pending, date) };
}

/** Closing the calendar after a single pick gives that day as a one-day range. */
export function rangeOnClose(pending: IsoDate | undefined): DateRange | undefined {
    return pending === undefined ? undefined : { from: pending, to: pending };
}

/**
 * Whether a day can be picked: inside min/max, and not the single day already chosen as the
 * start of a new pick (choosing it alone again would give the same range, shell §4).
 */
export function isDayDisabled(
    date: IsoDate,
    options: { min?: IsoDate; max?: IsoDate; value?: DateRange; pending?: IsoDate },
): boolean {
    if (options.min && date < options.min) return true;
    if (options.max && date > options.max) return true;
    return (
        options.pending === undefined && isSingleDay(options.value) && options.value?.from === date
    );
}

/** Keyboard moves in the grid: arrows by day and week, Home/End to the week's ends, Page Up/Down by month. */
export function moveFocus(date: IsoDate, key: string): IsoDate | undefined {
    switch (key) {
        case 'ArrowLeft':
            return addDays(date, -1);
        case 'ArrowRight':
            return addDays(date, 1);
        case 'ArrowUp':
            return addDays(date, -7);
        case 'ArrowDown':
            return addDays(date, 7);
        case 'Home':
            return addDays(date, -weekdayIndex(date));
        case 'End':
            return addDays(date, 6 - weekdayIndex(date));
        case 'PageUp':
            return addMonths(date, -1);
        case 'PageDown':
            return addMonths(date, 1);
        default:
            return undefined;
    }
}

/** Short weekday names, Monday first, in the given locale. */
export function weekdayNames(locale: string, width: 'short' | 'long' = 'short'): string[] {
    const format = new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' });
    // 1 January 2024 was a Monday.
    return Array.from({ length: 7 }, (_, index) =>
        format.format(new Date(Date.UTC(2024, 0, 1 + index))),
    );
}

/** "March 2025" in the given locale. */
export function monthTitle(locale: string, year: number, month: number): string {
    return new Intl.DateTimeFormat(locale, {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
    }).format(new Date(Date.UTC(year, month - 1, 1)));
}

/** A day as the locale writes it (`style` full for screen readers, medium for the field). */
export function formatDay(
    locale: string,
    value: IsoDate,
    style: 'full' | 'medium' = 'medium',
): string {
    return new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' }).format(
        new Date(toUtcMs(value)),
    );
}
