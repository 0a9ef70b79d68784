import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
    addDays,
    addMonths,
    formatDay,
    isDayDisabled,
    isIsoDate,
    isoDate,
    monthGrid,
    monthTitle,
    moveFocus,
    normalizeRange,
    pickDay,
    rangeOnClose,
    today,
    weekdayIndex,
    weekdayNames,
} from '../../src/controls/dateRange';

// The calendar must not depend on the browser's zone; run it where clocks change.
const originalZone = process.env.TZ;
beforeAll(() => {
    process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
    process.env.TZ = originalZone;
});

const dates = (weeks: ReturnType<typeof monthGrid>) => weeks.flat().map((day) => day.date);

describe('dates', () => {
    it('formats and validates YYYY-MM-DD', () => {
        expect(isoDate(2025, 3, 9)).toBe('2025-03-09');
        expect(isoDate(2025, 13, 1)).toBe('2026-01-01');
        expect(isIsoDate('2024-02-29')).toBe(true);
        expect(isIsoDate('2025-02-29')).toBe(false);
        expect(isIsoDate('2025-3-9')).toBe(false);
        expect(isIsoDate(20250309)).toBe(false);
    });

    it('adds days and months across month, year and clock changes', () => {
        expect(addDays('2025-03-29', 2)).toBe('2025-03-31');
        expect(addDays('2025-10-25', 2)).toBe('2025-10-27');
        expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
        expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
        expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
        expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
        expect(addMonths('2025-01-15', -1)).toBe('2024-12-15');
    });

    it('takes today from the local calendar, not UTC', () => {
        // 23:30 UTC on 31 March is already 1 April in Berlin (summer time).
        expect(today(new Date('2025-03-31T23:30:00Z'))).toBe('2025-04-01');
    });
});

describe('monthGrid', () => {
    it('starts weeks on Monday and fills them with the neighbouring months', () => {
        // March 2025 begins on a Saturday and ends on a Monday.
        const weeks = monthGrid(2025, 3);
        expect(weeks).toHaveLength(6);
        expect(weeks[0]?.map((day) => day.date)).toEqual([
            '2025-02-24',
            '2025-02-25',
            '2025-02-26',
            '2025-02-27',
            '2025-02-28',
            '2025-03-01',
            '2025-03-02',
        ]);
        expect(weeks[0]?.map((day) => day.inMonth)).toEqual([
            false,
            false,
            false,
            false,
            false,
            true,
            true,
        ]);
        expect(weeks.at(-1)?.[0]).toEqual({ date: '2025-03-31', day: 31, inMonth: true });
        expect(weeks.at(-1)?.[6]).toEqual({ date: '2025-04-06', day: 6, inMonth: false });
        for (const week of weeks) expect(weekdayIndex(week[0]?.date ?? '')).toBe(0);
    });

    it('has exactly 4 weeks for a February starting on Monday', () => {
        const weeks = monthGrid(2027, 2);
        expect(weeks).toHaveLength(4);
        expect(weeks.flat().every((day) => day.inMonth)).toBe(true);
    });

    it('has every day once, in order, across the clock changes of March and October', () => {
        for (const [year, month] of [
            [2025, 3],
            [2025, 10],
            [2024, 3],
            [2024, 10],
        ] as const) {
            const all = dates(monthGrid(year, month));
            expect(new Set(all).size).toBe(all.length);
            all.slice(1).forEach((date, index) => expect(date).toBe(addDays(all[index] ?? '', 1)));
            const inMonth = monthGrid(year, month)
                .flat()
                .filter((day) => day.inMonth);
            expect(inMonth[0]?.day).toBe(1);
            expect(inMonth.at(-1)?.day).toBe(31);
        }
    });

    it('crosses the year boundary', () => {
        const weeks = monthGrid(2025, 1);
        expect(weeks[0]?.[0]?.date).toBe('2024-12-30');
        expect(monthGrid(2024, 12).at(-1)?.at(-1)?.date).toBe('2025-01-05');
    });
});

describe('picking a range', () => {
    it('takes the first pick as start and the second as end, in either order', () => {
        const first = pickDay(undefined, '2025-03-12');
        expect(first).toEqual({ pending: '2025-03-12', range: undefined });
        expect(pickDay(first.pending, '2025-03-20')).toEqual({
            pending: undefined,
            range: { from: '2025-03-12', to: '2025-03-20' },
        });
        expect(pickDay(first.pending, '2025-03-02')).toEqual({
            pending: undefined,
            range: { from: '2025-03-02', to: '2025-03-12' },
        });
        expect(normalizeRange('2025-04-01', '2025-03-31')).toEqual({
            from: '2025-03-31',
            to: '2025-04-01',
        });
    });

    it('makes a single pick a one-day range', () => {
        expect(rangeOnClose('2025-03-12')).toEqual({ from: '2025-03-12', to: '2025-03-12' });
        expect(rangeOnClose(undefined)).toBeUndefined();
        expect(pickDay('2025-03-12', '2025-03-12').range).toEqual({
            from: '2025-03-12',
            to: '2025-03-12',
        });
    });

    it('does not offer the chosen single day again as a new start', () => {
        const value = { from: '2025-03-12', to: '2025-03-12' };
        expect(isDayDisabled('2025-03-12', { value })).toBe(true);
        expect(isDayDisabled('2025-03-13', { value })).toBe(false);
        expect(isDayDisabled('2025-03-12', { value, pending: '2025-03-10' })).toBe(false);
        expect(
            isDayDisabled('2025-03-12', { value: { from: '2025-03-12', to: '2025-03-14' } }),
        ).toBe(false);
    });

    it('respects min and max', () => {
        expect(isDayDisabled('2025-03-01', { min: '2025-03-02' })).toBe(true);
        expect(isDayDisabled('2025-03-02', { min: '2025-03-02', max: '2025-03-02' })).toBe(false);
        expect(isDayDisabled('2025-03-03', { max: '2025-03-02' })).toBe(true);
    });
});

describe('keyboard and names', () => {
    it('moves by day, week, week ends and month', () => {
        expect(moveFocus('2025-03-31', 'ArrowRight')).toBe('2025-04-01');
        expect(moveFocus('2025-03-01', 'ArrowLeft')).toBe('2025-02-28');
        expect(moveFocus('2025-03-05', 'ArrowDown')).toBe('2025-03-12');
        expect(moveFocus('2025-03-05', 'ArrowUp')).toBe('2025-02-26');
        expect(moveFocus('2025-03-05', 'Home')).toBe('2025-03-03');
        expect(moveFocus('2025-03-05', 'End')).toBe('2025-03-09');
        expect(moveFocus('2025-03-31', 'PageUp')).toBe('2025-02-28');
        expect(moveFocus('2025-03-05', 'PageDown')).toBe('2025-04-05');
        expect(moveFocus('2025-03-05', 'a')).toBeUndefined();
    });

    it('names weekdays from Monday and months in the locale', () => {
        expect(weekdayNames('en', 'long')).toEqual([
            'Monday',
            'Tuesday',
            'Wednesday',
            'Thursday',
            'Friday',
            'Saturday',
            'Sunday',
        ]);
        expect(weekdayNames('de', 'long')[0]).toBe('Montag');
        expect(monthTitle('en', 2025, 3)).toBe('March 2025');
        expect(monthTitle('fr', 2025, 3)).toBe('mars 2025');
        expect(formatDay('en', '2025-03-30', 'full')).toBe('Sunday, March 30, 2025');
    });
});
