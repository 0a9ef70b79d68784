/**
 * The readings of one OsmAnd position, checked one by one: each helper either returns the value
 * or throws a `Rejection` naming the parameter and why, which `decodeOsmAnd` answers.
 */

const OSMAND_MAX_ATTRIBUTES = 20;
const OSMAND_MAX_ATTRIBUTE_LENGTH = 200;
const DEVICE_ID = /^[A-Za-z0-9._:-]{1,100}$/;
const ATTRIBUTE_NAME = /^[A-Za-z0-9_.:-]{1,50}$/;
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export class Rejection extends Error {
    constructor(
        readonly field: string,
        message: string,
    ) {
        super(message);
    }
}

export const fail = (field: string, message: string): never => {
    throw new Rejection(field, message);
};

export const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);

export const timestampMessage =
    'must be seconds or milliseconds since 1970, ISO 8601 with a time zone, or "yyyy-MM-dd HH:mm:ss" (UTC)';

export function deviceIdentifier(field: string, value: string): string {
    if (!DEVICE_ID.test(value)) {
        fail(field, "must be 1 to 100 letters, digits, '.', '_', ':' or '-'");
    }
    return value;
}

export function decimal(field: string, text: string): number {
    const value = Number(text.trim());
    if (!DECIMAL.test(text.trim()) || !Number.isFinite(value)) fail(field, 'must be a number');
    return value;
}

export const optionalDecimal = (field: string, text: string | undefined): number | undefined =>
    text === undefined ? undefined : decimal(field, text);

export function jsonNumber(field: string, value: unknown): number | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value)) fail(field, 'must be a number');
    return value as number;
}

/** Trackers send −1 (or any negative value) for a reading they do not have. */
export const known = (value: number | undefined): number | undefined =>
    value === undefined || value < 0 ? undefined : value;

export function inRange(field: string, value: number, limit: number): number {
    if (Math.abs(value) > limit) fail(field, `must be between -${limit} and ${limit}`);
    return value;
}

export function degrees(field: string, value: number | undefined): number | undefined {
    const heading = known(value);
    if (heading !== undefined && heading > 360) fail(field, 'must be between 0 and 360');
    return heading === 360 ? 0 : heading;
}

export function percent(field: string, value: number | undefined): number | undefined {
    if (value !== undefined && value > 100) fail(field, 'must be between 0 and 100');
    return value;
}

export function flag(field: string, text: string | undefined): boolean | undefined {
    if (text === undefined) return undefined;
    const value = text.toLowerCase();
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    return fail(field, 'must be true, false, 1 or 0');
}

/** The other readings, bounded: at most 20, with short names and values of at most 200 characters. */
export function attributesOf(
    entries: [field: string, key: string, value: string][],
): Record<string, string> {
    const attributes: [string, string][] = [];
    for (const [field, key, value] of entries) {
        if (attributes.some(([seen]) => seen === key)) continue;
        if (attributes.length === OSMAND_MAX_ATTRIBUTES) {
            fail(
                field,
                `is one parameter too many: at most ${OSMAND_MAX_ATTRIBUTES} others are kept`,
            );
        }
        if (!ATTRIBUTE_NAME.test(key)) {
            fail(
                field.slice(0, 60),
                "must be named with 1 to 50 letters, digits, '_', '.', ':' or '-'",
            );
        }
        if (value.length > OSMAND_MAX_ATTRIBUTE_LENGTH) {
            fail(field, `must be at most ${OSMAND_MAX_ATTRIBUTE_LENGTH} characters`);
        }
        attributes.push([key, value]);
    }
    // fromEntries defines own properties, so a parameter named `__proto__` stays a plain key.
    return Object.fromEntries(attributes);
}
