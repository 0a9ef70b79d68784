import { describe, expect, it } from 'vitest';
import {
    drivenPositionShifts,
    sequenceAdherence,
    sequenceDeviation,
    weightedAdherence,
} from '../../domain/sequenceAdherence.js';

/** Sequence adherence (domain/sequenceAdherence.ts): SD = 2/(n(n−1)) · Σ(|cᵢ − cᵢ₋₁| − 1). */

/** mulberry32: a small seeded generator, so the random orders are the same on every run. */
function seeded(seed: number): () => number {
    let state = seed >>> 0;
    return () => {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    };
}

function shuffled(n: number, random: () => number): number[] {
    const order = Array.from({ length: n }, (_, i) => i + 1);
    for (let i = n - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    return order;
}

describe('sequenceDeviation', () => {
    it('is 0 for the suggested order, and for the reversed one too', () => {
        expect(sequenceDeviation([1, 2, 3, 4, 5])).toBe(0);
        expect(sequenceDeviation([5, 4, 3, 2, 1])).toBe(0);
    });

    it('matches hand-computed small cases', () => {
        // 2 1 4 3: (0 + 2 + 0) · 2/(4·3) = 1/3.
        expect(sequenceDeviation([2, 1, 4, 3])).toBeCloseTo(1 / 3, 12);
        // 1 3 2: (1 + 0) · 2/(3·2) = 1/3.
        expect(sequenceDeviation([1, 3, 2])).toBeCloseTo(1 / 3, 12);
        // 2 4 1 3: (1 + 2 + 1) · 2/(4·3) = 2/3.
        expect(sequenceDeviation([2, 4, 1, 3])).toBeCloseTo(2 / 3, 12);
    });

    it('ranks the positions first, so any distinct numbers will do', () => {
        expect(sequenceDeviation([10, 30, 20])).toBeCloseTo(1 / 3, 12);
    });

    it('is null for fewer than 2 stops', () => {
        expect(sequenceDeviation([])).toBeNull();
        expect(sequenceDeviation([7])).toBeNull();
    });

    it('averages 2(n − 2)/(3n) over random orders: 0.6533 for n = 100', () => {
        // Two distinct positions of 1…n lie (n + 1)/3 apart on average (the sum of |x − y| over
        // ordered pairs is n(n − 1)(n + 1)/3). So E Σ(|cᵢ − cᵢ₋₁| − 1) = (n − 1)(n − 2)/3, and
        // E SD = 2/(n(n − 1)) · (n − 1)(n − 2)/3 = 2(n − 2)/(3n) = 196/300 for n = 100.
        const random = seeded(20_240_616);
        const runs = 2_000;
        let sum = 0;
        for (let run = 0; run < runs; run++) sum += sequenceDeviation(shuffled(100, random)) ?? 0;
        // One order lies about 0.04 from the mean; the mean of 2 000 about 0.001.
        expect(sum / runs).toBeCloseTo(196 / 300, 2);
    });
});

const stop = (planned: number, suggested: number | null, driven: number | null) => ({
    id: `w${planned}`,
    plannedSequence: planned,
    suggestedSequence: suggested,
    drivenSequence: driven,
});

describe('sequenceAdherence', () => {
    it("follows the app's suggested order when there is one", () => {
        const stops = [stop(1, 2, 2), stop(2, 1, 1), stop(3, 4, 4), stop(4, 3, 3)];
        expect(sequenceAdherence(stops)).toBe(0);
    });

    it('follows the planned order without a suggestion', () => {
        // Driven: planned 1, 3, 2 → c = 1 3 2 → 1/3.
        const stops = [stop(1, null, 1), stop(2, null, 3), stop(3, null, 2)];
        expect(sequenceAdherence(stops)).toBeCloseTo(1 / 3, 12);
    });

    it('ranks the done stops only: a stop left undone is no deviation', () => {
        const stops = [stop(1, null, 1), stop(2, null, null), stop(3, null, 2), stop(4, null, 3)];
        expect(sequenceAdherence(stops)).toBe(0);
    });

    it('is null for fewer than 2 done stops', () => {
        expect(sequenceAdherence([stop(1, null, 1), stop(2, null, null)])).toBeNull();
    });
});

describe('drivenPositionShifts', () => {
    it('is the driven position minus the suggested one among the done stops', () => {
        // Driven w3, w1, w2, w4; w5 not done.
        const stops = [
            stop(1, null, 2),
            stop(2, null, 3),
            stop(3, null, 1),
            stop(4, null, 4),
            stop(5, null, null),
        ];
        expect(drivenPositionShifts(stops)).toEqual(
            new Map([
                ['w3', -2],
                ['w1', 1],
                ['w2', 1],
                ['w4', 0],
            ]),
        );
    });
});

describe('weightedAdherence', () => {
    it('weights each score by its stops, skipping unknown scores and empty tours', () => {
        const items = [
            { score: 0.5, stops: 10 },
            { score: 0.2, stops: 30 },
            { score: null, stops: 5 },
            { score: 0.9, stops: 0 },
        ];
        // (0.5·10 + 0.2·30) / 40 = 11/40.
        expect(weightedAdherence(items)).toBeCloseTo(0.275, 12);
        expect(weightedAdherence([])).toBeNull();
    });
});
