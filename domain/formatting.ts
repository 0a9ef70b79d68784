import type { DateFormat, LengthFormat, NumberFormat, TimeFormat, WeightFormat } from './enums.js';
import type { UserSettings } from './contracts/settings.js';

/**
 * Formatting of dates, times, numbers, lengths and weights through a user's settings (shell §9).
 * Pure and deterministic, so the server (exports, e-mails) and the browser show the same text.
 */

/** The time zone when none is known (shell §9); a selected depot's zone replaces it. */
export const DEFAULT_TIME_ZONE = 'Europe/Berlin';
/** Calendars start the week on Monday (shell §1); the value date-fns and MUI pickers expect. */
export const weekStartsOn = 1;
/** Kilometres to miles (shell §9). */
export const KM_TO_MILES = 0.621371192237334;
/** Kilograms to pounds (shell §9). */
export const KG_TO_POUNDS = 2.20462;
/** Shown for a missing or invalid value. */
export const EMPTY_VALUE = '-';
/** Converted and formatted values are rounded to this many decimals (shell §9). */
const MAX_DECIMALS = 2;

const lengthUnits: Record<LengthFormat, string> = {
    LENGTH_METRIC: 'km',
    LENGTH_IMPERIAL: 'mi',
};
const weightUnits: Record<WeightFormat, string> = {
    WEIGHT_METRIC: 'kg',
    WEIGHT_IMPERIAL: 'lb',
};

const separators: Record<NumberFormat, { group: string; decimal: string }> = {
    DE: { group: '.', decimal: ',' },
    EN: { group: ',', decimal: '.' },
};

/**
 * Rounds half away from zero to `decimals` places, as a person would on paper: 1.005 → 1.01
 * (plain `Math.round(x * 100) / 100` gives 1, because 1.005 * 100 is 100.49999…).
 */
export function roundTo(value: number, decimals: number = MAX_DECIMALS): number {
    if (!Number.isFinite(value)) return value;
    const result = shiftDecimal(Math.round(shiftDecimal(Math.abs(value), decimals)), -decimals);
    return value < 0 && result !== 0 ? -result : result;
}

/** `value * 10^places` on the decimal text, so no binary rounding error creeps in (works for `1e-7` too). */
function shiftDecimal(value: number, places: number): number {
    const [mantissa, exponent = '0'] = String(value).split('e');
    return Number(`${mantissa}e${Number(exponent) + places}`);
}

export interface NumberOptions {
    /** At most this many decimals (default 2); trailing zeros are dropped unless `minDecimals` asks for them. */
    maxDecimals?: number;
    minDecimals?: number;
}

/** `1234.567` → `1,234.57` (EN) or `1.234,57` (DE); at most 2 decimals, no trailing zeros. */
export function formatNumber(
    value: number | null | undefined,
    format: NumberFormat,
    options: NumberOptions = {},
): string {
    if (value === null || value === undefined || !Number.isFinite(value)) return EMPTY_VALUE;
    const maxDecimals = options.maxDecimals ?? MAX_DECIMALS;
    const minDecimals = Math.min(options.minDecimals ?? 0, maxDecimals);
    const rounded = roundTo(value, maxDecimals);
    const [integer = '0', fraction = ''] = Math.abs(rounded).toFixed(maxDecimals).split('.');
    let decimals = fraction.replace(/0+$/, '');
    if (decimals.length < minDecimals) decimals = decimals.padEnd(minDecimals, '0');
    const { group, decimal } = separators[format];
    const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, group);
    const sign = rounded < 0 ? '-' : '';
    return `${sign}${grouped}${decimals ? `${decimal}${decimals}` : ''}`;
}

/** Kilometres in the user's unit, rounded to 2 decimals. */
export function convertLength(kilometres: number, format: LengthFormat): number {
    return roundTo(format === 'LENGTH_IMPERIAL' ? kilometres * KM_TO_MILES : kilometres);
}

/** Kilograms in the user's unit, rounded to 2 decimals. */
export function convertWeight(kilograms: number, format: WeightFormat): number {
    return roundTo(format === 'WEIGHT_IMPERIAL' ? kilograms * KG_TO_POUNDS : kilograms);
}

/** A length given in km: `12.5 km`, or in miles `7.77 mi`. */
export function formatLength(
    kilometres: number | null | undefined,
    format: LengthFormat,
    numberFormat: NumberFormat,
): string {
    if (kilometres === null || kilometres === undefined || !Number.isFinite(kilometres))
        return EMPTY_VALUE;
    return `${formatNumber(convertLength(kilometres, format), numberFormat)} ${lengthUnits[format]}`;
}

/** A weight given in kg: `25 kg`, or in pounds `55.12 lb`. */
export function formatWeight(
    kilograms: number | null | undefined,
    format: WeightFormat,
    numberFormat: NumberFormat,
): string {
    if (kilograms === null || kilograms === undefined || !Number.isFinite(kilograms))
        return EMPTY_VALUE;
    return `${formatNumber(convertWeight(kilograms, format), numberFormat)} ${weightUnits[format]}`;
}

/** A point in time: a Date, epoch milliseconds, or an ISO 8601 string. */
export type DateInput = Date | number | string;

