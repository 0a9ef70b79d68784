import { describe, expect, it } from 'vitest';
import {
    dayLevel,
    etaErrorMinutes,
    etaPredictor,
    localDate,
    tourIdFactory,
    workingDaysBefore,
} from '../../server/demo/simulation/backfill-model.js';
import { copyText, type TableSpec } from '../../server/demo/simulation/backfill-tables.js';

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

describe('COPY text of the backfill’s rows', () => {
    const spec: TableSpec = {
        name: 'jobs',
        columns: [
            ['id', 'text'],
            ['services', 'text[]'],
            ['contacts', 'jsonb'],
            ['better_tracking', 'boolean'],
            ['weight_kg', 'float8'],
            ['status_at', 'timestamptz'],
        ],
    };

    it('escapes tab, newline and backslash, writes null as \\N, arrays and JSON as PostgreSQL reads them', () => {
        expect(
            copyText(spec, [
                ['a\tb\nc\\d', ['X "1"', 'Y\\2'], [{ name: 'Tab\there' }], true, 2.5, null],
                ['plain', [], [], false, null, '2026-03-17T08:00:00.000Z'],
            ]),
        ).toBe(
            'a\\tb\\nc\\\\d\t{"X \\\\"1\\\\"","Y\\\\\\\\2"}\t[{"name":"Tab\\\\there"}]\tt\t2.5\t\\N\n' +
                'plain\t{}\t[]\tf\t\\N\t2026-03-17T08:00:00.000Z\n',
        );
    });
});
