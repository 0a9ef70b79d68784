import type { TourState } from './tours.js';
import type { RttCategory } from './rtt.js';

/**
 * The live status rules (domain §2, §4, §9), shared by the server's live feed and the page. The
 * numbers the spec leaves open are chosen here and written down in docs/live-status.md.
 */

/** A tour on the road whose newest position is this old (or has none) has an outdated location. */
const POSITION_OUTDATED_MINUTES = 10;
/** Domain §9: tours more than 15 % behind the depot average are flagged (percentage points of stops done). */
const BEHIND_AVERAGE_POINTS = 15;
/** Domain §4: the app counts as used recently when its last event is under 60 minutes old. */
const APP_USAGE_RECENT_MINUTES = 60;
/** A battery at or under this level (percent) is low. */
const LOW_BATTERY_PERCENT = 15;
/** Domain §9: a stop reached up to 15 minutes after its window's end still counts as in time. */
export const WINDOW_TOLERANCE_MINUTES = 15;

const MINUTE_MS = 60_000;

/** Domain §4: app usage of a tour. */
export const appUsageLevels = ['NOT_USED', 'LOW', 'NORMAL'] as const;
export type AppUsageLevel = (typeof appUsageLevels)[number];

/** Not used (no event from the app), low (the last over 60 minutes ago), normal (under 60 minutes). */
export function appUsageLevel(lastAppEventAt: Date | null, now: Date): AppUsageLevel {
    if (!lastAppEventAt) return 'NOT_USED';
    return now.getTime() - lastAppEventAt.getTime() < APP_USAGE_RECENT_MINUTES * MINUTE_MS
        ? 'NORMAL'
        : 'LOW';
}

/** What the driver-app events say about a vehicle whose position is outdated. */
export const outdatedReasons = [
    'APP_IN_BACKGROUND',
    'NO_GPS_FIX',
    'DEVICE_SILENT',
    'LOW_BATTERY',
] as const;
export type OutdatedReason = (typeof outdatedReasons)[number];

export interface VehicleSignals {
    positionAt: Date | null;
    /** The newest event of any kind from the vehicle's app or tracker. */
    lastEventAt: Date | null;
    appState: 'FOREGROUND' | 'BACKGROUND' | null;
    /** Percent, at the last event that reported it. */
    battery: number | null;
}

const olderThan = (at: Date | null, now: Date, minutes: number) =>
    !at || now.getTime() - at.getTime() >= minutes * MINUTE_MS;

/** True when a tour on the road has no position, or none in the last POSITION_OUTDATED_MINUTES. */
export function isPositionOutdated(state: TourState, positionAt: Date | null, now: Date): boolean {
    return state === 'ON_ROAD' && olderThan(positionAt, now, POSITION_OUTDATED_MINUTES);
}

/**
 * The likely reason of an outdated position. A device that sent nothing at all lately is silent,
 * or out of power when its battery was low at its last event. A device that still sends events
 * but no positions has its app in the background, or else a low battery (power saving) or no GPS
 * fix.
 */
export function outdatedReason(signals: VehicleSignals, now: Date): OutdatedReason {
    const lowBattery = signals.battery !== null && signals.battery <= LOW_BATTERY_PERCENT;
    if (olderThan(signals.lastEventAt, now, POSITION_OUTDATED_MINUTES))
        return lowBattery ? 'LOW_BATTERY' : 'DEVICE_SILENT';
    if (signals.appState === 'BACKGROUND') return 'APP_IN_BACKGROUND';
    return lowBattery ? 'LOW_BATTERY' : 'NO_GPS_FIX';
}

export interface ProgressFigures {
    id: string;
    state: TourState;
    waypointsDone: number;
    waypointsTotal: number;
}

const shareDone = (tour: ProgressFigures) => tour.waypointsDone / tour.waypointsTotal;

/**
 * The tours on the road more than BEHIND_AVERAGE_POINTS percentage points of stops done behind
 * the average of the depot's tours on the road (domain §9). Needs two tours on the road to compare.
 */
export function toursBehindAverage(tours: readonly ProgressFigures[]): Set<string> {
    const onRoad = tours.filter((tour) => tour.state === 'ON_ROAD' && tour.waypointsTotal > 0);
    const behind = new Set<string>();
    if (onRoad.length < 2) return behind;
    const average = onRoad.reduce((sum, tour) => sum + shareDone(tour), 0) / onRoad.length;
    for (const tour of onRoad)
        if ((average - shareDone(tour)) * 100 > BEHIND_AVERAGE_POINTS) behind.add(tour.id);
    return behind;
}

/**
 * The live map's colour of a tour (domain §4): completed, outdated location, or behind the depot
 * average; otherwise on the road or not started. The first that applies, in that order.
 */
export const liveMapStates = ['COMPLETED', 'OUTDATED', 'BEHIND', 'ON_ROAD', 'NOT_STARTED'] as const;
export type LiveMapState = (typeof liveMapStates)[number];

export function liveMapState(tour: {
    state: TourState;
    outdated: boolean;
    behindAverage: boolean;
}): LiveMapState {
    if (tour.state === 'FINISHED') return 'COMPLETED';
    if (tour.outdated) return 'OUTDATED';
    if (tour.behindAverage) return 'BEHIND';
    return tour.state === 'ON_ROAD' ? 'ON_ROAD' : 'NOT_STARTED';
}

/** The figures of a tour the KPI tiles count. */
export interface KpiTour {
    state: TourState;
    waypointsDone: number;
    waypointsTotal: number;
    jobsSuccessful: number;
    jobsFailed: number;
    jobsTotal: number;
    behindAverage: boolean;
    outdated: boolean;
    rttCategory: RttCategory | null;
}

export interface LiveKpis {
    notStarted: number;
    onRoad: number;
    finished: number;
    stopsDone: number;
    stopsPlanned: number;
    jobsSuccessful: number;
    jobsFailed: number;
    jobsTotal: number;
    behindAverage: number;
    outdated: number;
    rtt: Record<RttCategory | 'NONE', number>;
}

/** The KPI tiles (issue 15 part 1) over the tours the caller sees. */
export function liveKpis(tours: Iterable<KpiTour>): LiveKpis {
    const kpis: LiveKpis = {
        notStarted: 0,
        onRoad: 0,
        finished: 0,
        stopsDone: 0,
        stopsPlanned: 0,
        jobsSuccessful: 0,
        jobsFailed: 0,
        jobsTotal: 0,
        behindAverage: 0,
        outdated: 0,
        rtt: { GOOD: 0, MEDIUM: 0, BLOCKED: 0, NONE: 0 },
    };
    for (const tour of tours) {
        if (tour.state === 'NOT_STARTED') kpis.notStarted++;
        else if (tour.state === 'ON_ROAD') kpis.onRoad++;
        else kpis.finished++;
        kpis.stopsDone += tour.waypointsDone;
        kpis.stopsPlanned += tour.waypointsTotal;
        kpis.jobsSuccessful += tour.jobsSuccessful;
        kpis.jobsFailed += tour.jobsFailed;
        kpis.jobsTotal += tour.jobsTotal;
        if (tour.behindAverage) kpis.behindAverage++;
        if (tour.outdated) kpis.outdated++;
        kpis.rtt[tour.rttCategory ?? 'NONE']++;
    }
    return kpis;
}
