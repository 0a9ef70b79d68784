import { describe, expect, it } from 'vitest';
import {
    foldRttDashboard,
    isoWeekOf,
    isWorkingWeekday,
    rttDashboardSpan,
    type RttDashboardTour,
} from '../../domain/rttDashboard.js';

/**
 * The tracking dashboard's fold (domain/rttDashboard.ts, issue 16 part 5): ISO weeks, the span it
 * reads, working days, the categories per week and day, the trend and the Blocked tours. Every
 * expected value is worked out by hand in the comments.
 */

/** `_name` only names the row in the test. */
const tour = (
    _name: string,
    date: string,
    tourNumber: string,
    averageMinutes: number | null,
    stops: number,
    visible = true,
): RttDashboardTour => ({ date, tourNumber, visible, averageMinutes, stops });

describe('ISO weeks and the span', () => {
    it('numbers weeks from the one holding the year’s first Thursday, starting on Monday', () => {
        // 2025-01-01 is a Wednesday: its week (from Monday 2024-12-30) is 2025's first.
        expect(isoWeekOf('2025-01-01')).toEqual({ year: 2025, week: 1, monday: '2024-12-30' });
        expect(isoWeekOf('2024-12-30')).toEqual({ year: 2025, week: 1, monday: '2024-12-30' });
        // 2021-01-03 is a Sunday in 2020's 53rd week.
        expect(isoWeekOf('2021-01-03')).toEqual({ year: 2020, week: 53, monday: '2020-12-28' });
        // 2026-03-02 is a Monday, 63 days = 9 weeks after 2025-12-29 (2026's week 1).
        expect(isoWeekOf('2026-03-02')).toEqual({ year: 2026, week: 10, monday: '2026-03-02' });
    });

    it('reads 15 weeks back to their Monday, and the 7 days before as history', () => {
        // Wednesday 2025-03-12: its Monday 2025-03-10, minus 14 weeks (98 days) is Monday 2024-12-02.
        expect(rttDashboardSpan('2025-03-12')).toEqual({
            historyFrom: '2024-11-25',
            from: '2024-12-02',
            to: '2025-03-12',
        });
    });

    it('counts Monday to Saturday as working weekdays', () => {
        expect(isWorkingWeekday('2025-03-08')).toBe(true); // Saturday
        expect(isWorkingWeekday('2025-03-09')).toBe(false); // Sunday
        expect(isWorkingWeekday('2025-03-10')).toBe(true); // Monday
    });
});

/**
 * Wednesday 2025-03-12. A day's category is that of the stop-weighted mean of the 7 days before
 * it (D−7 … D−1); a Medium tour whose own day is over 90 minutes shows Blocked.
 * Tour number 7 (visible every day):
 * - 2024-11-30 200 min × 10 stops (history only: before the first week);
 * - 2024-12-02 20 × 10: the days before: 200, Blocked;
 * - 2025-03-04 30 × 10: nothing in the 7 days before, None;
 * - 2025-03-05 60 × 10: 30, Good;
 * - 2025-03-10 100 × 10: (300 + 600) / 20 = 45, Good (the limit included; Good stays Good);
 * - 2025-03-11 120 × 10: (300 + 600 + 1000) / 30 = 63.3 Medium, the day over 90: Blocked;
 * - 2025-03-12 80 × 10: (600 + 1000 + 1200) / 30 = 93.3, Blocked.
 * Tour number 12: started on 03-11 without a measured stop, not started on 03-12: None.
 * Tour number 3: another subcontractor's on 03-10 (200 × 5, not counted, but its history),
 * visible on 03-12 (50 × 5): 200, Blocked.
 * Tour number 9: Sunday 2025-03-09, 10 × 4: None, and no working day.
 */
const rows: RttDashboardTour[] = [
    tour('t7-1130', '2024-11-30', '7', 200, 10),
    tour('t7-1202', '2024-12-02', '7', 20, 10),
    tour('t7-0304', '2025-03-04', '7', 30, 10),
    tour('t7-0305', '2025-03-05', '7', 60, 10),
    tour('t9-0309', '2025-03-09', '9', 10, 4),
    tour('t7-0310', '2025-03-10', '7', 100, 10),
    tour('t3-0310', '2025-03-10', '3', 200, 5, false),
    tour('t7-0311', '2025-03-11', '7', 120, 10),
    tour('t12-0311', '2025-03-11', '12', null, 0),
    tour('t7-0312', '2025-03-12', '7', 80, 10),
    tour('t12-0312', '2025-03-12', '12', null, 0),
    tour('t3-0312', '2025-03-12', '3', 50, 5),
];

const counts = (GOOD: number, MEDIUM: number, BLOCKED: number, NONE: number) => ({
    GOOD,
    MEDIUM,
    BLOCKED,
    NONE,
});

