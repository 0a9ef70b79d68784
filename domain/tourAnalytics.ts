/**
 * A tour's day in figures (issue 16 parts 6 and 7): app activity, logins, sequence requests,
 * start delay, service and driving time, jobs, ETA accuracy, sequence fidelity and adherence,
 * time frames, missed windows and the recommendations, from its waypoints, jobs, driver-app
 * events and positions. Pure; the analytics worker stores the result per tour and per waypoint.
 * The rules are in docs/analytics.md; each lives in its own module.
 */
import {
    appUsageOfDay,
    daySplit,
    departures,
    foregroundMinutes,
    loginFigures,
    type ServedStop,
} from './appActivity.js';
import type { LatLon } from './geo.js';
import type { AppUsageLevel } from './liveStatus.js';
import {
    tourWindows,
    type MissedWindowCause,
    type MissedWindowTally,
    type TimeFrameTally,
    type WindowMiss,
} from './missedWindowCauses.js';
import {
    notConsideredReasonsInDrivenOrder,
    type NotConsideredReason,
    type NotConsideredStop,
} from './notConsideredReasons.js';
import { sequenceFigures, tourRecommendations, type Recommendation } from './recommendations.js';
import { isNightEta } from './rtt.js';
import { drivenPositionShifts, sequenceAdherence } from './sequenceAdherence.js';
import { tourSequenceFidelity } from './sequenceFidelity.js';
import {
    failureReasons,
    isFailedOutcome,
    type ConfirmationSource,
    type CoordinateType,
    type FailureReason,
    type JobOutcome,
    type JobType,
    type WaypointState,
} from './tours.js';

/** A stored driver-app event of the tour (positions come apart, as `AnalyticsPosition`). */
export interface AnalyticsEvent {
    type: 'LOGIN' | 'LOGOUT' | 'APP_STATE' | 'SCAN' | 'STATUS_CHANGE' | 'SEQUENCE';
    at: Date;
    userId: string | null;
    appState?: 'FOREGROUND' | 'BACKGROUND';
    /** SCAN and STATUS_CHANGE: the internal job id. */
    jobId?: string | null;
    /** Where the device was, when the app sent it. */
    position?: LatLon | null;
    /** SEQUENCE: waypoint ids in the app's order. */
    sequence?: string[];
    /** LOGIN: the device's IMEI. */
    deviceImei?: string | null;
}

export interface AnalyticsPosition extends LatLon {
    at: Date;
}

export interface AnalyticsJob {
    id: string;
    waypointId: string;
    type: JobType;
    outcome: JobOutcome | null;
    reason: FailureReason | null;
    statusAt: Date | null;
}

export interface AnalyticsWaypoint {
    id: string;
    plannedSequence: number;
    suggestedSequence: number | null;
    drivenSequence: number | null;
    state: WaypointState;
    confirmation: ConfirmationSource | null;
    timeFrameFrom: Date | null;
    timeFrameTo: Date | null;
    timeFrameSource: 'ASSIGNMENT' | 'DRIVER' | null;
    eta: Date | null;
    firstEta: Date | null;
    ata: Date | null;
    latitude: number | null;
    longitude: number | null;
    coordinateType: CoordinateType | null;
}

export interface TourAnalyticsInput {
    timeZone: string;
    depot: LatLon;
    plannedStart: Date | null;
    startedAt: Date | null;
    finishedAt: Date | null;
    waypoints: AnalyticsWaypoint[];
    jobs: AnalyticsJob[];
    /** Any order. */
    events: AnalyticsEvent[];
    /** Possibly coarse (one a minute or so) or none at all. */
    positions: AnalyticsPosition[];
}

export interface WaypointAnalytics {
    waypointId: string;
    /** ISO time the vehicle left the stop. */
    departedAt: string | null;
    notConsideredReason: NotConsideredReason | null;
    missedWindow: boolean;
    /** How the window was missed (the waypoint's `window_miss`). */
    windowMiss: WindowMiss | null;
    missedWindowCause: MissedWindowCause | null;
}

/** The day's figures of a tour; JSON values only. Minutes are whole unless said otherwise. */
export interface TourAnalytics {
    appForegroundMinutes: number | null;
    appUsage: AppUsageLevel;
    logins: number;
    loginDevices: number;
    loginDrivers: number;
    sequenceRequests: number;
    startedBeforeSequence: boolean;
    firstWaypointChanges: number;
    startDelayMinutes: number | null;
    serviceMinutes: number | null;
    drivingMinutes: number | null;
    breakMinutes: number | null;
    jobsSuccessful: number;
    jobsFailed: number;
    failedJobsByReason: Record<FailureReason, number>;
    /** Mean |ATA − first ETA| in minutes (one decimal) over the considered done stops. */
    etaDeviation: { averageMinutes: number | null; stops: number };
    nightEtas: number;
    sequenceFidelity: number | null;
    /** Sequence deviation (0 perfect, about 2/3 random), three decimals. */
    sequenceAdherence: number | null;
    timeFrames: { driver: TimeFrameTally; system: TimeFrameTally };
    recommendations: Recommendation[];
    missedWindows: MissedWindowTally;
    /** In planned order. */
    waypoints: WaypointAnalytics[];
}

