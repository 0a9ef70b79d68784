/**
 * The OsmAnd HTTP protocol, as Traccar decodes it (docs/tours-plan.md, "The OsmAnd protocol"):
 * the parameters of the query string or form body that Traccar Client (before 9), OsmAnd and many
 * GPS trackers send, or the JSON body of Traccar Client 9 and later. Pure: the route looks the
 * device up and stores the position.
 */
import { decodeJson } from './json.js';
import {
    attributesOf,
    decimal,
    degrees,
    deviceIdentifier,
    fail,
    flag,
    inRange,
    isRecord,
    known,
    optionalDecimal,
    percent,
    Rejection,
    timestampMessage,
} from './readings.js';
import { parseOsmAndTimestamp } from './timestamp.js';

/** Parsed query or form parameters, as Fastify hands them over. */
export type OsmAndParameters = Record<string, string | string[] | undefined>;

export interface OsmAndPosition {
    /** The tracker's identifier (`id`, `deviceid` or JSON `device_id`). */
    deviceId: string;
    occurredAt: Date;
    latitude: number;
    longitude: number;
    speedMps?: number;
    /** Degrees clockwise from north, in [0, 360). */
    heading?: number;
    /** Metres. */
    altitude?: number;
    /** Metres. */
    accuracy?: number;
    hdop?: number;
    /** Percent. */
    battery?: number;
    valid: boolean;
    charging?: boolean;
    /** The other parameters, as text. */
    attributes: Record<string, string>;
}

export type OsmAndDecoding =
    { ok: true; position: OsmAndPosition } | { ok: false; field: string; message: string };

/** One knot in metres per second (a nautical mile, 1,852 m, per hour). */
const KNOT_MPS = 1852 / 3600;

/**
 * Decodes one position. `input` is either the query or form parameters (`OsmAndParameters`;
 * numbers and booleans of a flat JSON object are read as their text) or the JSON body of Traccar
 * Client 9+ (`{ location: { timestamp, coords, battery, … }, device_id }`). A rejection names the
 * parameter (`lat`), or the JSON path (`location.coords.latitude`), and why.
 */
export function decodeOsmAnd(input: unknown, receivedAt: Date): OsmAndDecoding {
    try {
        if (!isRecord(input)) return fail('body', 'must be OsmAnd parameters or a JSON object');
        const position = isRecord(input.location)
            ? decodeJson(input, input.location, receivedAt)
            : decodeParameters(input, receivedAt);
        return { ok: true, position };
    } catch (error) {
        if (error instanceof Rejection)
            return { ok: false, field: error.field, message: error.message };
        throw error;
    }
}

function decodeParameters(input: Record<string, unknown>, receivedAt: Date): OsmAndPosition {
    if (Array.isArray(input.location)) {
        fail('location', 'must be one position: batches of locations are not supported');
    }
    // Traccar reads repeated parameters in order, so the last one wins.
    const values = new Map<string, string>();
    for (const [key, raw] of Object.entries(input)) {
        const value = Array.isArray(raw) ? raw.at(-1) : raw;
        if (value === undefined || value === null) continue;
        if (typeof value === 'string') values.set(key, value);
        else if (typeof value === 'number' || typeof value === 'boolean')
            values.set(key, String(value));
        else fail(key.slice(0, 60), 'must be a text value');
    }
    /** A known parameter, taken out of the attributes; blank counts as missing. */
    const take = (key: string): string | undefined => {
        const value = values.get(key)?.trim();
        values.delete(key);
        return value === '' ? undefined : value;
    };

    const id = take('id');
    const deviceid = take('deviceid');
    const deviceId =
        id !== undefined
            ? deviceIdentifier('id', id)
            : deviceid !== undefined
              ? deviceIdentifier('deviceid', deviceid)
              : fail('id', 'is required');

    const { latitude, longitude } = coordinatesOf(take('lat'), take('lon'), take('location'));

    const timestamp = take('timestamp');
    const knots = known(optionalDecimal('speed', take('speed')));
    const bearing = take('bearing');
    const heading = take('heading');
    const battery = optionalDecimal('batt', take('batt'));
    const valid = flag('valid', take('valid'));
    const charging = flag('charge', take('charge'));
    return {
        deviceId,
        occurredAt:
            timestamp === undefined
                ? receivedAt
                : (parseOsmAndTimestamp(timestamp) ?? fail('timestamp', timestampMessage)),
        latitude,
        longitude,
        speedMps: knots === undefined ? undefined : knots * KNOT_MPS,
        heading:
            bearing !== undefined
                ? degrees('bearing', decimal('bearing', bearing))
                : degrees('heading', optionalDecimal('heading', heading)),
        altitude: optionalDecimal('altitude', take('altitude')),
        accuracy: known(optionalDecimal('accuracy', take('accuracy'))),
        hdop: known(optionalDecimal('hdop', take('hdop'))),
        battery: percent('batt', known(battery)),
        valid: valid ?? true,
        charging,
        attributes: attributesOf([...values].map(([key, value]) => [key, key, value])),
    };
}

/** `lat` and `lon`, or else `location=lat,lon`, within −90…90 and −180…180. */
function coordinatesOf(
    lat: string | undefined,
    lon: string | undefined,
    location: string | undefined,
): { latitude: number; longitude: number } {
    if (location !== undefined && lat === undefined && lon === undefined) {
        const parts = location.split(',');
        if (parts.length !== 2) fail('location', 'must be "latitude,longitude"');
        return {
            latitude: inRange('location', decimal('location', parts[0] ?? ''), 90),
            longitude: inRange('location', decimal('location', parts[1] ?? ''), 180),
        };
    }
    const missing = 'is required (lat and lon, or location)';
    return {
        latitude: inRange('lat', decimal('lat', lat ?? fail('lat', missing)), 90),
        longitude: inRange('lon', decimal('lon', lon ?? fail('lon', missing)), 180),
    };
}
