import { describe, expect, it } from 'vitest';
import {
    decodeOsmAnd,
    type OsmAndDecoding,
    type OsmAndParameters,
    type OsmAndPosition,
} from '../../server/services/tour-commander/osmand/protocol.js';

const receivedAt = new Date('2024-05-01T12:00:00.000Z');

/** Query or form text as Fastify hands it over: repeated names become arrays, `+` is a space. */
function parameters(text: string): OsmAndParameters {
    const result = new Map<string, string | string[]>();
    for (const [key, value] of new URLSearchParams(text)) {
        const previous = result.get(key);
        result.set(
            key,
            previous === undefined
                ? value
                : [...(Array.isArray(previous) ? previous : [previous]), value],
        );
    }
    return Object.fromEntries(result);
}

function positionOf(decoding: OsmAndDecoding): OsmAndPosition {
    if (!decoding.ok) throw new Error(`rejected ${decoding.field}: ${decoding.message}`);
    return decoding.position;
}

const decodeQuery = (text: string) => positionOf(decodeOsmAnd(parameters(text), receivedAt));
const rejectionOf = (input: unknown) => {
    const decoding = decodeOsmAnd(input, receivedAt);
    if (decoding.ok) throw new Error('was accepted');
    return { field: decoding.field, message: decoding.message };
};

describe('OsmAnd parameters (query string or form body)', () => {
    it('decodes a Traccar Client Android request', () => {
        const position = decodeQuery(
            'id=123456&timestamp=1700000000&lat=52.52&lon=13.405&speed=10.0&bearing=90&altitude=34&accuracy=5&batt=87',
        );
        expect(position).toEqual({
            deviceId: '123456',
            // 1,700,000,000 s = 19,675 days + 80,000 s after 1970-01-01: 14 November 2023, 22:13:20.
            occurredAt: new Date('2023-11-14T22:13:20.000Z'),
            latitude: 52.52,
            longitude: 13.405,
            // 10 knots = 10 × 1,852 m per hour = 5.144444 m/s.
            speedMps: expect.closeTo(5.144444, 6) as number,
            heading: 90,
            altitude: 34,
            accuracy: 5,
            hdop: undefined,
            battery: 87,
            valid: true,
            charging: undefined,
            attributes: {},
        });
    });

    it('decodes the form-body variant of a tracker, with a spaced UTC timestamp', () => {
        const position = decodeQuery(
            'lat=49.60688&lon=6.15788&timestamp=2014-06-04+09%3A10%3A11&altitude=384.7&speed=0.0&hdop=6.0&id=353861053849681',
        );
        expect(position.deviceId).toBe('353861053849681');
        expect(position.occurredAt).toEqual(new Date('2014-06-04T09:10:11.000Z'));
        expect([position.latitude, position.longitude]).toEqual([49.60688, 6.15788]);
        expect(position.speedMps).toBe(0);
        expect(position.altitude).toBe(384.7);
        expect(position.hdop).toBe(6);
        expect(position.heading).toBeUndefined();
    });

    it('reads deviceid, heading, location=lat,lon, valid, charge and the other parameters', () => {
        const position = decodeQuery(
            'deviceid=tracker-7&location=-33.8688,151.2093&heading=270.5&speed=20&valid=0&charge=true&ignition=true&rpm=933&driverUniqueId=D42',
        );
        expect(position.deviceId).toBe('tracker-7');
        expect([position.latitude, position.longitude]).toEqual([-33.8688, 151.2093]);
        expect(position.heading).toBe(270.5);
        // 20 knots × 0.514444 m/s.
        expect(position.speedMps).toBeCloseTo(10.288889, 6);
        expect(position.valid).toBe(false);
        expect(position.charging).toBe(true);
        expect(position.attributes).toEqual({
            ignition: 'true',
            rpm: '933',
            driverUniqueId: 'D42',
        });
        // Without a timestamp, the position is as old as its receipt.
        expect(position.occurredAt).toEqual(receivedAt);
    });

    it('reads numbers as Kotlin and Java print them, and treats negative readings as unknown', () => {
        const position = decodeQuery(
            'id=1&lat=1.0E-4&lon=-0.5&speed=-1.0&bearing=-1&accuracy=-1&batt=-1&valid=TRUE&altitude=-12.5',
        );
        expect([position.latitude, position.longitude]).toEqual([0.0001, -0.5]);
        expect(position.speedMps).toBeUndefined();
        expect(position.heading).toBeUndefined();
        expect(position.accuracy).toBeUndefined();
        expect(position.battery).toBeUndefined();
        expect(position.altitude).toBe(-12.5);
        expect(position.valid).toBe(true);
    });

    it('ignores blank readings, keeps the last of a repeated parameter and a heading of 360 as north', () => {
        const position = decodeQuery('id=1&lat=10&lat=11&lon=20&speed=&batt=&bearing=360&note=');
        expect(position.latitude).toBe(11);
        expect(position.speedMps).toBeUndefined();
        expect(position.battery).toBeUndefined();
        expect(position.heading).toBe(0);
        expect(position.attributes).toEqual({ note: '' });
    });

    it('keeps a parameter named __proto__ as a plain attribute', () => {
        const position = decodeQuery('id=1&lat=1&lon=2&__proto__=x');
        expect(Object.getPrototypeOf(position.attributes)).toBe(Object.prototype);
        expect(Object.keys(position.attributes)).toEqual(['__proto__']);
    });

    it('reads numbers and booleans of a flat JSON object as their text', () => {
        const position = positionOf(
            decodeOsmAnd(
                {
                    id: 'abc',
                    lat: 52.5,
                    lon: 13.4,
                    timestamp: 1_700_000_000,
                    speed: 2,
                    charge: false,
                },
                receivedAt,
            ),
        );
        expect(position.occurredAt).toEqual(new Date('2023-11-14T22:13:20.000Z'));
        // 2 knots = 3,704 m per hour = 1.028889 m/s.
        expect(position.speedMps).toBeCloseTo(1.028889, 6);
        expect(position.charging).toBe(false);
    });
});

