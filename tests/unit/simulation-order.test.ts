import { describe, expect, it } from 'vitest';
import {
    nearestNeighbourOrder,
    plannedOrder,
    roundTripLength,
    type XY,
} from '../../server/demo/simulation/order.js';

const depot: XY = { x: 0, y: 0 };

/** Round trip depot → points in order → depot, Manhattan, computed here. */
function tripLength(points: readonly XY[], order: readonly number[]): number {
    const path = [depot, ...order.map((index) => points[index] as XY), depot];
    let length = 0;
    for (let i = 1; i < path.length; i++)
        length +=
            Math.abs((path[i] as XY).x - (path[i - 1] as XY).x) +
            Math.abs((path[i] as XY).y - (path[i - 1] as XY).y);
    return length;
}

function permutations(items: number[]): number[][] {
    if (items.length <= 1) return [items];
    return items.flatMap((item, index) =>
        permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [
            item,
            ...rest,
        ]),
    );
}

describe('the planned stop order', () => {
    // Nearest neighbour goes (2,2) (5,4) (6,7) (3,8) (6,0) (9,2) and home: 4+5+4+4+11+5+11 = 44.
    // The best round trip is (2,2) (3,8) (6,7) (5,4) (9,2) (6,0): 4+7+4+4+6+5+6 = 36.
    const points: XY[] = [
        { x: 9, y: 2 },
        { x: 5, y: 4 },
        { x: 6, y: 7 },
        { x: 2, y: 2 },
        { x: 6, y: 0 },
        { x: 3, y: 8 },
    ];

    it('starts from the nearest neighbour order', () => {
        expect(nearestNeighbourOrder(depot, points)).toEqual([3, 1, 2, 5, 4, 0]);
        expect(roundTripLength(depot, points, [3, 1, 2, 5, 4, 0])).toBe(44);
    });

    it('finds the optimum of a small case with 2-opt', () => {
        const best = Math.min(
            ...permutations([0, 1, 2, 3, 4, 5]).map((order) => tripLength(points, order)),
        );
        expect(best).toBe(36);
        const order = plannedOrder(depot, points);
        expect([...order].sort()).toEqual([0, 1, 2, 3, 4, 5]);
        expect(tripLength(points, order)).toBe(36);
    });

    it('is never longer than the nearest neighbour order, and no single reversal shortens it', () => {
        // A fixed pseudo-random case of 60 stops (a linear congruential generator, not the product's).
        let state = 12_345;
        const next = () =>
            (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
        const many: XY[] = Array.from({ length: 60 }, () => ({
            x: Math.round(next() * 3_000 - 1_500),
            y: Math.round(next() * 3_000 - 1_500),
        }));
        const nearest = nearestNeighbourOrder(depot, many);
        const order = plannedOrder(depot, many);
        expect([...order].sort((a, b) => a - b)).toEqual(many.map((_, index) => index));
        const length = tripLength(many, order);
        expect(length).toBeLessThanOrEqual(tripLength(many, nearest));
        for (let i = 0; i < order.length; i++)
            for (let j = i + 1; j < order.length; j++) {
                const reversed = [
                    ...order.slice(0, i),
                    ...order.slice(i, j + 1).reverse(),
                    ...order.slice(j + 1),
                ];
                expect(tripLength(many, reversed)).toBeGreaterThanOrEqual(length);
            }
    });
});
