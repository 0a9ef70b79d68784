import { describe, expect, it } from 'vitest';
import { isoTime, wallClockToUtc } from '../../server/demo/simulation/local-time.js';

describe('isoTime', () => {
    it('writes an instant as toISOString does, day after day and back', () => {
        const cases: [number, string][] = [
            [0, '1970-01-01T00:00:00.000Z'],
            [1_772_608_325_042, '2026-03-04T07:12:05.042Z'],
            [1_772_668_799_999, '2026-03-04T23:59:59.999Z'],
            [1_772_668_800_000, '2026-03-05T00:00:00.000Z'],
            // Back to the day before: the remembered day prefix must not stick.
            [1_772_582_400_000, '2026-03-04T00:00:00.000Z'],
            [951_782_400_000, '2000-02-29T00:00:00.000Z'],
            [253_402_300_799_999, '9999-12-31T23:59:59.999Z'],
        ];
        for (const [epochMs, text] of cases) expect(isoTime(epochMs)).toBe(text);
    });

    it('drops a fraction of a millisecond like a Date, and keeps the Date forms outside 1970…9999', () => {
        expect(isoTime(1_772_608_325_042.9)).toBe('2026-03-04T07:12:05.042Z');
        expect(isoTime(-1)).toBe('1969-12-31T23:59:59.999Z');
        expect(isoTime(253_402_300_800_000)).toBe('+010000-01-01T00:00:00.000Z');
        expect(() => isoTime(Number.NaN)).toThrow(RangeError);
        expect(() => isoTime(8.64e15 + 1)).toThrow(RangeError);
    });
});

describe('wallClockToUtc, asked again', () => {
    it('answers by zone, date and minutes: the same wall clock elsewhere is another instant', () => {
        for (let round = 0; round < 2; round++) {
            expect(wallClockToUtc('2026-03-04', 8 * 60, 'Europe/Berlin')).toBe(
                Date.UTC(2026, 2, 4, 7),
            );
            expect(wallClockToUtc('2026-03-04', 8 * 60, 'Europe/London')).toBe(
                Date.UTC(2026, 2, 4, 8),
            );
            expect(wallClockToUtc('2026-03-30', 8 * 60, 'Europe/Berlin')).toBe(
                Date.UTC(2026, 2, 30, 6),
            );
            expect(wallClockToUtc('2026-03-04', 8 * 60 + 30, 'Europe/Berlin')).toBe(
                Date.UTC(2026, 2, 4, 7, 30),
            );
        }
    });

    it('still refuses an unknown zone and an invalid date every time', () => {
        for (let round = 0; round < 2; round++) {
            expect(() => wallClockToUtc('2026-03-04', 480, 'Mars/Olympus')).toThrow(RangeError);
            expect(() => wallClockToUtc('not-a-date', 480, 'Europe/Berlin')).toThrow(RangeError);
        }
    });
});
