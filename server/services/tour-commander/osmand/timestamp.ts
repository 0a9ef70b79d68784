/**
 * The `timestamp` of the OsmAnd protocol, read as Traccar reads it: an integer (seconds below
 * 2^31, milliseconds from there on), ISO 8601 with a `T` and a time zone, or
 * `yyyy-MM-dd HH:mm:ss`, which we take as UTC.
 */

const SECONDS_BELOW = 2 ** 31;
const INTEGER = /^\d+$/;
const ISO_8601 =
    /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(Z|[+-]\d{2}(?::?\d{2})?)$/i;
const DATE_SPACE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
/** The largest offset ISO 8601 parsers accept (Java's ZoneOffset). */
const MAX_OFFSET_MINUTES = 18 * 60;

/** The instant `text` names, or undefined when it is none of the three forms or no real date. */
export function parseOsmAndTimestamp(text: string): Date | undefined {
    const value = text.trim();
    if (INTEGER.test(value)) {
        const number = Number(value);
        if (!Number.isSafeInteger(number)) return undefined;
        const date = new Date(number < SECONDS_BELOW ? number * 1000 : number);
        return Number.isNaN(date.getTime()) ? undefined : date;
    }
    const iso = ISO_8601.exec(value);
    if (iso) {
        const offset = offsetMinutes(iso[8] ?? '');
        if (offset === undefined) return undefined;
        return utcDate(iso.slice(1, 7), iso[7], offset);
    }
    const spaced = DATE_SPACE_TIME.exec(value);
    return spaced ? utcDate(spaced.slice(1, 7), undefined, 0) : undefined;
}

function offsetMinutes(zone: string): number | undefined {
    if (zone.toUpperCase() === 'Z') return 0;
    const digits = zone.slice(1).replace(':', '');
    const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0');
    if (Number(digits.slice(2) || '0') >= 60 || minutes > MAX_OFFSET_MINUTES) return undefined;
    return zone.startsWith('-') ? -minutes : minutes;
}

/** Builds the date from its fields, refusing those that roll over (31 April, 24:00, 61 s). */
function utcDate(
    fields: (string | undefined)[],
    fraction: string | undefined,
    offset: number,
): Date | undefined {
    const [year, month, day, hour, minute, second] = fields.map((field) => Number(field ?? '0'));
    if (
        year === undefined ||
        month === undefined ||
        day === undefined ||
        hour === undefined ||
        minute === undefined ||
        second === undefined
    ) {
        return undefined;
    }
    const milliseconds = fraction ? Number(fraction.slice(0, 3).padEnd(3, '0')) : 0;
    const local = new Date(Date.UTC(year, month - 1, day, hour, minute, second, milliseconds));
    const same =
        local.getUTCFullYear() === year &&
        local.getUTCMonth() === month - 1 &&
        local.getUTCDate() === day &&
        local.getUTCHours() === hour &&
        local.getUTCMinutes() === minute &&
        local.getUTCSeconds() === second;
    return same ? new Date(local.getTime() - offset * 60_000) : undefined;
}
