import type { TourHistory } from '../../../domain/contracts/tour-history';

/**
 * The replay of a tour's day (issue 16 part 3): from its start to its finish, the vehicle's place,
 * the path driven and the stops done at any moment. Times are epoch milliseconds.
 */
export interface ReplayTimeline {
    start: number;
    end: number;
    /** The driven path's times, in order (the path as answered). */
    pathTimes: readonly number[];
    /** The stops that have an arrival, earliest first. */
    arrivals: readonly { id: string; at: number }[];
}

export interface ReplayFrame {
    /** The moment shown, within the timeline. */
    at: number;
    /** How many points of the path lie at or before it: the path driven so far is their slice. */
    pathCount: number;
    /** The stops arrived at by then (ATA at or before it). */
    doneStopIds: ReadonlySet<string>;
}

const time = (iso: string | null) => (iso === null ? null : Date.parse(iso));
const known = (values: readonly (number | null)[]) =>
    values.filter((value): value is number => value !== null && Number.isFinite(value));

/**
 * The span of the day: from the start (else the first position or arrival) to the finish (else
 * the last position, arrival or event, whichever is latest); null when nothing happened.
 */
export function replayTimeline(
    tour: Pick<
        TourHistory,
        'startedAt' | 'finishedAt' | 'lastEventAt' | 'drivenPath' | 'waypoints'
    >,
): ReplayTimeline | null {
    const pathTimes = tour.drivenPath.map((point) => Date.parse(point.at));
    const arrivals = tour.waypoints
        .flatMap((stop) => {
            const at = time(stop.ata);
            return at === null || !Number.isFinite(at) ? [] : [{ id: stop.id, at }];
        })
        .sort((a, b) => a.at - b.at);
    const events = known([...pathTimes, ...arrivals.map((arrival) => arrival.at)]);
    const start = time(tour.startedAt) ?? (events.length ? Math.min(...events) : null);
    if (start === null) return null;
    const end =
        time(tour.finishedAt) ?? Math.max(start, ...events, ...known([time(tour.lastEventAt)]));
    return { start, end: Math.max(start, end), pathTimes, arrivals };
}

/** The number of `items` (sorted by `timeOf`) at or before `at` (binary search). */
function countUpTo<T>(items: readonly T[], timeOf: (item: T) => number, at: number): number {
    let low = 0;
    let high = items.length;
    while (low < high) {
        const middle = (low + high) >> 1;
        const item = items[middle];
        if (item !== undefined && timeOf(item) <= at) low = middle + 1;
        else high = middle;
    }
    return low;
}

/**
 * The set of the first `count` arrivals, one object per count and timeline, so a view can keep
 * what it drew while the replay moves on without reaching another stop.
 */
const reachedSets = new WeakMap<ReplayTimeline, Map<number, ReadonlySet<string>>>();
function reachedSet(timeline: ReplayTimeline, count: number): ReadonlySet<string> {
    let sets = reachedSets.get(timeline);
    if (!sets) {
        sets = new Map();
        reachedSets.set(timeline, sets);
    }
    let set = sets.get(count);
    if (!set) {
        set = new Set(timeline.arrivals.slice(0, count).map((arrival) => arrival.id));
        sets.set(count, set);
    }
    return set;
}

/** What the replay shows at `at` (kept within the timeline). */
export function replayFrame(timeline: ReplayTimeline, at: number): ReplayFrame {
    const clamped = Math.min(timeline.end, Math.max(timeline.start, at));
    const reached = countUpTo(timeline.arrivals, (arrival) => arrival.at, clamped);
    return {
        at: clamped,
        pathCount: countUpTo(timeline.pathTimes, (pathTime) => pathTime, clamped),
        doneStopIds: reachedSet(timeline, reached),
    };
}

/** Playing shows the whole day in about this many steps (a minute at 10 steps a second). */
const REPLAY_STEPS = 600;

/** The next moment while playing: one step on, never past the end. */
export function nextReplayMoment(timeline: ReplayTimeline, at: number): number {
    const step = Math.max(1_000, (timeline.end - timeline.start) / REPLAY_STEPS);
    return Math.min(timeline.end, at + step);
}
