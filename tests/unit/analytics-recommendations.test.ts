import { describe, expect, it } from 'vitest';
import {
    FIRSTWP_OVERUSE_CHANGES,
    LOW_SEQUENCE_FIDELITY_PERCENT,
    MISSED_TIMEFRAMES_MIN_FRAMES,
    MISSED_TIMEFRAMES_PERCENT,
    MULTIPLE_LOGIN_DEVICES,
    MULTIPLE_LOGINS,
    OPTIMIZE_SEQUENCE_REQUESTS,
    WRONG_START_TIME_MINUTES,
    recommendationCodes,
    sequenceFigures,
    tourRecommendations,
    type RecommendationCode,
    type RecommendationFigures,
} from '../../domain/recommendations.js';

/** The recommendation rules (domain/recommendations.ts), each at its threshold and one past it. */

/** A day that raises nothing. */
const quiet: RecommendationFigures = {
    startedBeforeSequence: false,
    firstWaypointChanges: 0,
    appUsage: 'NORMAL',
    appForegroundMinutes: 300,
    sequenceFidelity: 100,
    timeFrames: { driver: { total: 0, missed: 0 }, system: { total: 0, missed: 0 } },
    logins: 1,
    loginDevices: 1,
    sequenceRequests: 1,
    startDelayMinutes: 0,
};
const raised = (changes: Partial<RecommendationFigures>) =>
    tourRecommendations({ ...quiet, ...changes });

describe('thresholds', () => {
    it('are the documented ones', () => {
        expect(recommendationCodes).toHaveLength(9);
        expect(FIRSTWP_OVERUSE_CHANGES).toBe(3);
        expect(LOW_SEQUENCE_FIDELITY_PERCENT).toBe(70);
        expect(MISSED_TIMEFRAMES_PERCENT).toBe(20);
        expect(MISSED_TIMEFRAMES_MIN_FRAMES).toBe(3);
        expect(MULTIPLE_LOGIN_DEVICES).toBe(2);
        expect(MULTIPLE_LOGINS).toBe(3);
        expect(OPTIMIZE_SEQUENCE_REQUESTS).toBe(4);
        expect(WRONG_START_TIME_MINUTES).toBe(30);
    });
});

describe('tourRecommendations', () => {
    it('raises nothing on a quiet day', () => {
        expect(tourRecommendations(quiet)).toEqual([]);
    });

    it('FIRSTWP_MISSING_AT_START when the tour started without a suggested order', () => {
        expect(raised({ startedBeforeSequence: true })).toEqual([
            { code: 'FIRSTWP_MISSING_AT_START', value: 0, threshold: 1 },
        ]);
    });

    it('FIRSTWP_OVERUSE from 3 changes of the first waypoint', () => {
        expect(raised({ firstWaypointChanges: 2 })).toEqual([]);
        expect(raised({ firstWaypointChanges: 3 })).toEqual([
            { code: 'FIRSTWP_OVERUSE', value: 3, threshold: 3 },
        ]);
    });

    it('LOW_APP_ACTIVITY when the app usage is LOW, with its foreground minutes', () => {
        expect(raised({ appUsage: 'LOW', appForegroundMinutes: 59 })).toEqual([
            { code: 'LOW_APP_ACTIVITY', value: 59, threshold: 60 },
        ]);
        expect(raised({ appUsage: 'NOT_USED', appForegroundMinutes: null })).toEqual([]);
    });

    it('LOW_SEQUENCE_FIDELITY under 70 %', () => {
        expect(raised({ sequenceFidelity: 70 })).toEqual([]);
        expect(raised({ sequenceFidelity: 69 })).toEqual([
            { code: 'LOW_SEQUENCE_FIDELITY', value: 69, threshold: 70 },
        ]);
        expect(raised({ sequenceFidelity: null })).toEqual([]);
    });

    it('MISSED_DRIVER_TIMEFRAMES over 20 % missed of at least 3 frames', () => {
        const driver = (total: number, missed: number) =>
            raised({ timeFrames: { driver: { total, missed }, system: { total: 0, missed: 0 } } });
        expect(driver(5, 1)).toEqual([]); // 20 %
        expect(driver(9, 2)).toEqual([
            { code: 'MISSED_DRIVER_TIMEFRAMES', value: 22.2, threshold: 20 },
        ]);
        expect(driver(2, 2)).toEqual([]); // 100 % but only 2 frames
        expect(driver(3, 1)).toEqual([
            { code: 'MISSED_DRIVER_TIMEFRAMES', value: 33.3, threshold: 20 },
        ]);
    });

    it('MISSED_SYSTEM_TIMEFRAMES by the same rule on the system frames', () => {
        const system = (total: number, missed: number) =>
            raised({ timeFrames: { driver: { total: 0, missed: 0 }, system: { total, missed } } });
        expect(system(10, 2)).toEqual([]);
        expect(system(10, 3)).toEqual([
            { code: 'MISSED_SYSTEM_TIMEFRAMES', value: 30, threshold: 20 },
        ]);
    });

    it('MULTIPLE_APP_LOGINS from 2 devices, or else from 3 logins', () => {
        expect(raised({ logins: 2, loginDevices: 1 })).toEqual([]);
        expect(raised({ logins: 2, loginDevices: 2 })).toEqual([
            { code: 'MULTIPLE_APP_LOGINS', value: 2, threshold: 2 },
        ]);
        expect(raised({ logins: 3, loginDevices: 1 })).toEqual([
            { code: 'MULTIPLE_APP_LOGINS', value: 3, threshold: 3 },
        ]);
    });

    it('OPTIMIZE_SEQUENCE_OVERUSE from 4 sequence requests', () => {
        expect(raised({ sequenceRequests: 3 })).toEqual([]);
        expect(raised({ sequenceRequests: 4 })).toEqual([
            { code: 'OPTIMIZE_SEQUENCE_OVERUSE', value: 4, threshold: 4 },
        ]);
    });

    it('WRONG_START_TIME beyond 30 minutes early or late', () => {
        expect(raised({ startDelayMinutes: 30 })).toEqual([]);
        expect(raised({ startDelayMinutes: -30 })).toEqual([]);
        expect(raised({ startDelayMinutes: 31 })).toEqual([
            { code: 'WRONG_START_TIME', value: 31, threshold: 30 },
        ]);
        expect(raised({ startDelayMinutes: -31 })).toEqual([
            { code: 'WRONG_START_TIME', value: -31, threshold: 30 },
        ]);
        expect(raised({ startDelayMinutes: null })).toEqual([]);
    });

    it('lists several in the order of the codes', () => {
        const codes: RecommendationCode[] = raised({
            startDelayMinutes: 45,
            sequenceRequests: 5,
            startedBeforeSequence: true,
        }).map((r) => r.code);
        expect(codes).toEqual([
            'FIRSTWP_MISSING_AT_START',
            'OPTIMIZE_SEQUENCE_OVERUSE',
            'WRONG_START_TIME',
        ]);
    });
});

