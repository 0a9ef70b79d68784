import { describe, expect, it } from 'vitest';
import {
    dayLevel,
    etaErrorMinutes,
    etaPredictor,
    localDate,
    tourIdFactory,
    workingDaysBefore,
} from '../../server/demo/simulation/backfill-model.js';
import { copyBinary } from '../../server/demo/simulation/backfill-binary.js';
import type { TableSpec } from '../../server/demo/simulation/backfill-tables.js';

const MINUTE = 60_000;

describe('the backfill’s days', () => {
    it('takes Monday to Saturday of the weeks before today, newest first', () => {
        // 2026-03-18 is a Wednesday; 2026-03-15 and 2026-03-08 are Sundays.
        expect(workingDaysBefore('2026-03-18', 1)).toEqual([
            { date: '2026-03-17', offset: 1 },
            { date: '2026-03-16', offset: 2 },
            { date: '2026-03-14', offset: 4 },
            { date: '2026-03-13', offset: 5 },
            { date: '2026-03-12', offset: 6 },
            { date: '2026-03-11', offset: 7 },
        ]);
        expect(workingDaysBefore('2026-03-18', 15)).toHaveLength(90);
    });

    it('counts days on the depot’s wall clock', () => {
        expect(localDate(new Date('2026-03-17T23:30:00Z'), 'Europe/Berlin')).toBe('2026-03-18');
        expect(localDate(new Date('2026-03-17T23:30:00Z'), 'Europe/London')).toBe('2026-03-17');
    });

    it('gives a day the levels its age allows, each needing the coarser one', () => {
        const depth = { weeks: 15, waypointDays: 60, positionDays: 30, jobDays: 7, eventDays: 3 };
        expect(dayLevel(depth, 2)).toEqual({
            waypoints: true,
            positions: true,
            jobs: true,
            events: true,
        });
        expect(dayLevel(depth, 5)).toEqual({
            waypoints: true,
            positions: true,
            jobs: true,
            events: false,
        });
        expect(dayLevel(depth, 20)).toEqual({
            waypoints: true,
            positions: true,
            jobs: false,
            events: false,
        });
        expect(dayLevel(depth, 45)).toEqual({
            waypoints: true,
            positions: false,
            jobs: false,
            events: false,
        });
        expect(dayLevel(depth, 70)).toEqual({
            waypoints: false,
            positions: false,
            jobs: false,
            events: false,
        });
        expect(dayLevel({ ...depth, waypointDays: 0 }, 1)).toEqual({
            waypoints: false,
            positions: false,
            jobs: false,
            events: false,
        });
    });
});

describe('the backfill’s row ids', () => {
    it('are shaped like newId(), unique within a tour and different between tours', () => {
        const next = tourIdFactory('seed', 'depot:2026-03-17:101');
        const ids = Array.from({ length: 50_000 }, next);
        for (const id of ids.slice(0, 1000)) expect(id).toMatch(/^[0-9a-hjkmnp-tv-z]{16}$/);
        expect(new Set(ids).size).toBe(ids.length);
        const other = tourIdFactory('seed', 'depot:2026-03-17:102')();
        expect(other.slice(0, 10)).not.toBe(ids[0]?.slice(0, 10));
        // The same tour gets the same ids again (a resumed backfill).
        expect(tourIdFactory('seed', 'depot:2026-03-17:101')()).toBe(ids[0]);
    });
});

describe('the app’s ETAs in the history', () => {
    /** RTT category of a 7-day average deviation in minutes (domain §9): Good ≤ 45, Medium ≤ 90, Blocked above. */
    const category = (minutes: number) =>
        minutes <= 45 ? 'Good' : minutes <= 90 ? 'Medium' : 'Blocked';

    it('spread the 7-day averages of |ETA − ATA| over Good, Medium and Blocked, mostly Good', () => {
        const shares = { Good: 0, Medium: 0, Blocked: 0 };
        const vehicles = 400;
        for (let v = 0; v < vehicles; v++) {
            const vehicleId = `vehicle-${v}`;
            let sum = 0;
            let stops = 0;
            for (let day = 0; day < 6; day++) {
                const start = Date.UTC(2026, 2, 9 + day, 7);
                const predict = etaPredictor(
                    'seed',
                    `${vehicleId}:${day}`,
                    etaErrorMinutes('seed', vehicleId),
                    start,
                );
                // 80 stops, one every 6 minutes after a 30-minute drive out.
                for (let stop = 1; stop <= 80; stop++) {
                    const arrival = start + (30 + 6 * stop) * MINUTE;
                    sum += Math.abs(predict(arrival, stop / 80) - arrival) / MINUTE;
                    stops += 1;
                }
            }
            shares[category(sum / stops)] += 1 / vehicles;
        }
        expect(shares.Good).toBeGreaterThan(0.6);
        expect(shares.Medium).toBeGreaterThan(0.1);
        expect(shares.Blocked).toBeGreaterThan(0.03);
        expect(shares.Blocked).toBeLessThan(shares.Medium);
    });

    it('never predicts an arrival before the tour started', () => {
        const start = Date.UTC(2026, 2, 9, 7);
        const predict = etaPredictor('seed', 'tour', 150, start);
        for (let stop = 1; stop <= 50; stop++)
            expect(predict(start + stop * MINUTE, stop / 50)).toBeGreaterThan(start);
    });
});

