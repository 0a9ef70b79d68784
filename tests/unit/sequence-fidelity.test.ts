import { describe, expect, it } from 'vitest';
import { orderFidelity, tourSequenceFidelity } from '../../domain/sequenceFidelity.js';

/** Sequence fidelity (domain/sequenceFidelity.ts) on hand-made orders. */
describe('orderFidelity', () => {
    it('is 1 for the suggested order and for nothing driven', () => {
        expect(orderFidelity([1, 2, 3, 4], [1, 2, 3, 4])).toBe(1);
        expect(orderFidelity([1, 2, 3], [])).toBe(1);
    });

    it('costs one stop for a stop done early, not every stop after it', () => {
        // 4 first, then 1 2 3 5 in order: the longest run in order is 1 2 3 5 (4 of 5).
        expect(orderFidelity([1, 2, 3, 4, 5], [4, 1, 2, 3, 5])).toBe(0.8);
    });

    it('is 1/n for the reversed order', () => {
        expect(orderFidelity([1, 2, 3, 4], [4, 3, 2, 1])).toBe(0.25);
    });

    it('measures the stops driven so far', () => {
        // 2 before 1: one of the two in order.
        expect(orderFidelity(['a', 'b', 'c'], ['b', 'a'])).toBe(0.5);
    });
});

describe('tourSequenceFidelity', () => {
    const stop = (planned: number, suggested: number | null, driven: number | null) => ({
        plannedSequence: planned,
        suggestedSequence: suggested,
        drivenSequence: driven,
    });

    it('is null while no stop is done', () => {
        expect(tourSequenceFidelity([stop(1, null, null), stop(2, null, null)])).toBeNull();
    });

    it('follows the planned order when the app suggested none', () => {
        expect(tourSequenceFidelity([stop(1, null, 2), stop(2, null, 1), stop(3, null, 3)])).toBe(
            67,
        );
    });

    it("follows the app's suggested order when there is one", () => {
        // The app suggested 2, 1, 3 and the driver drove exactly that.
        expect(tourSequenceFidelity([stop(1, 2, 2), stop(2, 1, 1), stop(3, 3, 3)])).toBe(100);
    });
});
