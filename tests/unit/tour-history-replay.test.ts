import { describe, expect, it } from 'vitest';
import type { TourHistoryWaypoint } from '../../domain/contracts/tour-history';
import {
    nextReplayMoment,
    replayFrame,
    replayTimeline,
} from '../../src/customRoutes/tourHistory/replay';

/**
 * Issue 16 part 3: the replay of a tour's day at a moment: the path driven until then, the
 * vehicle's place (the path's last point), and the stops arrived at (ATA at or before it).
 */

const DAY = '2026-03-02';
const at = (time: string) => `${DAY}T${time}.000Z`;
const ms = (time: string) => Date.parse(at(time));

const stop = (id: string, ata: string | null) => ({ id, ata }) as unknown as TourHistoryWaypoint;

const tour = {
    startedAt: at('08:00:00'),
    finishedAt: at('10:00:00'),
    lastEventAt: at('10:05:00'),
    drivenPath: [
        { at: at('08:05:00'), latitude: 52.5, longitude: 13.4 },
        { at: at('08:10:00'), latitude: 52.51, longitude: 13.4 },
        { at: at('09:10:00'), latitude: 52.52, longitude: 13.4 },
    ],
    // Given out of time order: the replay sorts the arrivals.
    waypoints: [stop('b', at('09:00:00')), stop('a', at('08:30:00')), stop('c', null)],
};

describe('the replay’s span', () => {
    it('runs from the start to the finish', () => {
        const timeline = replayTimeline(tour);
        expect(timeline).toMatchObject({ start: ms('08:00:00'), end: ms('10:00:00') });
        expect(timeline?.arrivals).toEqual([
            { id: 'a', at: ms('08:30:00') },
            { id: 'b', at: ms('09:00:00') },
        ]);
    });

    it('without a start, from the first position or arrival; without a finish, to the last of them or the last event', () => {
        expect(
            replayTimeline({ ...tour, startedAt: null, finishedAt: null, lastEventAt: null }),
        ).toMatchObject({ start: ms('08:05:00'), end: ms('09:10:00') });
        expect(replayTimeline({ ...tour, finishedAt: null })).toMatchObject({
            end: ms('10:05:00'),
        });
    });

    it('is none for a tour where nothing happened', () => {
        expect(
            replayTimeline({
                startedAt: null,
                finishedAt: null,
                lastEventAt: null,
                drivenPath: [],
                waypoints: [stop('c', null)],
            }),
        ).toBeNull();
    });
});

describe('the replay at a moment', () => {
    const timeline = replayTimeline(tour);
    if (!timeline) throw new Error('no timeline');
    const frame = (time: string) => {
        const shown = replayFrame(timeline, ms(time));
        return { pathCount: shown.pathCount, done: [...shown.doneStopIds].sort() };
    };

    it('shows nothing driven at the start', () => {
        expect(frame('08:00:00')).toEqual({ pathCount: 0, done: [] });
    });

    it('takes a position at its own moment, not a second before', () => {
        expect(frame('08:04:59')).toEqual({ pathCount: 0, done: [] });
        expect(frame('08:05:00')).toEqual({ pathCount: 1, done: [] });
    });

    it('counts a stop done from its arrival on (ATA ≤ t)', () => {
        expect(frame('08:29:59')).toEqual({ pathCount: 2, done: [] });
        expect(frame('08:30:00')).toEqual({ pathCount: 2, done: ['a'] });
        expect(frame('09:00:00')).toEqual({ pathCount: 2, done: ['a', 'b'] });
    });

    it('keeps moments outside the day at its start and its finish', () => {
        expect(replayFrame(timeline, ms('07:00:00')).at).toBe(ms('08:00:00'));
        expect(frame('07:00:00')).toEqual({ pathCount: 0, done: [] });
        expect(replayFrame(timeline, ms('11:00:00')).at).toBe(ms('10:00:00'));
        expect(frame('11:00:00')).toEqual({ pathCount: 3, done: ['a', 'b'] });
    });

    it('answers the same set while no further stop is reached', () => {
        const early = replayFrame(timeline, ms('08:31:00')).doneStopIds;
        expect(replayFrame(timeline, ms('08:50:00')).doneStopIds).toBe(early);
        expect(replayFrame(timeline, ms('09:01:00')).doneStopIds).not.toBe(early);
    });
});

describe('playing the replay', () => {
    const timeline = replayTimeline(tour);
    if (!timeline) throw new Error('no timeline');

    it('steps through the two hours in 600 steps of 12 seconds, stopping at the finish', () => {
        expect(nextReplayMoment(timeline, ms('08:00:00'))).toBe(ms('08:00:12'));
        expect(nextReplayMoment(timeline, ms('09:59:55'))).toBe(ms('10:00:00'));
        expect(nextReplayMoment(timeline, ms('10:00:00'))).toBe(ms('10:00:00'));
    });

    it('steps at least a second on a short day', () => {
        const short = { ...timeline, end: timeline.start + 60_000 };
        expect(nextReplayMoment(short, short.start)).toBe(short.start + 1_000);
    });
});
