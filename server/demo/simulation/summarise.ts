/**
 * The outcome of a driven tour, read back from its events, for the bulk backfill that writes
 * tour and waypoint summaries instead of raw events. Plain objects; no database.
 */
import type { DriverAppEvent } from '../../../domain/contracts/driver-app-ingestion.js';
import {
    isFailedOutcome,
    type ConfirmationSource,
    type FailureReason,
    type JobOutcome,
    type WaypointState,
} from '../../../domain/tours.js';
import type { DrivenLeg, TourIds } from './drive.js';
import { isoTime } from './local-time.js';
import type { GridPoint } from './network.js';
import { routeBetween } from './routing.js';
import { orderFidelity } from '../../../domain/sequenceFidelity.js';
import type { PlannedTour } from './types.js';

interface JobSummary {
    jobId: string;
    externalJobId: string;
    /** Null when the driver reported no status (the system confirmed the stop) or the stop is open. */
    outcome: JobOutcome | null;
    reason: FailureReason | null;
    /** ISO instant of the status; null without one. */
    at: string | null;
}

interface WaypointSummary {
    waypointId: string;
    plannedSequence: number;
    /** 1-based position in the order the stops were served; null for a stop not served. */
    drivenSequence: number | null;
    /** Arrival: the vehicle's stationary position before the first scan or status there. */
    ata: string | null;
    /** DONE once the stop shows a scan or a status, else OPEN. */
    state: Extract<WaypointState, 'DONE' | 'OPEN'>;
    /** DRIVER when the driver reported a status, SYSTEM when only scans and positions show the visit. */
    confirmation: ConfirmationSource;
    /** At least one job failed. */
    failed: boolean;
    jobs: JobSummary[];
}

export interface TourSummary {
    tourId: string;
    loginAt: string | null;
    /** Departure from the depot: the first moving position. */
    startedAt: string | null;
    /** Return to the depot: the last position. */
    finishedAt: string | null;
    logoutAt: string | null;
    /** Along the street network, depot → stops in driven order → depot. */
    distanceKm: number;
    stopsDone: number;
    stopsFailed: number;
    jobsDone: number;
    jobsFailed: number;
    /** The simulator's measure against the first app-suggested sequence (see sequence.ts), percent. */
    sequenceFidelity: number;
    /** In planned order. */
    waypoints: WaypointSummary[];
}

interface StopTrace {
    first: number;
    last: number;
    statuses: Map<string, { outcome: JobOutcome; reason: FailureReason | null; at: number }>;
}

/** What `driveTourTraced` knows besides the events: read from there instead of worked out again. */
export interface DriveTrace {
    /** Each event's `occurredAt` in epoch milliseconds. */
    times: readonly number[];
    /** The legs driven, in order, with their length along the grid. */
    legs: readonly DrivenLeg[];
}

