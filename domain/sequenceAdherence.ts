/**
 * Sequence adherence (issue 16): the sequence deviation of the Amazon/MIT last-mile routing
 * research challenge, SD = 2 / (n(n − 1)) · Σ_{i=2..n} (|c_i − c_{i−1}| − 1), where c_i is the
 * suggested position of the i-th stop driven and n the stops driven. 0 when the driver kept the
 * suggested order; a random order scores 2(n − 2) / (3n), about 2/3 (see docs/analytics.md).
 */

interface SequencedStop {
    plannedSequence: number;
    suggestedSequence: number | null;
    drivenSequence: number | null;
}

/** Positions 1…n of `values` (ties keep their order). */
function ranks(values: readonly number[]): number[] {
    const order = values.map((value, index) => ({ value, index }));
    order.sort((a, b) => a.value - b.value || a.index - b.index);
    const rank = new Array<number>(values.length);
    order.forEach((entry, position) => (rank[entry.index] = position + 1));
    return rank;
}

/**
 * The sequence deviation of the stops in driven order, given each one's position in the
 * suggested order (any distinct numbers: they are ranked 1…n first); null for fewer than 2 stops.
 */
export function sequenceDeviation(suggestedPositions: readonly number[]): number | null {
    const n = suggestedPositions.length;
    if (n < 2) return null;
    const c = ranks(suggestedPositions);
    let sum = 0;
    for (let i = 1; i < n; i++) sum += Math.abs((c[i] ?? 0) - (c[i - 1] ?? 0)) - 1;
    return (2 / (n * (n - 1))) * sum;
}

const suggestedKey = (stop: SequencedStop) => stop.suggestedSequence ?? stop.plannedSequence;

/** The done stops in driven order, each with its position 1…n among them in the suggested order. */
function drivenWithSuggestedRank<S extends SequencedStop>(
    stops: readonly S[],
): { stop: S; suggested: number }[] {
    const driven = stops
        .filter((stop) => stop.drivenSequence !== null)
        .sort((a, b) => (a.drivenSequence ?? 0) - (b.drivenSequence ?? 0));
    const bySuggestion = [...driven].sort(
        (a, b) => suggestedKey(a) - suggestedKey(b) || a.plannedSequence - b.plannedSequence,
    );
    const rank = new Map(bySuggestion.map((stop, index) => [stop, index + 1]));
    return driven.map((stop) => ({ stop, suggested: rank.get(stop) ?? 0 }));
}

/**
 * A tour's sequence adherence: the deviation of the driven order of its done stops from their
 * order as the app suggested it (else as planned); null for fewer than 2 done stops. Only the
 * done stops are ranked, so a stop left undone is no deviation.
 */
export function sequenceAdherence(stops: readonly SequencedStop[]): number | null {
    return sequenceDeviation(drivenWithSuggestedRank(stops).map((entry) => entry.suggested));
}

/**
 * How many positions later each done stop was served than suggested (negative: earlier), as
 * driven position minus suggested position among the done stops.
 */
export function drivenPositionShifts<S extends SequencedStop & { id: string }>(
    stops: readonly S[],
): Map<string, number> {
    return new Map(
        drivenWithSuggestedRank(stops).map((entry, index) => [
            entry.stop.id,
            index + 1 - entry.suggested,
        ]),
    );
}

/** The stop-weighted mean of several tours' adherence (per driver, subcontractor); null without any. */
export function weightedAdherence(
    items: readonly { score: number | null; stops: number }[],
): number | null {
    let weighted = 0;
    let stops = 0;
    for (const item of items) {
        if (item.score === null || item.stops <= 0) continue;
        weighted += item.score * item.stops;
        stops += item.stops;
    }
    return stops === 0 ? null : weighted / stops;
}