describe('OsmAnd timestamps', () => {
    const at = (timestamp: string) =>
        decodeQuery(`id=1&lat=1&lon=1&timestamp=${encodeURIComponent(timestamp)}`).occurredAt;

    it('reads integers below 2^31 as seconds and from 2^31 on as milliseconds', () => {
        // 1,442,068,686 s = 16,690 days + 52,686 s: 12 September 2015, 14:38:06.
        expect(at('1442068686579')).toEqual(new Date('2015-09-12T14:38:06.579Z'));
        expect(at('1442068686')).toEqual(new Date('2015-09-12T14:38:06.000Z'));
        expect(at('2147483647')).toEqual(new Date('2038-01-19T03:14:07.000Z'));
        // 2,147,483,648 ms = 24 days + 73,883.648 s.
        expect(at('2147483648')).toEqual(new Date('1970-01-25T20:31:23.648Z'));
    });

    it('reads ISO 8601 with a zone, and "yyyy-MM-dd HH:mm:ss" as UTC', () => {
        expect(at('2016-01-27T18:55:47Z')).toEqual(new Date('2016-01-27T18:55:47.000Z'));
        expect(at('2024-05-01T12:00:00.123456+02:00')).toEqual(
            new Date('2024-05-01T10:00:00.123Z'),
        );
        expect(at('2024-05-01T08:30-0130')).toEqual(new Date('2024-05-01T10:00:00.000Z'));
        expect(at('2024-02-29 23:59:59')).toEqual(new Date('2024-02-29T23:59:59.000Z'));
    });

    it.each([
        'yesterday',
        '2024-05-01T10:00:00',
        '2024-05-01T10:00:00+19:00',
        '2023-02-29 10:00:00',
        '2024-05-01 24:00:00',
        '2024-05-01',
        '1700000000.5',
        '-1700000000',
        '99999999999999999999',
    ])('refuses %j naming the timestamp', (timestamp) => {
        const rejection = rejectionOf(
            parameters(`id=1&lat=1&lon=1&timestamp=${encodeURIComponent(timestamp)}`),
        );
        expect(rejection.field).toBe('timestamp');
        expect(rejection.message).toMatch(/ISO 8601/);
    });
});

