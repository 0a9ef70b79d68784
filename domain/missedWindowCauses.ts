/**
 * Missed arrival windows and their most likely cause (issue 16 part 7): a done stop whose arrival
 * lies more than the tolerance outside its time frame, and the first cause whose rule matches.
 * Rolled up per driver or subcontractor by summing the tallies. Written down in docs/analytics.md.
 */
import { TIME_FRAME_TOLERANCE_MINUTES } from './depotTourDetail.js';
import type { NotConsideredReason } from './notConsideredReasons.js';
import type { WaypointState } from './tours.js';

export const missedWindowCauses = [
    'ADDRESS_ERROR',
    'LATE_DEPARTURE',
    'SERVICE_TIME_OVERRUN',
    'SEQUENCE_DEVIATION',
    'TRAFFIC',
] as const;
export type MissedWindowCause = (typeof missedWindowCauses)[number];

/** EARLY: arrived before the frame's start minus the tolerance; LATE: after its end plus it. */
export const windowMisses = ['EARLY', 'LATE'] as const;
export type WindowMiss = (typeof windowMisses)[number];

/** A late start explains a late arrival from this many minutes of delay… */
export const LATE_DEPARTURE_MIN_MINUTES = 15;
/** …when it makes up at least this share of the lateness (so does a service overrun). */
export const CAUSE_SHARE_OF_LATENESS = 0.5;
/** Served this many positions or more later (early: earlier) than suggested. */
export const SEQUENCE_DEVIATION_POSITIONS = 3;
/** The service time model of the ETAs (domain/tourProgress.ts): 60 s plus 30 s per job. */
export const SERVICE_MODEL_BASE_SECONDS = 60;
export const SERVICE_MODEL_PER_JOB_SECONDS = 30;

const MINUTE_MS = 60_000;

/** How a done stop missed its window, and by how many minutes past the frame's edge. */
export interface WindowMissFigures {
    miss: WindowMiss;
    minutes: number;
}

/** The miss of a done stop's time frame (domain §9 tolerance of 15 minutes); null when kept. */
export function windowMissOf(stop: {
    state: WaypointState;
    ata: Date | null;
    timeFrameFrom: Date | null;
    timeFrameTo: Date | null;
}): WindowMissFigures | null {
    if (stop.state !== 'DONE' || !stop.ata) return null;
    const ata = stop.ata.getTime();
    const tolerance = TIME_FRAME_TOLERANCE_MINUTES * MINUTE_MS;
    if (stop.timeFrameTo && ata > stop.timeFrameTo.getTime() + tolerance)
        return { miss: 'LATE', minutes: (ata - stop.timeFrameTo.getTime()) / MINUTE_MS };
    if (stop.timeFrameFrom && ata < stop.timeFrameFrom.getTime() - tolerance)
        return { miss: 'EARLY', minutes: (stop.timeFrameFrom.getTime() - ata) / MINUTE_MS };
    return null;
}

/** The minutes the ETA model plans at a stop with `jobs` jobs. */
export const modelServiceMinutes = (jobs: number): number =>
    (SERVICE_MODEL_BASE_SECONDS + SERVICE_MODEL_PER_JOB_SECONDS * jobs) / 60;

export interface MissedWindowEvidence extends WindowMissFigures {
    notConsideredReason: NotConsideredReason | null;
    startDelayMinutes: number | null;
    /** Driven position minus suggested position among the done stops; positive: served later. */
    positionShift: number | null;
    /** The service minutes of the stops served before it, minus the model's minutes for them. */
    serviceOverrunMinutes: number | null;
}