/** The summary of a tour driven by `driveTour` with the same `ids` (and what `driveTourTraced` told, if known). */
export function summariseTour(
    tour: PlannedTour,
    ids: TourIds,
    events: readonly DriverAppEvent[],
    drive?: DriveTrace,
): TourSummary {
    const stopOfJob = new Map<string, number>();
    tour.stops.forEach((stop, index) => {
        for (const job of stop.jobs) {
            stopOfJob.set(job.externalJobId, index);
            const jobId = ids.jobIds.get(job.externalJobId);
            if (jobId) stopOfJob.set(jobId, index);
        }
    });
    const traces = new Map<number, StopTrace>();
    const stationary: number[] = [];
    const times = { login: NaN, start: NaN, finish: NaN, logout: NaN };
    let suggested: number[] | null = null;
    const waypointIndex = new Map(ids.waypointIds.map((id, index) => [id, index]));
    for (let index = 0; index < events.length; index++) {
        const event = events[index] as DriverAppEvent;
        const at = drive?.times[index] ?? Date.parse(event.occurredAt);
        if (event.type === 'LOGIN' && Number.isNaN(times.login)) times.login = at;
        if (event.type === 'LOGOUT') times.logout = at;
        if (event.type === 'SEQUENCE' && suggested === null)
            suggested = (event.sequence ?? []).map((id) => waypointIndex.get(id) ?? -1);
        if (event.type === 'POSITION') {
            const speed = event.position?.speed ?? 0;
            if (speed > 0 && Number.isNaN(times.start)) times.start = at;
            if (speed === 0) stationary.push(at);
            times.finish = at;
        }
        const stop = event.jobId === undefined ? undefined : stopOfJob.get(event.jobId);
        if (stop === undefined || (event.type !== 'SCAN' && event.type !== 'STATUS_CHANGE'))
            continue;
        const trace = traces.get(stop) ?? { first: at, last: at, statuses: new Map() };
        trace.last = at;
        traces.set(stop, trace);
        if (event.type === 'STATUS_CHANGE' && event.outcome && event.jobId)
            trace.statuses.set(event.jobId, {
                outcome: event.outcome,
                reason: event.reason ?? null,
                at,
            });
    }
    const driven = [...traces.entries()]
        .sort((a, b) => a[1].first - b[1].first)
        .map(([stop]) => stop);
    const drivenPosition = new Map(driven.map((stop, position) => [stop, position]));
    const iso = (time: number) => (Number.isNaN(time) ? null : isoTime(time));

    /** The latest stationary position in (after, upTo], else `upTo`. */
    const arrivalBefore = (upTo: number, after: number): number => {
        let low = 0;
        let high = stationary.length;
        while (low < high) {
            const middle = (low + high) >> 1;
            if ((stationary[middle] ?? 0) <= upTo) low = middle + 1;
            else high = middle;
        }
        const candidate = stationary[low - 1];
        return candidate !== undefined && candidate > after ? candidate : upTo;
    };

    const waypoints = tour.stops.map((stop, index): WaypointSummary => {
        const trace = traces.get(index);
        const position = drivenPosition.get(index) ?? -1;
        const previous = position > 0 ? traces.get(driven[position - 1] as number) : undefined;
        const jobs = stop.jobs.map((job): JobSummary => {
            const jobId = ids.jobIds.get(job.externalJobId) ?? job.externalJobId;
            const status = trace?.statuses.get(jobId);
            return {
                jobId,
                externalJobId: job.externalJobId,
                outcome: status?.outcome ?? null,
                reason: status?.reason ?? null,
                at: status ? iso(status.at) : null,
            };
        });
        return {
            waypointId: ids.waypointIds[index] as string,
            plannedSequence: stop.sequence,
            drivenSequence: trace ? position + 1 : null,
            ata: trace ? iso(arrivalBefore(trace.first, previous?.last ?? times.start)) : null,
            state: trace ? 'DONE' : 'OPEN',
            confirmation: trace && trace.statuses.size > 0 ? 'DRIVER' : 'SYSTEM',
            failed: jobs.some((job) => job.outcome !== null && isFailedOutcome(job.outcome)),
            jobs,
        };
    });

    const points: GridPoint[] = [
        tour.network.depotPoint,
        ...driven.map((stop) => (tour.stops[stop] as PlannedTour['stops'][number]).point),
        tour.network.depotPoint,
    ];
    // The drive routed the same legs when it served the stops in this order: their lengths.
    let metres = 0;
    for (let i = 0; i + 1 < points.length; i++) {
        const [from, to] = [points[i] as GridPoint, points[i + 1] as GridPoint];
        const leg = drive?.legs[i];
        metres +=
            leg && leg.from === from && leg.to === to
                ? leg.lengthM
                : routeBetween(tour.network, from, to).lengthM;
    }
    const doneJobs = waypoints.flatMap((waypoint) =>
        waypoint.state === 'DONE' ? waypoint.jobs : [],
    );
    const failedJobs = doneJobs.filter(
        (job) => job.outcome !== null && isFailedOutcome(job.outcome),
    );
    return {
        tourId: ids.tourId,
        loginAt: iso(times.login),
        startedAt: iso(times.start),
        finishedAt: iso(times.finish),
        logoutAt: iso(times.logout),
        distanceKm: Math.round(metres / 10) / 100,
        stopsDone: driven.length,
        stopsFailed: waypoints.filter((waypoint) => waypoint.failed).length,
        jobsDone: doneJobs.length - failedJobs.length,
        jobsFailed: failedJobs.length,
        sequenceFidelity: Math.round(100 * orderFidelity(suggested ?? driven, driven)),
        waypoints,
    };
}
