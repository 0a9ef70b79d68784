import { describe, expect, it } from 'vitest';
import { RTT_DASHBOARD_WEEKS, rttOnDate, type RttDay } from '../../domain/rttHistory.js';

/** The RTT category of a tour number on a date from its stored days (domain/rttHistory.ts). */

const day = (date: string, averageMinutes: number | null, stops: number): RttDay => ({
    date,
    averageMinutes,
    stops,
});

describe('rttOnDate', () => {
    it('weights the 7 calendar days before the date by their stops, skipping days without stops', () => {
        const days = [
            day('2025-03-02', 200, 10), // D−8: outside
            day('2025-03-03', 30, 10), // D−7
            day('2025-03-06', 60, 30),
            day('2025-03-08', null, 0),
            day('2025-03-09', 500, 0), // no stops: skipped
            day('2025-03-10', 100, 10), // D itself: only for the day's category
            day('2025-03-11', 1000, 5), // after D
        ];
        // (30·10 + 60·30) / 40 = 52.5: Medium; the day's 100 is over 90: Blocked.
        expect(rttOnDate(days, '2025-03-10')).toEqual({
            sevenDayAverageMinutes: 52.5,
            sevenDay: 'MEDIUM',
            today: 'BLOCKED',
        });
    });

    it('counts D−7 and D−1, not D−8 nor D, across a month end', () => {
        expect(rttOnDate([day('2025-02-23', 20, 5)], '2025-03-02').sevenDay).toBe('GOOD');
        expect(rttOnDate([day('2025-03-01', 20, 5)], '2025-03-02').sevenDay).toBe('GOOD');
        expect(rttOnDate([day('2025-02-22', 20, 5)], '2025-03-02').sevenDay).toBeNull();
        expect(rttOnDate([day('2025-03-02', 20, 5)], '2025-03-02').sevenDay).toBeNull();
    });

    it('is Good up to a mean of 45 minutes, Medium past it', () => {
        expect(rttOnDate([day('2025-03-09', 45, 4)], '2025-03-10').sevenDay).toBe('GOOD');
        // (45·3 + 46·1) / 4 = 45.25.
        const past = [day('2025-03-09', 45, 3), day('2025-03-08', 46, 1)];
        expect(rttOnDate(past, '2025-03-10').sevenDay).toBe('MEDIUM');
    });

    it('is Medium up to 90 minutes, Blocked past it', () => {
        expect(rttOnDate([day('2025-03-09', 90, 2)], '2025-03-10').sevenDay).toBe('MEDIUM');
        // (90·9 + 100·1) / 10 = 91.
        const past = [day('2025-03-09', 90, 9), day('2025-03-05', 100, 1)];
        expect(rttOnDate(past, '2025-03-10').sevenDay).toBe('BLOCKED');
    });

    it("shows a Medium tour as Blocked only when the day's mean is over 90 minutes", () => {
        const medium = (today: number) => [day('2025-03-04', 60, 10), day('2025-03-10', today, 10)];
        expect(rttOnDate(medium(90), '2025-03-10')).toMatchObject({
            sevenDayAverageMinutes: 60,
            sevenDay: 'MEDIUM',
            today: 'MEDIUM',
        });
        expect(rttOnDate(medium(91), '2025-03-10')).toMatchObject({
            sevenDay: 'MEDIUM',
            today: 'BLOCKED',
        });
    });

    it('keeps a Good tour Good on a bad day, and Medium without stops on the day', () => {
        const good = [day('2025-03-04', 10, 90), day('2025-03-10', 200, 10)];
        expect(rttOnDate(good, '2025-03-10')).toMatchObject({ sevenDay: 'GOOD', today: 'GOOD' });
        expect(rttOnDate([day('2025-03-05', 60, 3)], '2025-03-10')).toMatchObject({
            sevenDay: 'MEDIUM',
            today: 'MEDIUM',
        });
    });

    it('is null without any measured stop in the 7 days before', () => {
        expect(rttOnDate([day('2025-03-10', 20, 10)], '2025-03-10')).toEqual({
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
