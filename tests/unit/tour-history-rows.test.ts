import { describe, expect, it } from 'vitest';
import type { TourHistory, TourHistoryWaypoint } from '../../domain/contracts/tour-history';
import {
    analysisRows,
    drivenRows,
    notConsideredByReason,
    routeLines,
} from '../../src/customRoutes/tourHistory/historyRows';

/** Issue 16 parts 3 and 4: the tables' rows and the map's routes, from a tour's answer. */

const stop = (fields: Partial<TourHistoryWaypoint> & { id: string }): TourHistoryWaypoint => ({
    plannedSequence: 1,
    suggestedSequence: null,
    drivenSequence: null,
    state: 'OPEN',
    confirmation: null,
    latitude: 52.5,
    longitude: 13.4,
    street: 'Street',
    houseNo: '1',
    postcode: '10115',
    locality: 'Berlin',
    timeFrameFrom: null,
    timeFrameTo: null,
    firstEta: null,
    eta: null,
    ata: null,
    departedAt: null,
    notConsideredReason: null,
    windowMiss: null,
    missedWindowCause: null,
    jobsTotal: 1,
    jobsFailed: 0,
    failureReasons: [],
    ...fields,
});

const waypoints = [
    stop({ id: 'p1', plannedSequence: 1, suggestedSequence: 3, drivenSequence: 2, latitude: 1 }),
    stop({ id: 'p2', plannedSequence: 2, suggestedSequence: 1, latitude: 2 }),
    stop({
        id: 'p3',
        plannedSequence: 3,
        suggestedSequence: 2,
        drivenSequence: 1,
        latitude: null,
        longitude: null,
        firstEta: '2026-03-02T08:00:00.000Z',
        ata: '2026-03-02T08:20:00.000Z',
        notConsideredReason: 'INVALID_ADDRESS',
    }),
    stop({ id: 'p4', plannedSequence: 4, suggestedSequence: 4, latitude: 4 }),
];

describe('the driven-history rows', () => {
    it('order the driven stops first, then the others in suggested order', () => {
        const rows = drivenRows(waypoints, null).sort((a, b) => a.order - b.order);
        expect(
            rows.map((row) => [row.id, row.drivenPosition, row.suggestedPosition, row.difference]),
        ).toEqual([
            // Among the driven stops p3 (suggested 2) comes before p1 (suggested 3).
            ['p3', 1, 1, 0],
            ['p1', 2, 2, 0],
            ['p2', null, null, null],
            ['p4', null, null, null],
        ]);
    });

    it('mark the stops reached at the replay’s moment; without one, those with an arrival', () => {
        const all = drivenRows(waypoints, null);
        expect(all.filter((row) => row.doneAtReplay).map((row) => row.id)).toEqual(['p3']);
        const some = drivenRows(waypoints, new Set(['p1']));
        expect(some.filter((row) => row.doneAtReplay).map((row) => row.id)).toEqual(['p1']);
    });

    it('sort a missing difference first ascending, so the largest lead descending', () => {
        const rows = drivenRows(waypoints, null);
        expect(rows.find((row) => row.id === 'p2')?.differenceSize).toBe(-1);
    });
});

describe('the analysis rows', () => {
    it('carry the arrival against the first ETA and number keys that sort a missing value last', () => {
        const rows = analysisRows(waypoints);
        expect(rows.find((row) => row.id === 'p3')).toMatchObject({
            deviationMinutes: 20,
            deviationKey: 20,
            drivenKey: 1,
            notConsideredReason: 'INVALID_ADDRESS',
            address: 'Street 1, 10115 Berlin',
        });
        expect(rows.find((row) => row.id === 'p2')).toMatchObject({
            deviationMinutes: null,
            deviationKey: Infinity,
            drivenKey: Infinity,
            ataKey: Infinity,
            notConsideredReason: '',
        });
    });
});

describe('the routes and the not-considered stops', () => {
    it('draw planned and suggested order from the depot through the stops with coordinates', () => {
        const tour = {
            depotLocation: { latitude: 0, longitude: 0 },
            waypoints,
            drivenPath: [{ at: '2026-03-02T08:00:00.000Z', latitude: 9, longitude: 9 }],
        } as unknown as TourHistory;
        const lines = routeLines(tour);
        const latitudes = (points: readonly { latitude: number }[]) =>
            points.map((point) => point.latitude);
        expect(latitudes(lines.planned)).toEqual([0, 1, 2, 4]);
        // Suggested: p2 (1), p3 (2, no coordinates), p1 (3), p4 (4).
        expect(latitudes(lines.suggested)).toEqual([0, 2, 1, 4]);
        expect(latitudes(lines.driven)).toEqual([9]);
    });

    it('group the stops by their reason', () => {
        const byReason = notConsideredByReason(waypoints);
        expect([...byReason.keys()]).toEqual(['INVALID_ADDRESS']);
        expect(byReason.get('INVALID_ADDRESS')?.map((s) => s.id)).toEqual(['p3']);
    });
});
