import { describe, expect, it } from 'vitest';
import { RTT_DASHBOARD_WEEKS, rttOnDate, type RttDay } from '../../domain/rttHistory.js';

/** The RTT category of a tour number on a date from its stored days (domain/rttHistory.ts). */

const day = (date: string, averageMinutes: number | null, stops: number): RttDay => ({
    date,
    averageMinutes,
    stops,
});

describe('rttOnDate', () => {
    it('weights the 7 calendar days up to the date by their stops, skipping days without stops', () => {
        const days = [
            day('2025-03-03', 200, 10), // D−7: outside
            day('2025-03-04', 30, 10),
            day('2025-03-06', 60, 30),
            day('2025-03-08', null, 0),
            day('2025-03-09', 500, 0), // no stops: skipped
            day('2025-03-10', 100, 10),
            day('2025-03-11', 1000, 5), // after D
        ];
        // (30·10 + 60·30 + 100·10) / 50 = 62: Medium; today's 100 is over 90: Blocked.
        expect(rttOnDate(days, '2025-03-10')).toEqual({
            sevenDayAverageMinutes: 62,
            sevenDay: 'MEDIUM',
            today: 'BLOCKED',
        });
    });

    it('counts D−6 and not D−7, across a month end', () => {
        expect(rttOnDate([day('2025-02-24', 20, 5)], '2025-03-02').sevenDay).toBe('GOOD');
        expect(rttOnDate([day('2025-02-23', 20, 5)], '2025-03-02').sevenDay).toBeNull();
    });

    it('is Good up to a mean of 45 minutes, Medium past it', () => {
        expect(rttOnDate([day('2025-03-10', 45, 4)], '2025-03-10').sevenDay).toBe('GOOD');
        // (45·3 + 46·1) / 4 = 45.25.
        const past = [day('2025-03-10', 45, 3), day('2025-03-09', 46, 1)];
        expect(rttOnDate(past, '2025-03-10').sevenDay).toBe('MEDIUM');
    });

    it("shows a Medium tour as Blocked only when today's mean is over 90 minutes", () => {
        const medium = (today: number) => [day('2025-03-04', 30, 10), day('2025-03-10', today, 10)];
        // 7-day means 60 and 60.5: Medium both.
        expect(rttOnDate(medium(90), '2025-03-10')).toMatchObject({
            sevenDay: 'MEDIUM',
            today: 'MEDIUM',
        });
        expect(rttOnDate(medium(91), '2025-03-10')).toMatchObject({
            sevenDay: 'MEDIUM',
            today: 'BLOCKED',
        });
    });

    it('keeps a Good tour Good on a bad day, and Medium without stops today', () => {
        const good = [day('2025-03-04', 10, 90), day('2025-03-10', 200, 10)];
        // (900 + 2000) / 100 = 29.
        expect(rttOnDate(good, '2025-03-10')).toMatchObject({ sevenDay: 'GOOD', today: 'GOOD' });
        expect(rttOnDate([day('2025-03-05', 60, 3)], '2025-03-10')).toMatchObject({
            sevenDay: 'MEDIUM',
            today: 'MEDIUM',
        });
    });

    it('is null without any measured stop in the 7 days', () => {
        expect(rttOnDate([], '2025-03-10')).toEqual({
            sevenDayAverageMinutes: null,
            sevenDay: null,
            today: null,
        });
    });
});

describe('RTT_DASHBOARD_WEEKS', () => {
    it('is 15 (domain §9)', () => {
        expect(RTT_DASHBOARD_WEEKS).toBe(15);
    });
});