describe('sequenceFigures', () => {
    const at = (time: string) => new Date(`2025-03-10T${time}:00Z`);
    const ms = (time: string) => at(time).getTime();
    const waypointIds = new Set(['a', 'b', 'c', 'd']);

    it('counts the requests and sees a start before the first one, or without any', () => {
        const sequences = [{ at: at('08:10'), sequence: ['a', 'b'] }];
        const figures = (startedAt: Date | null, list = sequences) =>
            sequenceFigures({ sequences: list, startedAt, waypointIds, doneAt: new Map() });
        expect(figures(at('08:09'))).toMatchObject({
            sequenceRequests: 1,
            startedBeforeSequence: true,
        });
        expect(figures(at('08:10')).startedBeforeSequence).toBe(false);
        expect(figures(at('07:00'), []).startedBeforeSequence).toBe(true);
        expect(figures(null, []).startedBeforeSequence).toBe(false);
    });

    it("counts later requests that put another stop first than the previous order's next", () => {
        const sequences = [
            // In any order: the figures sort them.
            { at: at('10:00'), sequence: ['d', 'c'] }, // next was c (a, b done): a change
            { at: at('08:00'), sequence: ['a', 'b', 'c', 'd'] },
            { at: at('09:00'), sequence: ['a', 'b', 'c', 'd'] }, // next a, as before
            { at: at('09:30'), sequence: ['b', 'c', 'd'] }, // a done at 09:30: next b, as before
            { at: at('11:00'), sequence: ['x', 'c'] }, // next was d; x is no waypoint, so c: a change
        ];
        const doneAt = new Map([
            ['a', ms('09:30')],
            ['b', ms('09:45')],
        ]);
        const figures = sequenceFigures({ sequences, startedAt: at('08:30'), waypointIds, doneAt });
        expect(figures).toEqual({
            sequenceRequests: 5,
            startedBeforeSequence: false,
            firstWaypointChanges: 2,
        });
    });

    it('does not count an order whose stops are all done', () => {
        const sequences = [
            { at: at('08:00'), sequence: ['a'] },
            { at: at('09:00'), sequence: ['b'] },
        ];
        const doneAt = new Map([['a', ms('08:30')]]);
        expect(
            sequenceFigures({ sequences, startedAt: at('08:30'), waypointIds, doneAt })
                .firstWaypointChanges,
        ).toBe(0);
    });
});
