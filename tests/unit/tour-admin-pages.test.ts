import { describe, expect, it } from 'vitest';
import { listedRange } from '../../src/customRoutes/tourCommanderTours/tourDateRange';
import { boundsOf } from '../../src/maps/mapStyles';

/** Pure rules of the admin tour pages (issue 14 part 6). */
describe('the tour list date range', () => {
    it('keeps a day and ranges of up to 31 days as picked', () => {
        expect(listedRange({ from: '2026-03-05', to: '2026-03-05' })).toEqual({
            from: '2026-03-05',
            to: '2026-03-05',
        });
        // 1 to 31 January: 31 days, both ends included.
        expect(listedRange({ from: '2026-01-01', to: '2026-01-31' })).toEqual({
            from: '2026-01-01',
            to: '2026-01-31',
        });
    });

    it('cuts a longer range to 31 days from its first day', () => {
        expect(listedRange({ from: '2026-01-01', to: '2026-02-01' })).toEqual({
            from: '2026-01-01',
            to: '2026-01-31',
        });
        // Across February of a leap year: 15 February + 30 days = 16 March.
        expect(listedRange({ from: '2028-02-15', to: '2028-06-30' })).toEqual({
            from: '2028-02-15',
            to: '2028-03-16',
        });
    });
});

describe('the map bounds', () => {
    it('are the south-west and north-east corners around every point', () => {
        expect(
            boundsOf([
                { latitude: 52.52, longitude: 13.405 },
                { latitude: 52.55, longitude: 13.38 },
                { latitude: 52.5, longitude: 13.45 },
            ]),
        ).toEqual([
            [52.5, 13.38],
            [52.55, 13.45],
        ]);
        expect(boundsOf([{ latitude: -33.9, longitude: 151.2 }])).toEqual([
            [-33.9, 151.2],
            [-33.9, 151.2],
        ]);
        expect(boundsOf([])).toBeUndefined();
    });
});