/** The wall-clock fields of a moment in a time zone. */
export interface ZonedParts {
    year: number;
    month: number;
    day: number;
    hour: number;
    minute: number;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const zonedFormats = new Map<string, Intl.DateTimeFormat>();

function zonedFormat(timeZone: string): Intl.DateTimeFormat {
    let format = zonedFormats.get(timeZone);
    if (!format) {
        // Throws a RangeError for an unknown zone, which callers should hear about.
        format = new Intl.DateTimeFormat('en-US', {
            timeZone,
            year: 'numeric',
            month: 'numeric',
            day: 'numeric',
            hour: 'numeric',
            minute: 'numeric',
            hourCycle: 'h23',
        });
        zonedFormats.set(timeZone, format);
    }
    return format;
}

function toDate(input: DateInput): Date {
    return input instanceof Date ? input : new Date(input);
}

/** The wall-clock date and time of `input` in `timeZone`; null for an invalid date. */
export function zonedParts(
    input: DateInput,
    timeZone: string = DEFAULT_TIME_ZONE,
): ZonedParts | null {
    const date = toDate(input);
    if (Number.isNaN(date.getTime())) return null;
    const parts: Record<string, number> = {};
    for (const part of zonedFormat(timeZone).formatToParts(date))
        if (part.type !== 'literal') parts[part.type] = Number(part.value);
    return {
        year: parts.year ?? 0,
        month: parts.month ?? 0,
        day: parts.day ?? 0,
        hour: (parts.hour ?? 0) % 24,
        minute: parts.minute ?? 0,
    };
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

function dateText(
    { year, month, day }: Pick<ZonedParts, 'year' | 'month' | 'day'>,
    format: DateFormat,
): string {
    const [yyyy, mm, dd] = [pad(year, 4), pad(month), pad(day)];
    switch (format) {
        case 'DATE_L_PERIOD':
            return `${dd}.${mm}.${yyyy}`;
        case 'DATE_L_SLASH':
            return `${dd}/${mm}/${yyyy}`;
        case 'DATE_B_SLASH':
            return `${mm}/${dd}/${yyyy}`;
        case 'DATE_M_DASH':
            return `${yyyy}-${mm}-${dd}`;
    }
}

function timeText(
    { hour, minute }: Pick<ZonedParts, 'hour' | 'minute'>,
    format: TimeFormat,
): string {
    if (format === 'TIME_24_HOURS') return `${pad(hour)}:${pad(minute)}`;
    const hour12 = hour % 12 === 0 ? 12 : hour % 12;
    return `${hour12}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * The calendar date of `input` in `timeZone` (DD.MM.YYYY, DD/MM/YYYY, MM/DD/YYYY or YYYY-MM-DD).
 * A plain `YYYY-MM-DD` string is a calendar date already and is not shifted by the zone.
 */
export function formatDate(
    input: DateInput | null | undefined,
    format: DateFormat,
    timeZone: string = DEFAULT_TIME_ZONE,
): string {
    if (input === null || input === undefined) return EMPTY_VALUE;
    const calendar = typeof input === 'string' ? CALENDAR_DATE.exec(input) : null;
    if (calendar)
        return dateText(
            { year: Number(calendar[1]), month: Number(calendar[2]), day: Number(calendar[3]) },
            format,
        );
    const parts = zonedParts(input, timeZone);
    return parts ? dateText(parts, format) : EMPTY_VALUE;
}

/** The wall-clock time of `input` in `timeZone`: `14:30` or `2:30 PM`. */
export function formatTime(
    input: DateInput | null | undefined,
    format: TimeFormat,
    timeZone: string = DEFAULT_TIME_ZONE,
): string {
    if (input === null || input === undefined) return EMPTY_VALUE;
    const parts = zonedParts(input, timeZone);
    return parts ? timeText(parts, format) : EMPTY_VALUE;
}

/** Date and time of `input` in `timeZone`: `21.11.2026 14:30`. */
export function formatDateTime(
    input: DateInput | null | undefined,
    settings: Pick<UserSettings, 'dateFormat' | 'timeFormat'>,
    timeZone: string = DEFAULT_TIME_ZONE,
): string {
    if (input === null || input === undefined) return EMPTY_VALUE;
    const parts = zonedParts(input, timeZone);
    return parts
        ? `${dateText(parts, settings.dateFormat)} ${timeText(parts, settings.timeFormat)}`
        : EMPTY_VALUE;
}

/** Formatters bound to one user's settings and a time zone. */
export interface Formatters {
    settings: UserSettings;
    timeZone: string;
    date(input: DateInput | null | undefined): string;
    time(input: DateInput | null | undefined): string;
    dateTime(input: DateInput | null | undefined): string;
    number(value: number | null | undefined, options?: NumberOptions): string;
    /** Input in kilometres. */
    length(kilometres: number | null | undefined): string;
    /** Input in kilograms. */
    weight(kilograms: number | null | undefined): string;
}

export function createFormatters(
    settings: UserSettings,
    timeZone: string = DEFAULT_TIME_ZONE,
): Formatters {
    return {
        settings,
        timeZone,
        date: (input) => formatDate(input, settings.dateFormat, timeZone),
        time: (input) => formatTime(input, settings.timeFormat, timeZone),
        dateTime: (input) => formatDateTime(input, settings, timeZone),
        number: (value, options) => formatNumber(value, settings.numberFormat, options),
        length: (kilometres) =>
            formatLength(kilometres, settings.lengthFormat, settings.numberFormat),
        weight: (kilograms) =>
            formatWeight(kilograms, settings.weightFormat, settings.numberFormat),
    };
}
