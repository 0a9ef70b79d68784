/**
 * The JSON body of Traccar Client 9 and later (`{ location: { timestamp, coords, battery,
 * is_moving, event, activity, extras }, device_id }`): speed in m/s, battery level from 0 to 1.
 */
import type { OsmAndPosition } from './protocol.js';
import {
    attributesOf,
    degrees,
    deviceIdentifier,
    fail,
    inRange,
    isRecord,
    jsonNumber,
    known,
    timestampMessage,
} from './readings.js';
import { parseOsmAndTimestamp } from './timestamp.js';

/** One position of the JSON body; `location` is `body.location`, already known to be an object. */
export function decodeJson(
    body: Record<string, unknown>,
    location: Record<string, unknown>,
    receivedAt: Date,
): OsmAndPosition {
    const rawId = body.device_id;
    const id =
        typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId).trim() : undefined;
    if (id === undefined && rawId !== undefined && rawId !== null) {
        fail('device_id', 'must be a text value');
    }
    const deviceId = deviceIdentifier('device_id', id || fail('device_id', 'is required'));

    const coords = isRecord(location.coords)
        ? location.coords
        : fail('location.coords', 'is required');
    const number = (key: string) => jsonNumber(`location.coords.${key}`, coords[key]);
    const latitude = number('latitude') ?? fail('location.coords.latitude', 'is required');
    const longitude = number('longitude') ?? fail('location.coords.longitude', 'is required');

    const rawTime = location.timestamp;
    let occurredAt = receivedAt;
    if (typeof rawTime === 'string' || typeof rawTime === 'number') {
        occurredAt =
            parseOsmAndTimestamp(String(rawTime)) ?? fail('location.timestamp', timestampMessage);
    } else if (rawTime !== undefined && rawTime !== null) {
        fail('location.timestamp', timestampMessage);
    }

    const battery = location.battery ?? {};
    if (!isRecord(battery)) return fail('location.battery', 'must be an object');
    const level = known(jsonNumber('location.battery.level', battery.level));
    if (level !== undefined && level > 1) fail('location.battery.level', 'must be between 0 and 1');
    const charging = battery.is_charging;
    if (charging !== undefined && charging !== null && typeof charging !== 'boolean') {
        fail('location.battery.is_charging', 'must be true or false');
    }

    const activity = isRecord(location.activity) ? location.activity.type : undefined;
    const extras = isRecord(location.extras) ? Object.entries(location.extras) : [];
    const named: [string, string, unknown][] = [
        ['location.event', 'event', location.event],
        ['location.is_moving', 'is_moving', location.is_moving],
        ['location.odometer', 'odometer', location.odometer],
        ['location.mock', 'mock', location.mock],
        ['location.activity.type', 'activity', activity],
        ['location.alarm', 'alarm', location.alarm],
        ...extras.map(([key, value]): [string, string, unknown] => [
            `location.extras.${key}`,
            key,
            value,
        ]),
    ];
    const scalars = named.flatMap(([field, key, value]): [string, string, string][] =>
        typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
            ? [[field, key, String(value)]]
            : [],
    );

    return {
        deviceId,
        occurredAt,
        latitude: inRange('location.coords.latitude', latitude, 90),
        longitude: inRange('location.coords.longitude', longitude, 180),
        speedMps: known(number('speed')),
        heading: degrees('location.coords.heading', number('heading')),
        altitude: number('altitude'),
        accuracy: known(number('accuracy')),
        valid: true,
        battery: level === undefined ? undefined : Math.round(level * 100),
        charging: typeof charging === 'boolean' ? charging : undefined,
        attributes: attributesOf(scalars),
    };
}