describe('Traccar Client 9 JSON', () => {
    const body = {
        location: {
            timestamp: '2024-05-01T10:00:00.000Z',
            coords: {
                latitude: 48.137154,
                longitude: 11.576124,
                accuracy: 5,
                speed: 3.2,
                heading: 180,
                altitude: 40,
            },
            is_moving: true,
            odometer: 0,
            event: 'motionchange',
            battery: { level: 0.8, is_charging: false },
            activity: { type: 'in_vehicle' },
        },
        device_id: 'abc',
    };

    it('decodes a position, with speed in m/s and the battery level as percent', () => {
        expect(positionOf(decodeOsmAnd(body, receivedAt))).toEqual({
            deviceId: 'abc',
            occurredAt: new Date('2024-05-01T10:00:00.000Z'),
            latitude: 48.137154,
            longitude: 11.576124,
            speedMps: 3.2,
            heading: 180,
            altitude: 40,
            accuracy: 5,
            valid: true,
            battery: 80,
            charging: false,
            attributes: {
                event: 'motionchange',
                is_moving: 'true',
                odometer: '0',
                activity: 'in_vehicle',
            },
        });
    });

    it('treats −1 as unknown, keeps the extras and falls back to the time of receipt', () => {
        const position = positionOf(
            decodeOsmAnd(
                {
                    location: {
                        coords: {
                            latitude: 37.785834,
                            longitude: -122.406417,
                            speed: -1,
                            heading: -1,
                            accuracy: 5,
                        },
                        battery: { level: -1, is_charging: true },
                        mock: true,
                        extras: { route: 'R12', stops: 3, floor: null },
                    },
                    device_id: 658765,
                },
                receivedAt,
            ),
        );
        expect(position.deviceId).toBe('658765');
        expect(position.occurredAt).toEqual(receivedAt);
        expect(position.speedMps).toBeUndefined();
        expect(position.heading).toBeUndefined();
        expect(position.battery).toBeUndefined();
        expect(position.charging).toBe(true);
        expect(position.attributes).toEqual({ mock: 'true', route: 'R12', stops: '3' });
    });

    it.each([
        [{ ...body, device_id: undefined }, 'device_id', /required/],
        [{ ...body, device_id: { id: 1 } }, 'device_id', /text/],
        [{ ...body, device_id: 'a b' }, 'device_id', /letters, digits/],
        [
            { ...body, location: { ...body.location, coords: undefined } },
            'location.coords',
            /required/,
        ],
        [
            {
                ...body,
                location: {
                    ...body.location,
                    coords: { ...body.location.coords, latitude: '48.1' },
                },
            },
            'location.coords.latitude',
            /number/,
        ],
        [
            {
                ...body,
                location: {
                    ...body.location,
                    coords: { ...body.location.coords, longitude: undefined },
                },
            },
            'location.coords.longitude',
            /required/,
        ],
        [
            {
                ...body,
                location: {
                    ...body.location,
                    coords: { ...body.location.coords, latitude: -90.5 },
                },
            },
            'location.coords.latitude',
            /between -90 and 90/,
        ],
        [
            {
                ...body,
                location: {
                    ...body.location,
                    coords: { ...body.location.coords, longitude: 180.01 },
                },
            },
            'location.coords.longitude',
            /between -180 and 180/,
        ],
        [
            { ...body, location: { ...body.location, timestamp: 'noon' } },
            'location.timestamp',
            /ISO 8601/,
        ],
        [
            { ...body, location: { ...body.location, battery: { level: 80 } } },
            'location.battery.level',
            /between 0 and 1/,
        ],
        [{ ...body, location: { ...body.location, battery: 0.8 } }, 'location.battery', /object/],
    ])('refuses a faulty body (case %#) naming %s', (input, field, message) => {
        const rejection = rejectionOf(input);
        expect(rejection.field).toBe(field);
        expect(rejection.message).toMatch(message);
    });
});

