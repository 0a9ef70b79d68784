/**
 * The planned stop order of a tour: nearest neighbour from the depot, then 2-opt, on the closed
 * round trip depot → stops → depot with the Manhattan distance along the grid.
 */
import { manhattan } from './routing.js';

export interface XY {
    x: number;
    y: number;
}

/** Length of the round trip from `start` through `points` in `order` and back. */
export function roundTripLength(
    start: XY,
    points: readonly XY[],
    order: readonly number[],
): number {
    let length = 0;
    let previous = start;
    for (const index of order) {
        const point = points[index] as XY;
        length += manhattan(previous, point);
        previous = point;
    }
    return length + manhattan(previous, start);
}

/** Always the nearest unvisited point next, starting from `start` (ties: the lower index). */
export function nearestNeighbourOrder(start: XY, points: readonly XY[]): number[] {
    const visited = new Uint8Array(points.length);
    const order: number[] = [];
    let current = start;
    for (let step = 0; step < points.length; step++) {
        let best = -1;
        let bestDistance = Infinity;
        points.forEach((point, index) => {
            if (visited[index]) return;
            const distance = manhattan(current, point);
            if (distance < bestDistance) {
                bestDistance = distance;
                best = index;
            }
        });
        visited[best] = 1;
        order.push(best);
        current = points[best] as XY;
    }
    return order;
}

/**
 * Improves a round trip by reversing stretches while that shortens it (2-opt, first
 * improvement), up to `maxPasses` passes over all pairs. The depot stays first and last.
 */
function twoOpt(
    start: XY,
    points: readonly XY[],
    initial: readonly number[],
    maxPasses = 50,
): number[] {
    const n = initial.length;
    // Position 0 and n + 1 are the depot, so every stretch has a neighbour on both sides.
    const xs = new Float64Array(n + 2);
    const ys = new Float64Array(n + 2);
    const order = [...initial];
    const load = () => {
        xs[0] = xs[n + 1] = start.x;
        ys[0] = ys[n + 1] = start.y;
        order.forEach((index, position) => {
            xs[position + 1] = (points[index] as XY).x;
            ys[position + 1] = (points[index] as XY).y;
        });
    };
    const d = (i: number, j: number) =>
        Math.abs((xs[i] ?? 0) - (xs[j] ?? 0)) + Math.abs((ys[i] ?? 0) - (ys[j] ?? 0));
    load();
    for (let pass = 0; pass < maxPasses; pass++) {
        let improved = false;
        for (let i = 1; i < n; i++) {
            for (let j = i + 1; j <= n; j++) {
                const delta = d(i - 1, j) + d(i, j + 1) - d(i - 1, i) - d(j, j + 1);
                if (delta < -1e-9) {
                    reverse(order, i - 1, j - 1);
                    reverseFloats(xs, i, j);
                    reverseFloats(ys, i, j);
                    improved = true;
                }
            }
        }
        if (!improved) break;
    }
    return order;
}

function reverse(items: number[], from: number, to: number): void {
    for (let a = from, b = to; a < b; a++, b--)
        [items[a], items[b]] = [items[b] as number, items[a] as number];
}

function reverseFloats(items: Float64Array, from: number, to: number): void {
    for (let a = from, b = to; a < b; a++, b--) {
        const swap = items[a] ?? 0;
        items[a] = items[b] ?? 0;
        items[b] = swap;
    }
}

/** The planned order: nearest neighbour, improved by 2-opt. */
export const plannedOrder = (start: XY, points: readonly XY[]): number[] =>
    twoOpt(start, points, nearestNeighbourOrder(start, points));
