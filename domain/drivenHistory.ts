/**
 * A tour's driven history (domain §2 Tour Driven History, §9; issue 16 part 3): how far back it
 * reaches, and how far each done stop was served from its place in the app's suggested order.
 */
import { drivenPositionShifts } from './sequenceAdherence.js';

/** Domain §9: the driven history covers 30 days (the tour's depot's today and the 29 before). */
export const DRIVEN_HISTORY_DAYS = 30;
/** Domain §9: a stop turns red when driven and suggested position differ by more than this. */
export const SEQUENCE_DIFFERENCE_RED = 10;
/** The driven path carries at most one position per slot of this many seconds. */
export const DRIVEN_PATH_SLOT_SECONDS = 15;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/**
 * Whether the driven history still shows a tour of `tourDate` on `today` (both YYYY-MM-DD on the
 * depot's calendar): from today back to 29 days before; later days (planned tours) too.
 */
export function drivenHistoryCovers(tourDate: string, today: string): boolean {
    return dayNumber(today) - dayNumber(tourDate) < DRIVEN_HISTORY_DAYS;
}

/** True past the spec's 10-waypoint difference, early or late alike. */
export const isSequenceDifferenceRed = (difference: number | null): boolean =>
    difference !== null && Math.abs(difference) > SEQUENCE_DIFFERENCE_RED;

export interface DrivenStopPosition {
    /** 1…n among the done stops, in driven order. */
    drivenPosition: number;
    /** 1…n among the same stops in the app's suggested order (else the planned one). */
    suggestedPosition: number;
    /** Driven minus suggested: positive when served later than suggested. */
    difference: number;
    red: boolean;
}

interface SequencedStop {
    id: string;
    plannedSequence: number;
    suggestedSequence: number | null;
    drivenSequence: number | null;
}

/**
 * Each driven stop's position in driven and in suggested order, both counted among the driven
 * stops (as the sequence adherence and the missed-window causes count them, docs/analytics.md),
 * so a stop left undone shifts no other. Stops not driven are absent.
 */
export function drivenStopPositions(
    stops: readonly SequencedStop[],
): Map<string, DrivenStopPosition> {
    const shifts = drivenPositionShifts(stops);
    const driven = stops
        .filter((stop) => shifts.has(stop.id))
        .sort((a, b) => (a.drivenSequence ?? 0) - (b.drivenSequence ?? 0));
    return new Map(
        driven.map((stop, index) => {
            const difference = shifts.get(stop.id) ?? 0;
            const drivenPosition = index + 1;
            return [
                stop.id,
                {
                    drivenPosition,
                    suggestedPosition: drivenPosition - difference,
                    difference,
                    red: isSequenceDifferenceRed(difference),
                },
            ];
        }),
    );
}

/** The arrival against the first ETA in whole minutes (positive: later); null without both. */
export function arrivalDeviationMinutes(
    firstEta: string | null,
    ata: string | null,
): number | null {
    if (firstEta === null || ata === null) return null;
    const ms = Date.parse(ata) - Date.parse(firstEta);
    if (Number.isNaN(ms)) return null;
    // Halves away from zero, as the analytics round minutes.
    return Math.sign(ms) * Math.round(Math.abs(ms) / 60_000) || 0;
}