describe('foldRttDashboard', () => {
    it('counts each visible tour of 15 weeks by its category on its day, the last week up to the date', () => {
        const { weeks } = foldRttDashboard(rows, '2025-03-12');
        expect(weeks).toHaveLength(15);
        expect(weeks[0]).toEqual({
            year: 2024,
            week: 49,
            from: '2024-12-02',
            to: '2024-12-08',
            tours: 1,
            counts: counts(0, 0, 1, 0),
        });
        // Across the new year: Monday 2024-12-30 starts 2025's week 1.
        expect(weeks[4]).toMatchObject({ year: 2025, week: 1, from: '2024-12-30', tours: 0 });
        expect(weeks[13]).toEqual({
            year: 2025,
            week: 10,
            from: '2025-03-03',
            to: '2025-03-09',
            tours: 3,
            counts: counts(1, 0, 0, 2),
        });
        // 03-10: 7 Good; 03-11: 7 Blocked, 12 None; 03-12: 7 and 3 Blocked, 12 None.
        expect(weeks[14]).toEqual({
            year: 2025,
            week: 11,
            from: '2025-03-10',
            to: '2025-03-12',
            tours: 6,
            counts: counts(1, 0, 3, 2),
        });
        const counted = weeks.reduce((sum, week) => sum + week.tours, 0);
        expect(counted).toBe(10); // every visible row from 2024-12-02 on
    });

    it('compares the last 2 working days: counts, the stop-weighted mean deviation and the change', () => {
        const { trend } = foldRttDashboard(rows, '2025-03-12');
        expect(trend).toEqual({
            // 7 (80 × 10) and 3 (50 × 5) Blocked, 12 None: 1050 / 15 = 70.
            latest: {
                date: '2025-03-12',
                tours: 3,
                counts: counts(0, 0, 2, 1),
                averageDeviationMinutes: 70,
                measuredStops: 15,
            },
            // 7 (120 × 10) Blocked, 12 None.
            previous: {
                date: '2025-03-11',
                tours: 2,
                counts: counts(0, 0, 1, 1),
                averageDeviationMinutes: 120,
                measuredStops: 10,
            },
            change: { counts: counts(0, 0, 1, 0), averageDeviationMinutes: -50 },
        });
    });

    it('lists the tours Blocked on the latest working day by tour number, with the figures behind', () => {
        const { blocked } = foldRttDashboard(rows, '2025-03-12');
        expect(blocked).toEqual({
            date: '2025-03-12',
            tours: [
                {
                    date: '2025-03-12',
                    tourNumber: '3',
                    category: 'BLOCKED',
                    sevenDayCategory: 'BLOCKED',
                    sevenDayAverageMinutes: 200,
                    sevenDayStops: 5,
                    dayAverageMinutes: 50,
                    dayStops: 5,
                },
                {
                    date: '2025-03-12',
                    tourNumber: '7',
                    category: 'BLOCKED',
                    sevenDayCategory: 'BLOCKED',
                    sevenDayAverageMinutes: 93.3,
                    sevenDayStops: 30,
                    dayAverageMinutes: 80,
                    dayStops: 10,
                },
            ],
        });
    });

    it('shows a Medium tour with a bad day among the Blocked, and ignores days after the date', () => {
        const { blocked, trend } = foldRttDashboard(rows, '2025-03-11');
        expect(trend.latest?.date).toBe('2025-03-11');
        // Monday 03-10: only 7 is visible (Good).
        expect(trend.previous).toMatchObject({ date: '2025-03-10', counts: counts(1, 0, 0, 0) });
        expect(blocked.tours).toEqual([
            expect.objectContaining({
                tourNumber: '7',
                sevenDayCategory: 'MEDIUM',
                sevenDayAverageMinutes: 63.3,
                sevenDayStops: 30,
                dayAverageMinutes: 120,
            }),
        ]);
    });

    it('reaches back to D−7 and no further', () => {
        // Monday 2025-03-10: D−7 is Monday 03-03, D−8 Sunday 03-02.
        const { blocked } = foldRttDashboard(
            [
                tour('a-0303', '2025-03-03', '1', 100, 1),
                tour('a-0310', '2025-03-10', '1', 10, 1),
                tour('b-0302', '2025-03-02', '2', 100, 1),
                tour('b-0310', '2025-03-10', '2', 10, 1),
            ],
            '2025-03-10',
        );
        expect(blocked.tours.map((t) => [t.tourNumber, t.sevenDayAverageMinutes])).toEqual([
            ['1', 100],
        ]);
        // Tour 2 has no measured stop in the 7 days before: no category.
        const week = foldRttDashboard(
            [tour('b-0302', '2025-03-02', '2', 100, 1), tour('b-0310', '2025-03-10', '2', 10, 1)],
            '2025-03-10',
        ).weeks[14];
        expect(week?.counts).toEqual(counts(0, 0, 0, 1));
    });

    it('skips Sundays and days without a visible tour as working days', () => {
        const week = [
            tour('a', '2025-03-06', '1', 10, 1), // Thursday
            tour('b', '2025-03-07', '1', 10, 1, false), // Friday: another subcontractor's only
            tour('c', '2025-03-08', '1', 10, 1), // Saturday
            tour('d', '2025-03-09', '1', 10, 1), // Sunday
        ];
        const { trend, blocked } = foldRttDashboard(week, '2025-03-09');
        expect([trend.latest?.date, trend.previous?.date]).toEqual(['2025-03-08', '2025-03-06']);
        expect(blocked).toEqual({ date: '2025-03-08', tours: [] });
    });

    it('has empty weeks, no trend and nothing Blocked without tours; no change from one day', () => {
        const empty = foldRttDashboard([], '2025-03-12');
        expect(empty.weeks.every((week) => week.tours === 0)).toBe(true);
        expect(empty.trend).toEqual({ latest: null, previous: null, change: null });
        expect(empty.blocked).toEqual({ date: null, tours: [] });
        // 03-11 is another subcontractor's day only: history, no working day.
        const one = foldRttDashboard(
            [tour('a0', '2025-03-11', '1', 10, 2, false), tour('a', '2025-03-12', '1', 10, 2)],
            '2025-03-12',
        );
        expect(one.trend.previous).toBeNull();
        expect(one.trend.change).toBeNull();
        expect(one.trend.latest).toMatchObject({ counts: counts(1, 0, 0, 0) });
    });
});
