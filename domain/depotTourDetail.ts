/**
 * The rules of a depot's tour detail (domain §2 Tour Detail View, §4 waypoint states, §9
 * closed-at tolerance and custom waypoints): which stops have address errors, whether a stop's
 * time frame was kept, where a custom waypoint may be placed, and how much of the driven path a
 * caller without the driver-location right sees. Pure; the tour commander and the page share
 * them. The rules are written down in docs/decisions.md ("Tour detail").
 */
import { distanceMetres, validCoordinates, type LatLon } from './geo.js';
import type { CoordinateType, FailureReason, TourState, WaypointState } from './tours.js';

/** Closed-at time window tolerance (domain §9, shell §9): 15 minutes. */
export const TIME_FRAME_TOLERANCE_MINUTES = 15;

/**
 * How far from its depot a custom waypoint (and a stop's coordinates) may lie: 100 km, well
 * beyond a day's delivery area and well short of a wrong country or a swapped latitude and longitude.
 */
export const CUSTOM_WAYPOINT_MAX_DISTANCE_KM = 100;

/** The longest custom waypoint name (issue 15). */
export const CUSTOM_WAYPOINT_NAME_MAX = 100;

/** At most this many custom waypoints (not deleted) on one tour. */
export const CUSTOM_WAYPOINTS_PER_TOUR_MAX = 50;

/**
 * A stop's time frame against its arrival: kept (MET) or MISSED (arrival, or now without an
 * arrival, later than the frame's end plus the tolerance); for a stop not reached yet, AT_RISK
 * when its ETA is past that point, else PENDING.
 */
export const timeFrameChecks = ['MET', 'MISSED', 'AT_RISK', 'PENDING'] as const;
export type TimeFrameCheck = (typeof timeFrameChecks)[number];

/**
 * Why a stop's address is an error (could not be placed, or doubtful):
 * - NO_COORDINATES: the stop has no coordinates (it is not on the map, has no ETA, no geofence);
 * - STREET_LEVEL: its coordinates are of type STREET, the street but not the building;
 * - FAR_FROM_DEPOT: its coordinates are farther than CUSTOM_WAYPOINT_MAX_DISTANCE_KM from the depot;
 * - REPORTED_BY_DRIVER: a job of the stop failed with the reason ADDRESS_PROBLEM.
 */
export const addressProblems = [
    'NO_COORDINATES',
    'STREET_LEVEL',
    'FAR_FROM_DEPOT',
    'REPORTED_BY_DRIVER',
] as const;
export type AddressProblem = (typeof addressProblems)[number];

/**
 * A custom waypoint's way into the tour: PENDING (waiting for the processing), APPLIED (a
 * waypoint of the tour), REMOVING (deleted, its waypoint not yet removed), DISCARDED (the tour
 * had finished before the processing took it: it never became a waypoint).
 */
export const customWaypointStatuses = ['PENDING', 'APPLIED', 'REMOVING', 'DISCARDED'] as const;
export type CustomWaypointStatus = (typeof customWaypointStatuses)[number];

/** Why coordinates cannot be a custom waypoint. */
export type CoordinatesProblem = 'OUT_OF_RANGE' | 'NULL_ISLAND' | 'TOO_FAR';

const MINUTE_MS = 60_000;
const time = (value: string | Date | null) =>
    value === null ? null : value instanceof Date ? value.getTime() : Date.parse(value);

interface TimedStop {
    state: WaypointState;
    timeFrameTo: string | Date | null;
    eta: string | Date | null;
    ata: string | Date | null;
}