describe('OsmAnd rejections', () => {
    it.each([
        ['lat=1&lon=2', 'id', /is required/],
        ['id=%20%20&lat=1&lon=2', 'id', /is required/],
        ['id=abc%20def&lat=1&lon=2', 'id', /letters, digits/],
        [`id=${'7'.repeat(101)}&lat=1&lon=2`, 'id', /1 to 100/],
        ['deviceid=a/b&lat=1&lon=2', 'deviceid', /letters, digits/],
        ['id=1&lon=2', 'lat', /is required/],
        ['id=1&lat=1', 'lon', /is required/],
        ['id=1', 'lat', /lat and lon, or location/],
        ['id=1&lat=north&lon=2', 'lat', /must be a number/],
        ['id=1&lat=0x10&lon=2', 'lat', /must be a number/],
        ['id=1&lat=1&lon=Infinity', 'lon', /must be a number/],
        ['id=1&lat=90.0001&lon=2', 'lat', /between -90 and 90/],
        ['id=1&lat=1&lon=-180.5', 'lon', /between -180 and 180/],
        ['id=1&location=52.5', 'location', /latitude,longitude/],
        ['id=1&location=52.5,13.4,7', 'location', /latitude,longitude/],
        ['id=1&location=52.5,east', 'location', /must be a number/],
        ['id=1&location=95,13.4', 'location', /between -90 and 90/],
        ['id=1&lat=1&lon=2&speed=fast', 'speed', /must be a number/],
        ['id=1&lat=1&lon=2&bearing=361', 'bearing', /between 0 and 360/],
        ['id=1&lat=1&lon=2&heading=north', 'heading', /must be a number/],
        ['id=1&lat=1&lon=2&batt=101', 'batt', /between 0 and 100/],
        ['id=1&lat=1&lon=2&valid=yes', 'valid', /true, false, 1 or 0/],
        ['id=1&lat=1&lon=2&charge=maybe', 'charge', /true, false, 1 or 0/],
        [`id=1&lat=1&lon=2&note=${'x'.repeat(201)}`, 'note', /at most 200 characters/],
        ['id=1&lat=1&lon=2&a%20b=1', 'a b', /must be named/],
    ])('refuses %s naming %s', (query, field, message) => {
        const rejection = rejectionOf(parameters(query));
        expect(rejection.field).toBe(field);
        expect(rejection.message).toMatch(message);
    });

    it('keeps at most 20 other parameters', () => {
        const others = (count: number) =>
            Array.from({ length: count }, (_, index) => `p${index + 1}=${index}`).join('&');
        expect(Object.keys(decodeQuery(`id=1&lat=1&lon=2&${others(20)}`).attributes)).toHaveLength(
            20,
        );
        expect(rejectionOf(parameters(`id=1&lat=1&lon=2&${others(21)}`))).toEqual({
            field: 'p21',
            message: 'is one parameter too many: at most 20 others are kept',
        });
    });

    it('refuses what is neither parameters nor a JSON object', () => {
        for (const input of [null, 'id=1&lat=1&lon=2', [{ id: '1' }], 42]) {
            expect(rejectionOf(input).field).toBe('body');
        }
        expect(rejectionOf({ id: '1', lat: '1', lon: '2', extra: { nested: true } }).field).toBe(
            'extra',
        );
        expect(rejectionOf({ device_id: 'abc', location: [{ coords: {} }] })).toEqual({
            field: 'location',
            message: 'must be one position: batches of locations are not supported',
        });
    });
});