const MINUTE_MS = 60_000;
const byDate = (a: Date, b: Date) => a.getTime() - b.getTime();
const byTime = <T extends { at: Date }>(a: T, b: T) => byDate(a.at, b.at);
/** Whole minutes, halves away from zero (a start 30.5 minutes early is 31 minutes early). */
const wholeMinutes = (ms: number) => Math.sign(ms) * Math.round(Math.abs(ms) / MINUTE_MS) || 0;
const round = (value: number, decimals: number) =>
    Math.round(value * 10 ** decimals) / 10 ** decimals;
const placeOf = (w: AnalyticsWaypoint): LatLon | null =>
    w.latitude === null || w.longitude === null
        ? null
        : { latitude: w.latitude, longitude: w.longitude };

function groupBy<T>(items: readonly T[], key: (item: T) => string | null): Map<string, T[]> {
    const groups = new Map<string, T[]>();
    for (const item of items) {
        const k = key(item);
        if (k === null) continue;
        const group = groups.get(k);
        if (group) group.push(item);
        else groups.set(k, [item]);
    }
    return groups;
}

/** The tour's day, sorted and grouped once. */
interface Day {
    events: AnalyticsEvent[];
    /** The done stops in driven order. */
    done: AnalyticsWaypoint[];
    jobsOf: Map<string, AnalyticsJob[]>;
    /** The SCAN and STATUS_CHANGE events of each stop's jobs, in time order. */
    onsiteOf: Map<string, AnalyticsEvent[]>;
}

function dayOf(input: TourAnalyticsInput): Day {
    const events = [...input.events].sort(byTime);
    const waypointOfJob = new Map(input.jobs.map((job) => [job.id, job.waypointId]));
    const done = input.waypoints
        .filter((w) => w.state === 'DONE')
        .sort(
            (a, b) =>
                (a.drivenSequence ?? Infinity) - (b.drivenSequence ?? Infinity) ||
                a.plannedSequence - b.plannedSequence,
        );
    return {
        events,
        done,
        jobsOf: groupBy(input.jobs, (job) => job.waypointId),
        onsiteOf: groupBy(
            events.filter((e) => e.type === 'SCAN' || e.type === 'STATUS_CHANGE'),
            (e) => (e.jobId ? (waypointOfJob.get(e.jobId) ?? null) : null),
        ),
    };
}

/** The status times of a stop's jobs, earliest first. */
const statusTimesOf = (day: Day, stopId: string) =>
    (day.jobsOf.get(stopId) ?? [])
        .flatMap((job) => (job.statusAt ? [job.statusAt] : []))
        .sort(byDate);

/** The tour's end: its finish, else its last event or position. */
function endOf(input: TourAnalyticsInput): number | null {
    if (input.finishedAt) return input.finishedAt.getTime();
    const times = [...input.events, ...input.positions].map((item) => item.at.getTime());
    return times.length ? times.reduce((a, b) => Math.max(a, b)) : null;
}

/** When each done stop was done: its last status once every job has one, else when the vehicle left. */
function doneTimes(day: Day, departed: Map<string, number | null>): Map<string, number> {
    const doneAt = new Map<string, number>();
    for (const stop of day.done) {
        const jobs = day.jobsOf.get(stop.id) ?? [];
        const allStatus = jobs.length > 0 && jobs.every((job) => job.statusAt !== null);
        const at = allStatus
            ? (statusTimesOf(day, stop.id).at(-1)?.getTime() ?? null)
            : (departed.get(stop.id) ?? stop.ata?.getTime() ?? null);
        if (at !== null) doneAt.set(stop.id, at);
    }
    return doneAt;
}

/** The not-considered reason of every done stop. */
function notConsidered(day: Day): Map<string, NotConsideredReason | null> {
    const facts = day.done.map((stop): NotConsideredStop => {
        const onsite = day.onsiteOf.get(stop.id) ?? [];
        const firstStatus = onsite.find((e) => e.type === 'STATUS_CHANGE')?.at;
        return {
            state: stop.state,
            confirmation: stop.confirmation,
            place: placeOf(stop),
            ata: stop.ata,
            jobs: day.jobsOf.get(stop.id) ?? [],
            onsiteEvents: onsite.map((e) => ({ at: e.at, position: e.position ?? null })),
            firstStatusAt: firstStatus ?? statusTimesOf(day, stop.id)[0] ?? null,
        };
    });
    const reasons = notConsideredReasonsInDrivenOrder(facts);
    return new Map(day.done.map((stop, index) => [stop.id, reasons[index] ?? null]));
}