/** The most likely cause of a missed window: the first rule that matches (docs/analytics.md). */
export function missedWindowCause(evidence: MissedWindowEvidence): MissedWindowCause {
    const shift = evidence.positionShift ?? 0;
    if (evidence.miss === 'EARLY')
        return shift <= -SEQUENCE_DEVIATION_POSITIONS ? 'SEQUENCE_DEVIATION' : 'TRAFFIC';
    const explains = (minutes: number | null) =>
        minutes !== null && minutes >= CAUSE_SHARE_OF_LATENESS * evidence.minutes;
    const reason = evidence.notConsideredReason;
    if (reason === 'INVALID_ADDRESS' || reason === 'LOCATION_FAR_OFF') return 'ADDRESS_ERROR';
    const delay = evidence.startDelayMinutes;
    if (delay !== null && delay >= LATE_DEPARTURE_MIN_MINUTES && explains(delay))
        return 'LATE_DEPARTURE';
    if (shift >= SEQUENCE_DEVIATION_POSITIONS) return 'SEQUENCE_DEVIATION';
    if (explains(evidence.serviceOverrunMinutes)) return 'SERVICE_TIME_OVERRUN';
    return 'TRAFFIC';
}

export interface MissedWindowTally {
    total: number;
    byCause: Record<MissedWindowCause, number>;
}

const emptyTally = (): MissedWindowTally => ({
    total: 0,
    byCause: {
        ADDRESS_ERROR: 0,
        LATE_DEPARTURE: 0,
        SERVICE_TIME_OVERRUN: 0,
        SEQUENCE_DEVIATION: 0,
        TRAFFIC: 0,
    },
});

/** The tally of one tour's missed windows by cause. */
export function tallyMissedWindows(causes: readonly MissedWindowCause[]): MissedWindowTally {
    const tally = emptyTally();
    for (const cause of causes) {
        tally.total++;
        tally.byCause[cause]++;
    }
    return tally;
}

/** Several tours' tallies summed (per driver, per subcontractor). */
export function rollUpMissedWindows(rows: readonly MissedWindowTally[]): MissedWindowTally {
    const sum = emptyTally();
    for (const row of rows) {
        sum.total += row.total;
        for (const cause of missedWindowCauses) sum.byCause[cause] += row.byCause[cause] ?? 0;
    }
    return sum;
}

export interface TimeFrameTally {
    total: number;
    missed: number;
}

/** A done stop, as the time frames of its tour need it. */
export interface WindowStop {
    id: string;
    state: WaypointState;
    ata: Date | null;
    timeFrameFrom: Date | null;
    timeFrameTo: Date | null;
    timeFrameSource: 'ASSIGNMENT' | 'DRIVER' | null;
    jobs: number;
    /** Null when its departure is unknown. */
    serviceMinutes: number | null;
    notConsideredReason: NotConsideredReason | null;
    positionShift: number | null;
}

export interface TourWindows {
    /** Done stops with a time frame: DRIVER frames, and the system's (assignments; no source). */
    timeFrames: { driver: TimeFrameTally; system: TimeFrameTally };
    misses: Map<string, { miss: WindowMiss; cause: MissedWindowCause }>;
    tally: MissedWindowTally;
}

/** The time frames of a tour's done stops (given in driven order), missed ones with their cause. */
export function tourWindows(
    stops: readonly WindowStop[],
    startDelayMinutes: number | null,
): TourWindows {
    const timeFrames = { driver: { total: 0, missed: 0 }, system: { total: 0, missed: 0 } };
    const misses: TourWindows['misses'] = new Map();
    let overrunBefore = 0;
    for (const stop of stops) {
        if (stop.state === 'DONE' && stop.ata && (stop.timeFrameFrom || stop.timeFrameTo)) {
            const frames =
                stop.timeFrameSource === 'DRIVER' ? timeFrames.driver : timeFrames.system;
            frames.total++;
            const miss = windowMissOf(stop);
            if (miss) {
                frames.missed++;
                const cause = missedWindowCause({
                    ...miss,
                    notConsideredReason: stop.notConsideredReason,
                    startDelayMinutes,
                    positionShift: stop.positionShift,
                    serviceOverrunMinutes: overrunBefore,
                });
                misses.set(stop.id, { miss: miss.miss, cause });
            }
        }
        // Stops without a known service time add nothing to the overrun of the stops after them.
        if (stop.serviceMinutes !== null)
            overrunBefore += stop.serviceMinutes - modelServiceMinutes(stop.jobs);
    }
    const tally = tallyMissedWindows([...misses.values()].map((entry) => entry.cause));
    return { timeFrames, misses, tally };
}
