/**
 * The recommendations of a tour's day (domain §4 tour recommendation codes): what the depot
 * should talk about with the driver, each with the figure that raised it and its threshold.
 * Written down in docs/analytics.md.
 */
import { LOW_APP_FOREGROUND_MINUTES } from './appActivity.js';
import type { AppUsageLevel } from './liveStatus.js';

export const recommendationCodes = [
    'FIRSTWP_MISSING_AT_START',
    'FIRSTWP_OVERUSE',
    'LOW_APP_ACTIVITY',
    'LOW_SEQUENCE_FIDELITY',
    'MISSED_DRIVER_TIMEFRAMES',
    'MISSED_SYSTEM_TIMEFRAMES',
    'MULTIPLE_APP_LOGINS',
    'OPTIMIZE_SEQUENCE_OVERUSE',
    'WRONG_START_TIME',
] as const;
export type RecommendationCode = (typeof recommendationCodes)[number];

/** The driver changed the app's first waypoint this many times or more. */
export const FIRSTWP_OVERUSE_CHANGES = 3;
/** Sequence fidelity under this many per cent. */
export const LOW_SEQUENCE_FIDELITY_PERCENT = 70;
/** More than this share (per cent) of the time frames missed… */
export const MISSED_TIMEFRAMES_PERCENT = 20;
/** …with at least this many time frames of the kind. */
export const MISSED_TIMEFRAMES_MIN_FRAMES = 3;
/** Logins from this many devices or more. */
export const MULTIPLE_LOGIN_DEVICES = 2;
/** Or this many logins or more. */
export const MULTIPLE_LOGINS = 3;
/** The app asked for a new order this many times or more. */
export const OPTIMIZE_SEQUENCE_REQUESTS = 4;
/** The tour started more than this many minutes before or after its planned start. */
export const WRONG_START_TIME_MINUTES = 30;

export interface Recommendation {
    code: RecommendationCode;
    /** The figure that raised it: a count, minutes or per cent (as its threshold). */
    value: number;
    threshold: number;
}

interface FrameTally {
    total: number;
    missed: number;
}

/** The day's figures the recommendations are drawn from (see domain/tourAnalytics.ts). */
export interface RecommendationFigures {
    startedBeforeSequence: boolean;
    firstWaypointChanges: number;
    appUsage: AppUsageLevel;
    appForegroundMinutes: number | null;
    sequenceFidelity: number | null;
    timeFrames: { driver: FrameTally; system: FrameTally };
    logins: number;
    loginDevices: number;
    sequenceRequests: number;
    startDelayMinutes: number | null;
}

/** The missed share in per cent (one decimal) when it raises a recommendation, else null. */
function missedShare(frames: FrameTally): number | null {
    if (frames.total < MISSED_TIMEFRAMES_MIN_FRAMES) return null;
    const percent = (100 * frames.missed) / frames.total;
    return percent > MISSED_TIMEFRAMES_PERCENT ? Math.round(percent * 10) / 10 : null;
}

/** The recommendations the figures raise, in the order of `recommendationCodes`. */
export function tourRecommendations(figures: RecommendationFigures): Recommendation[] {
    const found: Recommendation[] = [];
    const add = (code: RecommendationCode, value: number, threshold: number) =>
        found.push({ code, value, threshold });
    // Value: the SEQUENCE events before the start (none); at least one was needed.
    if (figures.startedBeforeSequence) add('FIRSTWP_MISSING_AT_START', 0, 1);
    if (figures.firstWaypointChanges >= FIRSTWP_OVERUSE_CHANGES)
        add('FIRSTWP_OVERUSE', figures.firstWaypointChanges, FIRSTWP_OVERUSE_CHANGES);
    if (figures.appUsage === 'LOW' && figures.appForegroundMinutes !== null)
        add('LOW_APP_ACTIVITY', figures.appForegroundMinutes, LOW_APP_FOREGROUND_MINUTES);
    if (
        figures.sequenceFidelity !== null &&
        figures.sequenceFidelity < LOW_SEQUENCE_FIDELITY_PERCENT
    )
        add('LOW_SEQUENCE_FIDELITY', figures.sequenceFidelity, LOW_SEQUENCE_FIDELITY_PERCENT);
    const driver = missedShare(figures.timeFrames.driver);
    if (driver !== null) add('MISSED_DRIVER_TIMEFRAMES', driver, MISSED_TIMEFRAMES_PERCENT);
    const system = missedShare(figures.timeFrames.system);
    if (system !== null) add('MISSED_SYSTEM_TIMEFRAMES', system, MISSED_TIMEFRAMES_PERCENT);
    if (figures.loginDevices >= MULTIPLE_LOGIN_DEVICES)
        add('MULTIPLE_APP_LOGINS', figures.loginDevices, MULTIPLE_LOGIN_DEVICES);
    else if (figures.logins >= MULTIPLE_LOGINS)
        add('MULTIPLE_APP_LOGINS', figures.logins, MULTIPLE_LOGINS);
    if (figures.sequenceRequests >= OPTIMIZE_SEQUENCE_REQUESTS)
        add('OPTIMIZE_SEQUENCE_OVERUSE', figures.sequenceRequests, OPTIMIZE_SEQUENCE_REQUESTS);
    if (
        figures.startDelayMinutes !== null &&
        Math.abs(figures.startDelayMinutes) > WRONG_START_TIME_MINUTES
    )
        add('WRONG_START_TIME', figures.startDelayMinutes, WRONG_START_TIME_MINUTES);
    return found;
}

export interface SequenceFigures {
    sequenceRequests: number;
    startedBeforeSequence: boolean;
    firstWaypointChanges: number;
}

/**
 * What the SEQUENCE events say: how many there were; whether the tour started before the first
 * (or without any); and how many of the later ones put another stop first than the previous
 * order's next stop at that moment (its first stop not done then; `doneAt`, epoch ms).
 */
export function sequenceFigures(day: {
    sequences: readonly { at: Date; sequence?: readonly string[] }[];
    startedAt: Date | null;
    waypointIds: ReadonlySet<string>;
    doneAt: ReadonlyMap<string, number>;
}): SequenceFigures {
    const sequences = [...day.sequences].sort((a, b) => a.at.getTime() - b.at.getTime());
    const nextStop = (order: readonly string[] | undefined, at: number) =>
        order?.find((id) => day.waypointIds.has(id) && !((day.doneAt.get(id) ?? Infinity) <= at)) ??
        null;
    let firstWaypointChanges = 0;
    for (let i = 1; i < sequences.length; i++) {
        const at = sequences[i]?.at.getTime() ?? 0;
        const before = nextStop(sequences[i - 1]?.sequence, at);
        const now = nextStop(sequences[i]?.sequence, at);
        if (before !== null && now !== null && before !== now) firstWaypointChanges++;
    }
    const first = sequences[0]?.at.getTime();
    const started = day.startedAt?.getTime();
    return {
        sequenceRequests: sequences.length,
        startedBeforeSequence: started !== undefined && (first === undefined || started < first),
        firstWaypointChanges,
    };
}