function jobFigures(jobs: readonly AnalyticsJob[]) {
    const failedJobsByReason = Object.fromEntries(failureReasons.map((r) => [r, 0])) as Record<
        FailureReason,
        number
    >;
    let jobsSuccessful = 0;
    let jobsFailed = 0;
    for (const job of jobs) {
        if (!job.outcome) continue;
        if (!isFailedOutcome(job.outcome)) jobsSuccessful++;
        else {
            jobsFailed++;
            if (job.reason) failedJobsByReason[job.reason]++;
        }
    }
    return { jobsSuccessful, jobsFailed, failedJobsByReason };
}

/** The day's analytics of one tour (see `TourAnalytics` and docs/analytics.md). */
export function summariseTourAnalytics(input: TourAnalyticsInput): TourAnalytics {
    const day = dayOf(input);
    const served = day.done.map((stop): ServedStop => ({
        id: stop.id,
        place: placeOf(stop),
        ata: stop.ata,
        lastStatusAt: statusTimesOf(day, stop.id).at(-1) ?? null,
    }));
    const departed = departures(served, input.positions, input.finishedAt);
    const split = daySplit({ ...input, stops: served, departed, end: endOf(input) });
    const reasons = notConsidered(day);
    const started = input.startedAt?.getTime();
    const planned = input.plannedStart?.getTime();
    const startDelayMinutes =
        started === undefined || planned === undefined ? null : wholeMinutes(started - planned);
    const appForegroundMinutes = foregroundMinutes(day.events, input.finishedAt);
    const appUsage = appUsageOfDay(day.events.length, appForegroundMinutes);

    // Night ETAs (domain §9) are left out, as the live status's RTT leaves them out.
    const deviations = day.done.flatMap((w) =>
        w.ata && w.firstEta && reasons.get(w.id) === null && !isNightEta(w.firstEta, input.timeZone)
            ? [Math.abs(w.ata.getTime() - w.firstEta.getTime()) / MINUTE_MS]
            : [],
    );
    const shifts = drivenPositionShifts(input.waypoints);
    const windows = tourWindows(
        day.done.map((stop) => {
            const service = split.serviceOf.get(stop.id);
            return {
                ...stop,
                jobs: day.jobsOf.get(stop.id)?.length ?? 0,
                serviceMinutes: service === undefined ? null : service / MINUTE_MS,
                notConsideredReason: reasons.get(stop.id) ?? null,
                positionShift: shifts.get(stop.id) ?? null,
            };
        }),
        startDelayMinutes,
    );
    const sequence = sequenceFigures({
        sequences: day.events.filter((e) => e.type === 'SEQUENCE'),
        startedAt: input.startedAt,
        waypointIds: new Set(input.waypoints.map((w) => w.id)),
        doneAt: doneTimes(day, departed),
    });
    const logins = loginFigures(day.events);
    const sequenceFidelity = tourSequenceFidelity(input.waypoints);
    const adherence = sequenceAdherence(input.waypoints);
    const recommendations = tourRecommendations({
        ...sequence,
        ...logins,
        appUsage,
        appForegroundMinutes,
        sequenceFidelity,
        timeFrames: windows.timeFrames,
        startDelayMinutes,
    });
    const waypoints = [...input.waypoints]
        .sort((a, b) => a.plannedSequence - b.plannedSequence)
        .map((w): WaypointAnalytics => {
            const departedAt = departed.get(w.id) ?? null;
            const window = windows.misses.get(w.id);
            return {
                waypointId: w.id,
                departedAt: departedAt === null ? null : new Date(departedAt).toISOString(),
                notConsideredReason: reasons.get(w.id) ?? null,
                missedWindow: window !== undefined,
                windowMiss: window?.miss ?? null,
                missedWindowCause: window?.cause ?? null,
            };
        });
    const deviationSum = deviations.reduce((sum, minutes) => sum + minutes, 0);
    return {
        appForegroundMinutes,
        appUsage,
        ...logins,
        ...sequence,
        startDelayMinutes,
        serviceMinutes: split.serviceMinutes,
        drivingMinutes: split.drivingMinutes,
        breakMinutes: split.breakMinutes,
        ...jobFigures(input.jobs),
        etaDeviation: {
            averageMinutes: deviations.length ? round(deviationSum / deviations.length, 1) : null,
            stops: deviations.length,
        },
        nightEtas: input.waypoints.filter(
            (w) => w.firstEta && isNightEta(w.firstEta, input.timeZone),
        ).length,
        sequenceFidelity,
        sequenceAdherence: adherence === null ? null : round(adherence, 3),
        timeFrames: windows.timeFrames,
        recommendations,
        missedWindows: windows.tally,
        waypoints,
    };
}