describe('COPY binary of the backfill’s rows', () => {
    const spec: TableSpec = {
        name: 'jobs',
        columns: [
            ['id', 'text'],
            ['quantity', 'int'],
            ['weight_kg', 'float8'],
            ['better_tracking', 'boolean'],
            ['status_at', 'timestamptz'],
            ['assignment_date', 'date'],
            ['state', 'job_state'],
            ['services', 'text[]'],
            ['contacts', 'jsonb'],
            ['speed', 'real'],
            ['processed_seq', 'bigint'],
        ],
    };
    const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

    it('writes the header, each row’s field count, lengths and big-endian values, null as -1, and the trailer', () => {
        const bytes = copyBinary(spec, [
            [
                'ab',
                7,
                2.5,
                true,
                '2000-01-01T00:00:01.000Z',
                '2000-01-02',
                'DONE',
                ['x'],
                { a: 1 },
                0.5,
                4_294_967_301,
            ],
            [
                'ä\t',
                -1,
                null,
                false,
                '1999-12-31T23:59:59.999Z',
                '1999-12-31',
                'OPEN',
                [],
                [],
                null,
                0,
            ],
        ]);
        expect(hex(bytes)).toBe(
            [
                // PGCOPY\n\377\r\n\0, no flags, no header extension.
                '5047434f50590aff0d0a00',
                '00000000',
                '00000000',
                // Row 1: 11 fields.
                '000b',
                '00000002' + '6162',
                '00000004' + '00000007',
                '00000008' + '4004000000000000',
                '00000001' + '01',
                // One second after 2000-01-01 in microseconds.
                '00000008' + '00000000000f4240',
                // One day after 2000-01-01.
                '00000004' + '00000001',
                '00000004' + '444f4e45',
                // One dimension of 1 from 1, no nulls, elements of type text (25): "x".
                '00000019' +
                    '00000001' +
                    '00000000' +
                    '00000019' +
                    '00000001' +
                    '00000001' +
                    '00000001' +
                    '78',
                // jsonb version 1, then {"a":1}.
                '00000008' + '01' + '7b2261223a317d',
                '00000004' + '3f000000',
                '00000008' + '0000000100000005',
                // Row 2: UTF-8 and a tab as they are, negatives, an empty array and JSON list.
                '000b',
                '00000003' + 'c3a4' + '09',
                '00000004' + 'ffffffff',
                'ffffffff',
                '00000001' + '00',
                // A millisecond before 2000: -1000 microseconds.
                '00000008' + 'fffffffffffffc18',
                '00000004' + 'ffffffff',
                '00000004' + '4f50454e',
                '0000000c' + '00000000' + '00000000' + '00000019',
                '00000003' + '01' + '5b5d',
                'ffffffff',
                '00000008' + '0000000000000000',
                // Trailer.
                'ffff',
            ].join(''),
        );
    });

    it('reads the instants of one day after another and back, with or without milliseconds', () => {
        const times: TableSpec = { name: 'tours', columns: [['started_at', 'timestamptz']] };
        const instants = [
            '2026-03-04T07:12:05.042Z',
            '2026-03-05T00:00:00.000Z',
            '2026-03-04T23:59:59.999Z',
            '2026-03-04T07:12:05Z',
        ];
        const bytes = copyBinary(
            times,
            instants.map((instant) => [instant]),
        );
        // Header 19 bytes; each row: field count (2), length (4), microseconds since 2000 (8).
        const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        const micros = instants.map((_, row) => view.getBigInt64(19 + row * 14 + 6));
        const since2000 = (ms: number) => BigInt(ms - Date.UTC(2000, 0, 1)) * 1000n;
        expect(micros).toEqual([
            since2000(Date.UTC(2026, 2, 4, 7, 12, 5, 42)),
            since2000(Date.UTC(2026, 2, 5)),
            since2000(Date.UTC(2026, 2, 4, 23, 59, 59, 999)),
            since2000(Date.UTC(2026, 2, 4, 7, 12, 5)),
        ]);
        expect(() => copyBinary(times, [['2026-03-04T07:60:00.000Z']])).toThrow(TypeError);
        expect(() => copyBinary(times, [['2026-02-30T07:00:00.000Z']])).toThrow(TypeError);
    });

    it('refuses what PostgreSQL would refuse in text: a fraction in an integer, a time it does not make', () => {
        expect(() => copyBinary(spec, [['a', 1.5]])).toThrow(TypeError);
        expect(() => copyBinary(spec, [['a', 1, 1, true, '2026-03-17 08:00']])).toThrow(TypeError);
        expect(() =>
            copyBinary(spec, [['a', 1, 1, true, '2026-03-17T08:00:00.000Z', '17.03.2026']]),
        ).toThrow(TypeError);
    });
});