/** The time frame check of a stop at `now` (see `timeFrameChecks`); null when there is nothing to check. */
export function timeFrameCheck(stop: TimedStop, now: Date): TimeFrameCheck | null {
    const end = time(stop.timeFrameTo);
    if (end === null || stop.state === 'UNASSIGNED') return null;
    const deadline = end + TIME_FRAME_TOLERANCE_MINUTES * MINUTE_MS;
    const ata = time(stop.ata);
    if (ata !== null) return ata > deadline ? 'MISSED' : 'MET';
    if (stop.state === 'DONE') return null;
    if (now.getTime() > deadline) return 'MISSED';
    const eta = time(stop.eta);
    return eta !== null && eta > deadline ? 'AT_RISK' : 'PENDING';
}

interface PlacedStop {
    latitude: number | null;
    longitude: number | null;
    coordinateType: CoordinateType | null;
}

/** The address errors of a stop (see `addressProblems`), given the failure reasons of its jobs. */
export function addressProblemsOf(
    stop: PlacedStop,
    jobReasons: readonly (FailureReason | null)[],
    depot: LatLon,
): AddressProblem[] {
    const problems: AddressProblem[] = [];
    if (stop.latitude === null || stop.longitude === null) problems.push('NO_COORDINATES');
    else {
        if (stop.coordinateType === 'STREET') problems.push('STREET_LEVEL');
        const stopPlace = { latitude: stop.latitude, longitude: stop.longitude };
        if (distanceMetres(depot, stopPlace) > CUSTOM_WAYPOINT_MAX_DISTANCE_KM * 1000)
            problems.push('FAR_FROM_DEPOT');
    }
    if (jobReasons.includes('ADDRESS_PROBLEM')) problems.push('REPORTED_BY_DRIVER');
    return problems;
}

/**
 * Why coordinates cannot be a custom waypoint of a depot's tour: not numbers within −90…90 and
 * −180…180, exactly 0/0 (an unset position, not a place), or farther than
 * CUSTOM_WAYPOINT_MAX_DISTANCE_KM from the depot. Null when they can.
 */
export function customWaypointCoordinatesProblem(
    latitude: number,
    longitude: number,
    depot: LatLon,
): CoordinatesProblem | null {
    if (!validCoordinates(latitude, longitude)) return 'OUT_OF_RANGE';
    if (latitude === 0 && longitude === 0) return 'NULL_ISLAND';
    if (distanceMetres(depot, { latitude, longitude }) > CUSTOM_WAYPOINT_MAX_DISTANCE_KM * 1000)
        return 'TOO_FAR';
    return null;
}

/** A stored custom waypoint's status; null once deleted and processed (it is gone). */
export function customWaypointStatus(row: {
    processedAt: Date | string | null;
    deletedAt: Date | string | null;
    waypointId: string | null;
}): CustomWaypointStatus | null {
    if (row.deletedAt !== null) return row.processedAt === null ? 'REMOVING' : null;
    if (row.processedAt === null) return 'PENDING';
    return row.waypointId === null ? 'DISCARDED' : 'APPLIED';
}

/**
 * The driven path a caller without r:tour-details-driver-location sees: up to the arrival at
 * the last stop done (the stops' states tell as much), none of the way since, so it never shows
 * where the driver is now; the whole path once the tour is finished. Points must be in time order.
 */
export function drivenPathWithoutLocation<P extends { at: string }>(
    path: readonly P[],
    stops: readonly { state: WaypointState; ata: string | null }[],
    tourState: TourState,
): P[] {
    if (tourState === 'FINISHED') return [...path];
    let until: number | null = null;
    for (const stop of stops) {
        const ata = stop.state === 'DONE' ? time(stop.ata) : null;
        if (ata !== null && (until === null || ata > until)) until = ata;
    }
    if (until === null) return [];
    const end = until;
    return path.filter((point) => Date.parse(point.at) <= end);
}

/**
 * A tour takes no more custom waypoint changes once it is over: finished, or its day has passed
 * in its depot's time zone (a tour that never signed out stays on the road for ever).
 */
export function tourIsOver(
    tour: { state: TourState; tourDate: string },
    timeZone: string,
    now: Date,
): boolean {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
    return tour.state === 'FINISHED' || tour.tourDate < today;
}
