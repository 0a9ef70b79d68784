import { describe, expect, it } from 'vitest';
import {
    CAUSE_SHARE_OF_LATENESS,
    LATE_DEPARTURE_MIN_MINUTES,
    SEQUENCE_DEVIATION_POSITIONS,
    SERVICE_MODEL_BASE_SECONDS,
    SERVICE_MODEL_PER_JOB_SECONDS,
    missedWindowCause,
    missedWindowCauses,
    modelServiceMinutes,
    rollUpMissedWindows,
    tallyMissedWindows,
    tourWindows,
    windowMissOf,
    windowMisses,
    type MissedWindowEvidence,
    type WindowStop,
} from '../../domain/missedWindowCauses.js';

/** Missed arrival windows and their causes (domain/missedWindowCauses.ts). */

const at = (time: string) => new Date(`2025-03-10T${time.length === 5 ? `${time}:00` : time}Z`);

describe('thresholds', () => {
    it('are the documented ones', () => {
        expect(missedWindowCauses).toEqual([
            'ADDRESS_ERROR',
            'LATE_DEPARTURE',
            'SERVICE_TIME_OVERRUN',
            'SEQUENCE_DEVIATION',
            'TRAFFIC',
        ]);
        expect(windowMisses).toEqual(['EARLY', 'LATE']);
        expect(LATE_DEPARTURE_MIN_MINUTES).toBe(15);
        expect(CAUSE_SHARE_OF_LATENESS).toBe(0.5);
        expect(SEQUENCE_DEVIATION_POSITIONS).toBe(3);
        expect(SERVICE_MODEL_BASE_SECONDS).toBe(60);
        expect(SERVICE_MODEL_PER_JOB_SECONDS).toBe(30);
    });
});

describe('windowMissOf', () => {
    const frame = (ata: string | null, changes: object = {}) =>
        windowMissOf({
            state: 'DONE',
            ata: ata === null ? null : at(ata),
            timeFrameFrom: at('10:00'),
            timeFrameTo: at('11:00'),
            ...changes,
        });

    it('is LATE after the end plus 15 minutes, by the minutes past the end', () => {
        expect(frame('11:15:00')).toBeNull();
        expect(frame('11:16:00')).toEqual({ miss: 'LATE', minutes: 16 });
        expect(frame('11:15:01')?.miss).toBe('LATE');
    });

    it('is EARLY before the start minus 15 minutes, by the minutes before the start', () => {
        expect(frame('09:45:00')).toBeNull();
        expect(frame('09:44:00')).toEqual({ miss: 'EARLY', minutes: 16 });
        expect(frame('09:44:59')?.miss).toBe('EARLY');
    });

    it('checks the edge the frame has, and done stops with an arrival only', () => {
        expect(frame('08:00', { timeFrameFrom: null })).toBeNull();
        expect(frame('13:00', { timeFrameTo: null })).toBeNull();
        expect(frame('13:00', { state: 'CURRENT' })).toBeNull();
        expect(frame(null)).toBeNull();
    });
});

describe('modelServiceMinutes', () => {
    it('is 60 s plus 30 s per job', () => {
        expect(modelServiceMinutes(0)).toBe(1);
        expect(modelServiceMinutes(3)).toBe(2.5);
    });
});

describe('missedWindowCause', () => {
    /** 40 minutes late, nothing else known. */
    const late = (changes: Partial<MissedWindowEvidence> = {}) =>
        missedWindowCause({
            miss: 'LATE',
            minutes: 40,
            notConsideredReason: null,
            startDelayMinutes: 0,
            positionShift: 0,
            serviceOverrunMinutes: 0,
            ...changes,
        });
    const early = (changes: Partial<MissedWindowEvidence> = {}) =>
        late({ miss: 'EARLY', minutes: 40, ...changes });

    it('is TRAFFIC when nothing else explains it', () => {
        expect(late()).toBe('TRAFFIC');
        expect(
            late({ startDelayMinutes: null, positionShift: null, serviceOverrunMinutes: null }),
        ).toBe('TRAFFIC');
    });

    it('is ADDRESS_ERROR for an invalid address or a device far off', () => {
        expect(late({ notConsideredReason: 'INVALID_ADDRESS' })).toBe('ADDRESS_ERROR');
        expect(late({ notConsideredReason: 'LOCATION_FAR_OFF' })).toBe('ADDRESS_ERROR');
        expect(late({ notConsideredReason: 'NO_ONSITE_SCANEVENT' })).toBe('TRAFFIC');
    });

    it('is LATE_DEPARTURE from a 15-minute late start that is half the lateness or more', () => {
        expect(late({ startDelayMinutes: 20 })).toBe('LATE_DEPARTURE');
        expect(late({ startDelayMinutes: 19 })).toBe('TRAFFIC');
        expect(late({ minutes: 30, startDelayMinutes: 15 })).toBe('LATE_DEPARTURE');
        expect(late({ minutes: 20, startDelayMinutes: 14 })).toBe('TRAFFIC');
    });

    it('is SEQUENCE_DEVIATION when served 3 positions later than suggested or more', () => {
        expect(late({ positionShift: 3 })).toBe('SEQUENCE_DEVIATION');
        expect(late({ positionShift: 2 })).toBe('TRAFFIC');
    });

    it('is SERVICE_TIME_OVERRUN when the stops before overran the model by half the lateness', () => {
        expect(late({ serviceOverrunMinutes: 20 })).toBe('SERVICE_TIME_OVERRUN');
        expect(late({ serviceOverrunMinutes: 19.9 })).toBe('TRAFFIC');
    });

    it('takes the first cause that matches', () => {
        const all = { startDelayMinutes: 20, positionShift: 5, serviceOverrunMinutes: 30 };
        expect(late({ ...all, notConsideredReason: 'INVALID_ADDRESS' })).toBe('ADDRESS_ERROR');
        expect(late(all)).toBe('LATE_DEPARTURE');
        expect(late({ ...all, startDelayMinutes: 0 })).toBe('SEQUENCE_DEVIATION');
    });

    it('explains an early arrival by an earlier service than suggested, else by traffic', () => {
        expect(early({ positionShift: -3 })).toBe('SEQUENCE_DEVIATION');
        expect(early({ positionShift: -2 })).toBe('TRAFFIC');
        expect(early({ positionShift: 5 })).toBe('TRAFFIC');
        expect(early({ notConsideredReason: 'INVALID_ADDRESS', startDelayMinutes: 40 })).toBe(
            'TRAFFIC',
        );
    });
});

