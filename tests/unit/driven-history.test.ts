import { describe, expect, it } from 'vitest';
import {
    DRIVEN_HISTORY_DAYS,
    SEQUENCE_DIFFERENCE_RED,
    arrivalDeviationMinutes,
    drivenHistoryCovers,
    drivenStopPositions,
    isSequenceDifferenceRed,
} from '../../domain/drivenHistory';

/** Issue 16 part 3, domain §9: the driven history's 30 days and its 10-waypoint difference. */

const stop = (
    id: string,
    plannedSequence: number,
    suggestedSequence: number | null,
    drivenSequence: number | null,
) => ({ id, plannedSequence, suggestedSequence, drivenSequence });

describe('how far back the driven history reaches', () => {
    it('is the spec’s 30 days', () => {
        expect(DRIVEN_HISTORY_DAYS).toBe(30);
    });

    it('covers today and the 29 days before, not the 30th', () => {
        expect(drivenHistoryCovers('2026-03-30', '2026-03-30')).toBe(true);
        expect(drivenHistoryCovers('2026-03-01', '2026-03-30')).toBe(true);
        expect(drivenHistoryCovers('2026-02-28', '2026-03-30')).toBe(false);
        expect(drivenHistoryCovers('2025-12-31', '2026-03-30')).toBe(false);
    });

    it('counts calendar days across month ends and leap days', () => {
        // 2024 is a leap year: 1 February to 1 March is 29 days.
        expect(drivenHistoryCovers('2024-02-01', '2024-03-01')).toBe(true);
        // 2023 is not: 30 January to 1 March is 30 days.
        expect(drivenHistoryCovers('2023-01-30', '2023-03-01')).toBe(false);
        expect(drivenHistoryCovers('2023-01-31', '2023-03-01')).toBe(true);
    });

    it('covers a planned tour of a later day', () => {
        expect(drivenHistoryCovers('2026-03-31', '2026-03-30')).toBe(true);
    });
});

describe('the 10-waypoint difference', () => {
    it('turns red past 10 positions, early or late', () => {
        expect(SEQUENCE_DIFFERENCE_RED).toBe(10);
        expect(isSequenceDifferenceRed(10)).toBe(false);
        expect(isSequenceDifferenceRed(11)).toBe(true);
        expect(isSequenceDifferenceRed(-10)).toBe(false);
        expect(isSequenceDifferenceRed(-11)).toBe(true);
        expect(isSequenceDifferenceRed(0)).toBe(false);
        expect(isSequenceDifferenceRed(null)).toBe(false);
    });
});

describe('driven and suggested positions', () => {
    it('counts both among the driven stops; a stop not driven has none', () => {
        const positions = drivenStopPositions([
            stop('a', 1, 1, 2),
            stop('b', 2, 2, 1),
            stop('c', 3, 3, null),
            stop('d', 4, 4, 3),
        ]);
        expect(Object.fromEntries(positions)).toEqual({
            a: { drivenPosition: 2, suggestedPosition: 1, difference: 1, red: false },
            b: { drivenPosition: 1, suggestedPosition: 2, difference: -1, red: false },
            d: { drivenPosition: 3, suggestedPosition: 3, difference: 0, red: false },
        });
    });

    it('takes the planned order where the app suggested none', () => {
        const positions = drivenStopPositions([stop('a', 2, null, 1), stop('b', 1, null, 2)]);
        expect(positions.get('a')).toMatchObject({ suggestedPosition: 2, difference: -1 });
        expect(positions.get('b')).toMatchObject({ suggestedPosition: 1, difference: 1 });
    });

    it('marks the stop suggested first but driven as the 12th of 12: 11 positions late', () => {
        // Suggested 1…12; driven 2, 3, …, 12, then 1.
        const stops = Array.from({ length: 12 }, (_, index) =>
            stop(`s${index + 1}`, index + 1, index + 1, index === 0 ? 12 : index),
        );
        const positions = drivenStopPositions(stops);
        expect(positions.get('s1')).toEqual({
            drivenPosition: 12,
            suggestedPosition: 1,
            difference: 11,
            red: true,
        });
        expect(positions.get('s2')).toEqual({
            drivenPosition: 1,
            suggestedPosition: 2,
            difference: -1,
            red: false,
        });
    });

    it('leaves a difference of exactly 10 uncoloured', () => {
        // Suggested 1…11; the first driven last: 10 positions late.
        const stops = Array.from({ length: 11 }, (_, index) =>
            stop(`s${index + 1}`, index + 1, index + 1, index === 0 ? 11 : index),
        );
        expect(drivenStopPositions(stops).get('s1')).toMatchObject({
            difference: 10,
            red: false,
        });
    });
});

describe('the arrival against the first ETA', () => {
    it('is whole minutes, halves away from zero, positive when later', () => {
        const eta = '2026-03-02T08:00:00.000Z';
        expect(arrivalDeviationMinutes(eta, '2026-03-02T08:10:29.000Z')).toBe(10);
        expect(arrivalDeviationMinutes(eta, '2026-03-02T08:10:30.000Z')).toBe(11);
        expect(arrivalDeviationMinutes(eta, '2026-03-02T07:49:30.000Z')).toBe(-11);
        expect(arrivalDeviationMinutes(eta, eta)).toBe(0);
    });

    it('is null without both times', () => {
        expect(arrivalDeviationMinutes(null, '2026-03-02T08:00:00.000Z')).toBeNull();
        expect(arrivalDeviationMinutes('2026-03-02T08:00:00.000Z', null)).toBeNull();
    });
});
