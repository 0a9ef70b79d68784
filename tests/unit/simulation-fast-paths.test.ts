import { describe, expect, it } from 'vitest';
import { driveTour, driveTourTraced } from '../../server/demo/simulation/drive.js';
import { plannedOrder, type XY } from '../../server/demo/simulation/order.js';
import { planDepotDay } from '../../server/demo/simulation/plan.js';
import { summariseTour } from '../../server/demo/simulation/summarise.js';
import { hamburg, idsFor, milano, vehicleNumbers } from './simulation-fixtures.js';

/**
 * The simulator's hot paths answer exactly what their plain forms answered: the history's rows
 * must stay the same for the same seed.
 */

/** Nearest neighbour, then first-improvement 2-opt by the plain formula: written here. */
function plainPlannedOrder(start: XY, points: readonly XY[]): number[] {
    const distance = (a: XY, b: XY) => Math.abs(a.x - b.x) + Math.abs(a.y - b.y);
    const order: number[] = [];
    const left = new Set(points.keys());
    let current = start;
    while (left.size > 0) {
        let best = -1;
        for (const index of left)
            if (
                best < 0 ||
                distance(current, points[index] as XY) < distance(current, points[best] as XY)
            )
                best = index;
        order.push(best);
        left.delete(best);
        current = points[best] as XY;
    }
    const n = order.length;
    const at = (position: number): XY =>
        position === 0 || position === n + 1
            ? start
            : (points[order[position - 1] as number] as XY);
    for (let pass = 0; pass < 50; pass++) {
        let improved = false;
        for (let i = 1; i < n; i++)
            for (let j = i + 1; j <= n; j++) {
                const delta =
                    distance(at(i - 1), at(j)) +
                    distance(at(i), at(j + 1)) -
                    distance(at(i - 1), at(i)) -
                    distance(at(j), at(j + 1));
                if (delta < -1e-9) {
                    order.splice(i - 1, j - i + 1, ...order.slice(i - 1, j).reverse());
                    improved = true;
                }
            }
        if (!improved) break;
    }
    return order;
}

/** Points like stops on a grid (one coordinate on a street, the other anywhere): a small LCG. */
function gridPoints(seed: number, count: number): XY[] {
    let state = seed;
    const next = () => {
        state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
        return state / 2_147_483_648;
    };
    return Array.from({ length: count }, () =>
        next() < 0.5
            ? { x: 180 * Math.floor(next() * 40) - 3_600, y: next() * 7_200 - 3_600 }
            : { x: next() * 7_200 - 3_600, y: 180 * Math.floor(next() * 40) - 3_600 },
    );
}

describe('the planned order', () => {
    it('is the plain nearest neighbour and 2-opt order, stop for stop', () => {
        for (const [seed, count] of [
            [1, 5],
            [2, 30],
            [3, 61],
            [4, 90],
            [5, 150],
        ] as const) {
            const points = gridPoints(seed, count);
            const start = { x: 12, y: -40 };
            expect(plannedOrder(start, points)).toEqual(plainPlannedOrder(start, points));
        }
    });
});

describe('the drive’s trace', () => {
    const days = [
        planDepotDay({
            depot: hamburg,
            vehicles: vehicleNumbers(4),
            date: '2026-03-27',
            seed: 'fp',
        }),
        planDepotDay({
            depot: milano,
            vehicles: vehicleNumbers(3),
            date: '2026-11-02',
            seed: 'fp',
        }),
    ];

    it('has the events of driveTour, their times, and the legs from the depot round to the depot', () => {
        for (const [n, tour] of days.flatMap((day) => day.tours).entries()) {
            const ids = idsFor(tour, n);
            const traced = driveTourTraced(tour, ids, { seed: 'fp', detail: 'coarse' });
            expect(traced.events).toEqual(driveTour(tour, ids, { seed: 'fp', detail: 'coarse' }));
            expect(traced.times).toEqual(
                traced.events.map((event) => Date.parse(event.occurredAt)),
            );
            expect(traced.legs).toHaveLength(tour.stops.length + 1);
            expect(traced.legs[0]?.from).toBe(tour.network.depotPoint);
            expect(traced.legs.at(-1)?.to).toBe(tour.network.depotPoint);
            for (const [k, leg] of traced.legs.entries())
                if (k > 0) expect(leg.from).toBe(traced.legs[k - 1]?.to);
        }
    });

    it('gives the same summary as the events alone', () => {
        for (const [n, tour] of days.flatMap((day) => day.tours).entries()) {
            const ids = idsFor(tour, n);
            const traced = driveTourTraced(tour, ids, { seed: 'fp', detail: 'coarse' });
            expect(summariseTour(tour, ids, traced.events, traced)).toEqual(
                summariseTour(tour, ids, traced.events),
            );
        }
    });
});
