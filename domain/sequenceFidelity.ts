/**
 * Sequence fidelity (domain §3, a tour's "sequence fidelity as a percentage"): how closely the
 * driver kept the app-suggested order of the stops. It is the share of the done stops that lie
 * in the longest run driven in suggested order (the longest increasing subsequence of their
 * suggested positions, in driven order): one stop done early costs one stop, not every stop after
 * it. The suggested order is the app's where it sent one, else the planned order.
 */

/** The share (0…1) of `driven` in the longest run kept in the order of `suggested`; 1 when empty. */
export function orderFidelity<T>(suggested: readonly T[], driven: readonly T[]): number {
    if (driven.length === 0) return 1;
    const rank = new Map(suggested.map((stop, position) => [stop, position]));
    // tails[k]: the smallest last rank of an increasing run of length k + 1 (patience sorting).
    const tails: number[] = [];
    for (const stop of driven) {
        const value = rank.get(stop) ?? -1;
        let low = 0;
        let high = tails.length;
        while (low < high) {
            const middle = (low + high) >> 1;
            if ((tails[middle] ?? 0) < value) low = middle + 1;
            else high = middle;
        }
        tails[low] = value;
    }
    return tails.length / driven.length;
}

interface SequencedStop {
    plannedSequence: number;
    suggestedSequence: number | null;
    drivenSequence: number | null;
}

/** A tour's sequence fidelity in whole per cent, or null while no stop is done. */
export function tourSequenceFidelity(stops: readonly SequencedStop[]): number | null {
    const driven = stops
        .filter((stop) => stop.drivenSequence !== null)
        .sort((a, b) => (a.drivenSequence ?? 0) - (b.drivenSequence ?? 0));
    if (driven.length === 0) return null;
    const suggested = [...stops].sort(
        (a, b) =>
            (a.suggestedSequence ?? a.plannedSequence) -
                (b.suggestedSequence ?? b.plannedSequence) || a.plannedSequence - b.plannedSequence,
    );
    return Math.round(100 * orderFidelity(suggested, driven));
}
