import { describe, expect, it } from 'vitest';
import type { LiveSnapshot, LiveTour } from '../../domain/contracts/live-status';
import { LiveState } from '../../src/customRoutes/liveStatus/liveState';
import { liveSocketUrl } from '../../src/live/liveConnection';

const tour = (id: string, waypointsDone = 0): LiveTour => ({
    id,
    tourNumber: id,
    vehicleNumber: id,
    driverName: null,
    subcontractorName: null,
    state: 'ON_ROAD',
    plannedStart: null,
    startedAt: null,
    finishedAt: null,
    waypointsDone,
    waypointsTotal: 10,
    jobsSuccessful: 0,
    jobsFailed: 0,
    jobsTotal: 10,
    projectedFinishAt: null,
    plannedFinishAt: null,
    behindAverage: false,
    rttCategory: null,
    appUsage: 'NORMAL',
    outdated: false,
    outdatedReason: null,
    mapState: 'ON_ROAD',
    windowsAtRisk: 0,
    lastPositionAt: null,
});

const snapshot: LiveSnapshot = {
    depot: {
        internalDepotId: 'd',
        externalDepotId: '1',
        name: 'D',
        timeZone: 'Europe/Berlin',
        latitude: 52,
        longitude: 13,
    },
    date: '2026-11-27',
    generatedAt: '2026-11-27T10:00:00.000Z',
    settings: {
        businessHours: { from: '06:00', to: '20:00' },
        withinBusinessHours: true,
        mapAllowed: true,
        refreshIntervalSec: 5,
        showLastUpdatedTime: true,
    },
    tours: [tour('a'), tour('b')],
    positions: [
        {
            tourId: 'a',
            latitude: 52.1,
            longitude: 13.1,
            heading: null,
            at: '2026-11-27T09:59:00.000Z',
        },
    ],
    windowsAtRisk: [],
};

const delta = (seq: number, stream = 's1') => ({
    type: 'delta' as const,
    stream,
    seq,
    generatedAt: '2026-11-27T10:00:05.000Z',
    tours: [tour('a', 3)],
    removedTours: ['b'],
    positions: [
        {
            tourId: 'a',
            latitude: 52.2,
            longitude: 13.2,
            heading: 90,
            at: '2026-11-27T10:00:04.000Z',
        },
    ],
    removedPositions: [],
});

describe('the live state of the page', () => {
    it('applies a full frame, then deltas of the same stream in order', () => {
        const state = new LiveState();
        let calls = 0;
        state.subscribe(() => calls++);
        state.applyFull({ type: 'full', stream: 's1', seq: 4, snapshot });
        expect(state.snapshot()?.tours.map((t) => t.id)).toEqual(['a', 'b']);
        expect(state.applyDelta(delta(5))).toBe(true);
        const view = state.snapshot();
        expect(view?.tours.map((t) => [t.id, t.waypointsDone])).toEqual([['a', 3]]);
        expect(view?.generatedAt).toBe('2026-11-27T10:00:05.000Z');
        expect(state.positions.get('a')?.latitude).toBe(52.2);
        expect([state.stream, state.seq, calls]).toEqual(['s1', 5, 2]);
    });

    it('shows a prefetched snapshot until the first frame, never over a frame', () => {
        const seeded = new LiveState();
        seeded.seed(snapshot);
        expect(seeded.snapshot()?.tours.map((t) => t.id)).toEqual(['a', 'b']);
        // Not a stream position: the connection asks for a full frame, which replaces it.
        expect([seeded.stream, seeded.seq]).toEqual([null, 0]);
        seeded.applyFull({
            type: 'full',
            stream: 's1',
            seq: 4,
            snapshot: { ...snapshot, tours: [tour('c')] },
        });
        expect(seeded.snapshot()?.tours.map((t) => t.id)).toEqual(['c']);

        // A snapshot that arrives after the first frame is dropped.
        const late = new LiveState();
        late.applyFull({
            type: 'full',
            stream: 's1',
            seq: 4,
            snapshot: { ...snapshot, tours: [tour('c')] },
        });
        late.seed(snapshot);
        expect(late.snapshot()?.tours.map((t) => t.id)).toEqual(['c']);
        expect([late.stream, late.seq]).toEqual(['s1', 4]);
    });

    it('ignores a delta of another stream or an old number', () => {
        const state = new LiveState();
        state.applyFull({ type: 'full', stream: 's1', seq: 4, snapshot });
        expect(state.applyDelta(delta(5, 's2'))).toBe(false);
        expect(state.applyDelta(delta(4))).toBe(false);
        expect(state.snapshot()?.tours).toHaveLength(2);
        expect(new LiveState().applyDelta(delta(1))).toBe(false);
    });

    it('connects to the tour commander with ws or wss, never carrying a token in the URL', () => {
        expect(
            liveSocketUrl('/tour-commander/v1', { href: 'https://bo.example.com/depot/x' }),
        ).toBe('wss://bo.example.com/tour-commander/v1/live/socket');
        expect(
            liveSocketUrl('http://127.0.0.1:4101/tour-commander/v1/', {
                href: 'http://127.0.0.1:4101/',
            }),
        ).toBe('ws://127.0.0.1:4101/tour-commander/v1/live/socket');
    });
});
