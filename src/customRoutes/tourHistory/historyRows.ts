import type { TourHistory, TourHistoryWaypoint } from '../../../domain/contracts/tour-history';
import { arrivalDeviationMinutes, drivenStopPositions } from '../../../domain/drivenHistory';
import type { LatLon } from '../../../domain/geo';

/**
 * The rows and lines the driven history and the tour analysis show, from the tour's answer. The
 * tables sort on local data: every sortable field is a number, and a missing value sorts last
 * when ascending (Infinity), never as 0.
 */

const last = (value: number | null | undefined) => value ?? Infinity;
const timeKey = (iso: string | null) => (iso === null ? Infinity : Date.parse(iso));

/** A stop's address on one line. */
export const addressOf = (stop: TourHistoryWaypoint): string =>
    [
        [stop.street, stop.houseNo].filter(Boolean).join(' '),
        [stop.postcode, stop.locality].filter(Boolean).join(' '),
    ]
        .filter(Boolean)
        .join(', ');

const placeOf = (stop: TourHistoryWaypoint): LatLon | null =>
    stop.latitude === null || stop.longitude === null
        ? null
        : { latitude: stop.latitude, longitude: stop.longitude };

/** A stop of the driven-history table, in driven order (stops not driven after, in suggested order). */
export interface DrivenRow {
    id: string;
    /** The table's order: the driven position, else after all driven stops. */
    order: number;
    drivenPosition: number | null;
    suggestedPosition: number | null;
    difference: number | null;
    /** Sorts by the size of the difference; -1 without one, so the largest lead when descending. */
    differenceSize: number;
    red: boolean;
    plannedSequence: number;
    address: string;
    ata: string | null;
    ataKey: number;
    /** Arrived at by the replay's moment. */
    doneAtReplay: boolean;
}

const suggestedKey = (stop: TourHistoryWaypoint) => stop.suggestedSequence ?? stop.plannedSequence;

export function drivenRows(
    waypoints: readonly TourHistoryWaypoint[],
    doneStopIds: ReadonlySet<string> | null,
): DrivenRow[] {
    const positions = drivenStopPositions(waypoints);
    const notDriven = waypoints
        .filter((stop) => !positions.has(stop.id))
        .sort((a, b) => suggestedKey(a) - suggestedKey(b) || a.plannedSequence - b.plannedSequence);
    const afterDriven = new Map(notDriven.map((stop, index) => [stop.id, index]));
    return waypoints.map((stop) => {
        const position = positions.get(stop.id);
        return {
            id: stop.id,
            order: position?.drivenPosition ?? positions.size + 1 + (afterDriven.get(stop.id) ?? 0),
            drivenPosition: position?.drivenPosition ?? null,
            suggestedPosition: position?.suggestedPosition ?? null,
            difference: position?.difference ?? null,
            differenceSize: position ? Math.abs(position.difference) : -1,
            red: position?.red ?? false,
            plannedSequence: stop.plannedSequence,
            address: addressOf(stop),
            ata: stop.ata,
            ataKey: timeKey(stop.ata),
            doneAtReplay: doneStopIds === null ? stop.ata !== null : doneStopIds.has(stop.id),
        };
    });
}

/** A stop of the tour analysis's waypoint table. */
export interface AnalysisRow {
    id: string;
    plannedSequence: number;
    suggestedSequence: number | null;
    suggestedKey: number;
    drivenSequence: number | null;
    drivenKey: number;
    address: string;
    state: TourHistoryWaypoint['state'];
    timeFrameFrom: string | null;
    timeFrameTo: string | null;
    timeFrameKey: number;
    firstEta: string | null;
    firstEtaKey: number;
    ata: string | null;
    ataKey: number;
    /** ATA minus first ETA, whole minutes. */
    deviationMinutes: number | null;
    deviationKey: number;
    notConsideredReason: string;
    windowMiss: string;
    missedWindowCause: string;
}

export function analysisRows(waypoints: readonly TourHistoryWaypoint[]): AnalysisRow[] {
    return waypoints.map((stop) => {
        const deviation = arrivalDeviationMinutes(stop.firstEta, stop.ata);
        return {
            id: stop.id,
            plannedSequence: stop.plannedSequence,
            suggestedSequence: stop.suggestedSequence,
            suggestedKey: last(stop.suggestedSequence),
            drivenSequence: stop.drivenSequence,
            drivenKey: last(stop.drivenSequence),
            address: addressOf(stop),
            state: stop.state,
            timeFrameFrom: stop.timeFrameFrom,
            timeFrameTo: stop.timeFrameTo,
            timeFrameKey: timeKey(stop.timeFrameFrom ?? stop.timeFrameTo),
            firstEta: stop.firstEta,
            firstEtaKey: timeKey(stop.firstEta),
            ata: stop.ata,
            ataKey: timeKey(stop.ata),
            deviationMinutes: deviation,
            deviationKey: last(deviation),
            // Empty strings: the filters compare them, and '' sorts first.
            notConsideredReason: stop.notConsideredReason ?? '',
            windowMiss: stop.windowMiss ?? '',
            missedWindowCause: stop.missedWindowCause ?? '',
        };
    });
}

/** The stops with coordinates in the order of `key`, from the depot. */
function lineThrough(
    tour: Pick<TourHistory, 'depotLocation' | 'waypoints'>,
    stops: readonly TourHistoryWaypoint[],
    key: (stop: TourHistoryWaypoint) => number,
): LatLon[] {
    const ordered = [...stops].sort(
        (a, b) => key(a) - key(b) || a.plannedSequence - b.plannedSequence,
    );
    return [tour.depotLocation, ...ordered.flatMap((stop) => placeOf(stop) ?? [])];
}

/** The three routes of the comparison: planned order, the app's suggested order, and driven. */
export function routeLines(
    tour: TourHistory,
): Record<'planned' | 'suggested' | 'driven', LatLon[]> {
    return {
        planned: lineThrough(tour, tour.waypoints, (stop) => stop.plannedSequence),
        suggested: lineThrough(tour, tour.waypoints, suggestedKey),
        driven: tour.drivenPath,
    };
}

/** How many stops each not-considered reason left out, and which. */
export function notConsideredByReason(
    waypoints: readonly TourHistoryWaypoint[],
): Map<string, TourHistoryWaypoint[]> {
    const byReason = new Map<string, TourHistoryWaypoint[]>();
    for (const stop of waypoints)
        if (stop.notConsideredReason !== null)
            byReason.set(stop.notConsideredReason, [
                ...(byReason.get(stop.notConsideredReason) ?? []),
                stop,
            ]);
    return byReason;
}