describe('tallies', () => {
    it('count one tour and sum several', () => {
        const one = tallyMissedWindows(['TRAFFIC', 'TRAFFIC', 'LATE_DEPARTURE']);
        expect(one).toEqual({
            total: 3,
            byCause: {
                ADDRESS_ERROR: 0,
                LATE_DEPARTURE: 1,
                SERVICE_TIME_OVERRUN: 0,
                SEQUENCE_DEVIATION: 0,
                TRAFFIC: 2,
            },
        });
        const two = tallyMissedWindows(['ADDRESS_ERROR']);
        expect(rollUpMissedWindows([one, two, tallyMissedWindows([])])).toEqual({
            total: 4,
            byCause: {
                ADDRESS_ERROR: 1,
                LATE_DEPARTURE: 1,
                SERVICE_TIME_OVERRUN: 0,
                SEQUENCE_DEVIATION: 0,
                TRAFFIC: 2,
            },
        });
    });
});

describe('tourWindows', () => {
    const stop = (id: string, changes: Partial<WindowStop>): WindowStop => ({
        id,
        state: 'DONE',
        ata: null,
        timeFrameFrom: null,
        timeFrameTo: null,
        timeFrameSource: null,
        jobs: 0,
        serviceMinutes: null,
        notConsideredReason: null,
        positionShift: 0,
        ...changes,
    });

    it("tallies the driver's and the system's frames and finds each miss's cause", () => {
        const stops = [
            // Kept; 10 minutes of service against the model's 2: 8 over.
            stop('s1', {
                ata: at('10:30'),
                timeFrameFrom: at('10:00'),
                timeFrameTo: at('11:00'),
                timeFrameSource: 'DRIVER',
                jobs: 2,
                serviceMinutes: 10,
            }),
            // 30 late, 8 over before it (under 15): traffic. 12 against 1: 19 over after it.
            stop('s2', {
                ata: at('11:30'),
                timeFrameTo: at('11:00'),
                timeFrameSource: 'ASSIGNMENT',
                serviceMinutes: 12,
            }),
            // A frame without a source is the system's. 36 late, 19 over before it (≥ 18).
            stop('s3', { ata: at('13:36'), timeFrameFrom: at('12:00'), timeFrameTo: at('13:00') }),
            // 60 early, served 4 positions earlier than suggested.
            stop('s4', {
                ata: at('14:00'),
                timeFrameFrom: at('15:00'),
                timeFrameSource: 'DRIVER',
                positionShift: -4,
            }),
            stop('s5', { ata: at('15:00') }),
        ];
        const windows = tourWindows(stops, 0);
        expect(windows.timeFrames).toEqual({
            driver: { total: 2, missed: 1 },
            system: { total: 2, missed: 2 },
        });
        expect(windows.misses).toEqual(
            new Map([
                ['s2', { miss: 'LATE', cause: 'TRAFFIC' }],
                ['s3', { miss: 'LATE', cause: 'SERVICE_TIME_OVERRUN' }],
                ['s4', { miss: 'EARLY', cause: 'SEQUENCE_DEVIATION' }],
            ]),
        );
        expect(windows.tally.total).toBe(3);
        expect(windows.tally.byCause).toMatchObject({
            TRAFFIC: 1,
            SERVICE_TIME_OVERRUN: 1,
            SEQUENCE_DEVIATION: 1,
        });
    });
});
