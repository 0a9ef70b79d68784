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
    const n = points.length;
    const xs = new Float64Array(n);
    const ys = new Float64Array(n);
    points.forEach((point, index) => {
        xs[index] = point.x;
        ys[index] = point.y;
    });
    const visited = new Uint8Array(n);
    const order: number[] = [];
    let x = start.x;
    let y = start.y;
    for (let step = 0; step < n; step++) {
        let best = -1;
        let bestDistance = Infinity;
        for (let index = 0; index < n; index++) {
            if (visited[index]) continue;
            // manhattan(current, point), term by term.
            const distance =
                Math.abs(x - (xs[index] as number)) + Math.abs(y - (ys[index] as number));
            if (distance < bestDistance) {
                bestDistance = distance;
                best = index;
            }
        }
        visited[best] = 1;
        order.push(best);
        x = xs[best] as number;
        y = ys[best] as number;
    }
    return order;
}

/**
 * Improves a round trip by reversing stretches while that shortens it (2-opt, first
 * improvement), up to `maxPasses` passes over all pairs. The depot stays first and last.
 *
 * Hot (every tour of every planned day): the coordinates sit in typed arrays by position, and the
 * lengths of the trip's edges are kept in one (`edge[k]`: position k to k + 1) as the stretches
 * turn, so a pair costs two distances. Every value and comparison is the plain formula's
 * `d(i - 1, j) + d(i, j + 1) - d(i - 1, i) - d(j, j + 1) < -1e-9`, in the same order of pairs.
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
    const edge = new Float64Array(n + 1);
    const order = [...initial];
    xs[0] = xs[n + 1] = start.x;
    ys[0] = ys[n + 1] = start.y;
    order.forEach((index, position) => {
        xs[position + 1] = (points[index] as XY).x;
        ys[position + 1] = (points[index] as XY).y;
    });
    const d = (i: number, j: number) =>
        Math.abs((xs[i] as number) - (xs[j] as number)) +
        Math.abs((ys[i] as number) - (ys[j] as number));
    for (let k = 0; k <= n; k++) edge[k] = d(k, k + 1);
    for (let pass = 0; pass < maxPasses; pass++) {
        let improved = false;
        for (let i = 1; i < n; i++) {
            const xa = xs[i - 1] as number;
            const ya = ys[i - 1] as number;
            let xb = xs[i] as number;
            let yb = ys[i] as number;
            let before = edge[i - 1] as number;
            for (let j = i + 1; j <= n; j++) {
                const xj = xs[j] as number;
                const yj = ys[j] as number;
                const xk = xs[j + 1] as number;
                const yk = ys[j + 1] as number;
                const delta =
                    Math.abs(xa - xj) +
                    Math.abs(ya - yj) +
                    (Math.abs(xb - xk) + Math.abs(yb - yk)) -
                    before -
                    (edge[j] as number);
                if (delta < -1e-9) {
                    reverse(order, i - 1, j - 1);
                    reverseFloats(xs, i, j);
                    reverseFloats(ys, i, j);
                    // The edges inside the stretch turn with it; the two at its ends are new.
                    reverseFloats(edge, i, j - 1);
                    edge[i - 1] = d(i - 1, i);
                    edge[j] = d(j, j + 1);
                    xb = xs[i] as number;
                    yb = ys[i] as number;
                    before = edge[i - 1] as number;
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
