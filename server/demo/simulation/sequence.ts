/**
 * The app-suggested and the driven order of a tour's stops, as lists of stop indices (0-based
 * positions in the planned order).
 */
import { orderFidelity } from '../../../domain/sequenceFidelity.js';
import type { SequenceOptimisation } from '../../../domain/tours.js';
import type { Random } from '../random.js';
import { weighted } from './stops.js';

/**
 * The app's suggestion: the planned order with a few neighbouring stops swapped (the app weighs
 * real driving times the plan did not know); a FIXED tour keeps the planned order.
 */
export function suggestedOrder(
    random: Random,
    stopCount: number,
    optimisation: SequenceOptimisation,
): number[] {
    const order = Array.from({ length: stopCount }, (_, index) => index);
    if (optimisation === 'FIXED') return order;
    const swapChance = optimisation === 'FREE' ? 0.05 : 0.02;
    for (let i = 0; i + 1 < stopCount; i++) {
        if (!random.chance(swapChance)) continue;
        [order[i], order[i + 1]] = [order[i + 1] as number, order[i] as number];
        i++;
    }
    return order;
}

/**
 * The fidelity a tour is driven with: most tours 80-100 %, some 70-80 %, some 50-70 % and a few
 * very low (drivers who follow their own order).
 */
export function targetFidelity(random: Random): number {
    const [low, high] = weighted(random, [
        [[0.8, 1], 72],
        [[0.7, 0.8], 8],
        [[0.5, 0.7], 14],
        [[0.1, 0.35], 6],
    ] as const);
    return low + random.next() * (high - low);
}

/**
 * The driven order: the suggestion with deviations (a stop taken a few positions early or late,
 * a block driven the other way round; far moves for drivers who follow their own order) until
 * its fidelity is at most `target`.
 */
export function drivenOrder(
    random: Random,
    suggested: readonly number[],
    target: number,
): number[] {
    const order = [...suggested];
    const n = order.length;
    if (n < 3) return order;
    const reach = target < 0.5 ? Math.max(6, Math.floor(n / 3)) : 6;
    for (let moves = 0; moves < 4 * n && orderFidelity(suggested, order) > target; moves++) {
        if (random.chance(0.6)) {
            const from = random.int(0, n - 1);
            const to = Math.max(
                0,
                Math.min(n - 1, from + random.pick([-1, 1]) * random.int(2, reach)),
            );
            const [stop] = order.splice(from, 1);
            order.splice(to, 0, stop as number);
        } else {
            const start = random.int(0, n - 2);
            const end = Math.min(n - 1, start + random.int(2, reach + 2));
            const block = order.slice(start, end + 1).reverse();
            order.splice(start, block.length, ...block);
        }
    }
    return order;
}
