/**
 * The processing of a tour (issue 14 part 4): how driver-app events and positions move a tour,
 * its waypoints and jobs forward. Pure: the tour commander loads the tour, applies the events
 * after its watermark with `applyProgress`, and writes the result. The rules, also in
 * docs/decisions.md ("Tour processing"):
 *
 * - The tour starts (ON_ROAD) at its first scan or status change, or its first position more
 *   than 300 m from the depot; its open jobs are then on tour (parcel step "on tour").
 * - A status change finishes its job with the outcome (and reason) at the event's time. When
 *   every job of a stop is finished, the stop is DONE, confirmed by the DRIVER, and takes the next
 *   driven position. Its ATA is the earliest of: its first scan or status, or the start of a
 *   stay within 50 m.
 * - A stop the vehicle stayed at (within 50 m, for 60 s or more) and then left (beyond 150 m)
 *   without any status is DONE, confirmed by the SYSTEM.
 * - A SEQUENCE event sets the app-suggested position of each waypoint it names.
 * - The tour is FINISHED at a logout once started, or when every stop is done and the vehicle is
 *   back within 300 m of the depot.
 * - The next stop (CURRENT) is the first stop not done, in the suggested order when the app sent
 *   one, else the planned order.
 * - Distance: the sum of great-circle distances between consecutive positions less than 10
 *   minutes and at most 70 m/s apart (GPS jumps are skipped).
 * - ETAs of the stops not done: domain/eta.ts, from the last position and the mean of the last
 *   ten moving speeds; service time 60 s plus 30 s per job. They are estimated again at most
 *   every 30 s of event time, or at once when a stop is done or the app suggests a new order.
 *   A done stop keeps its last ETA; each stop also keeps its first ETA of the tour (`firstEta`,
 *   the estimate the ETA deviation of the analytics is measured against).
 */
import { estimateArrivals, projectedFinish } from './eta.js';
import { distanceMetres, type LatLon } from './geo.js';
import {
    isFailedOutcome,
    type ConfirmationSource,
    type FailureReason,
    type JobOutcome,
    type JobState,
    type TourState,
    type WaypointState,
} from './tours.js';

const ARRIVAL_RADIUS_M = 50;
const DWELL_MS = 60_000;
const DEPARTURE_RADIUS_M = 150;
const DEPOT_RADIUS_M = 300;
const MAX_GAP_MS = 10 * 60_000;
const MAX_SPEED_MPS = 70;
const MOVING_MPS = 1;
const RECENT_SPEEDS = 10;
const ETA_EVERY_MS = 30_000;

/** What the processing keeps between runs (the tour's `processing_state`). */
export interface ProgressCarry {
    lastPosition?: { latitude: number; longitude: number; at: string };
    /** The stop the vehicle is staying at, since when. */
    dwell?: { waypointId: string; since: string; until: string };
    recentSpeeds?: number[];
    /** When the ETAs were last estimated. */
    etaAt?: string;
    /** The projected finish as first estimated after the start: the plan the live status compares with. */
    plannedFinishAt?: string;
}

interface ProgressTour {
    state: TourState;
    startedAt: Date | null;
    finishedAt: Date | null;
    driverId: string | null;
    distanceMetres: number;
    projectedFinishAt: Date | null;
    lastEventAt: Date | null;
    depot: LatLon;
    carry: ProgressCarry;
}

export interface ProgressWaypoint {
    id: string;
    plannedSequence: number;
    suggestedSequence: number | null;
    drivenSequence: number | null;
    state: WaypointState;
    confirmation: ConfirmationSource | null;
    ata: Date | null;
    eta: Date | null;
    /** The first ETA estimated for the stop after the tour started; never changed after. */
    firstEta: Date | null;
    latitude: number | null;
    longitude: number | null;
    jobsTotal: number;
}

export interface ProgressJob {
    id: string;
    waypointId: string | null;
    state: JobState;
    outcome: JobOutcome | null;
    reason: FailureReason | null;
    statusAt: Date | null;
}

export type ProgressItem =
    | {
          kind: 'event';
          type: string;
          at: Date;
          userId: string | null;
          jobId: string | null;
          outcome?: JobOutcome;
          reason?: FailureReason;
          sequence?: string[];
          eventId: string;
      }
    | { kind: 'position'; at: Date; latitude: number; longitude: number; speed: number | null };

/** A new entry of a job's status history. */
export interface ProgressStatus {
    jobId: string;
    state: JobState;
    outcome: JobOutcome | null;
    reason: FailureReason | null;
    at: Date;
    source: 'DRIVER_APP' | 'SYSTEM';
    eventId: string | null;
    position: LatLon | null;
}

export interface ProgressState {
    tour: ProgressTour;
    waypoints: ProgressWaypoint[];
    jobs: ProgressJob[];
}

const located = (w: ProgressWaypoint): w is ProgressWaypoint & LatLon =>
    w.latitude !== null && w.longitude !== null;

/** Applies `items` (any order) to a copy of `state`; answers the new state and the new job statuses. */
export function applyProgress(
    state: ProgressState,
    items: readonly ProgressItem[],
    now: Date,
): ProgressState & { statuses: ProgressStatus[] } {
    const tour: ProgressTour = { ...state.tour, carry: { ...state.tour.carry } };
    const waypoints = state.waypoints.map((w) => ({ ...w }));
    const jobs = state.jobs.map((j) => ({ ...j }));
    const statuses: ProgressStatus[] = [];
    const waypointById = new Map(waypoints.map((w) => [w.id, w]));
    const jobById = new Map(jobs.map((j) => [j.id, j]));
    let driven = Math.max(0, ...waypoints.map((w) => w.drivenSequence ?? 0));
    const lastLatLon = (): LatLon | null => tour.carry.lastPosition ?? null;

    const start = (at: Date) => {
        if (tour.startedAt) return;
        tour.startedAt = at;
        tour.state = 'ON_ROAD';
        for (const job of jobs)
            if (job.state === 'OPEN') {
                job.state = 'ON_TOUR';
                statuses.push({
                    jobId: job.id,
                    state: 'ON_TOUR',
                    outcome: null,
                    reason: null,
                    at,
                    source: 'SYSTEM',
                    eventId: null,
                    position: lastLatLon(),
                });
            }
    };
    const arrive = (waypoint: ProgressWaypoint | undefined, at: Date) => {
        if (waypoint && (!waypoint.ata || waypoint.ata > at)) waypoint.ata = at;
    };
    const complete = (waypoint: ProgressWaypoint, at: Date, by: ConfirmationSource) => {
        if (waypoint.state === 'DONE') return;
        arrive(waypoint, at);
        waypoint.state = 'DONE';
        waypoint.confirmation = by;
        waypoint.drivenSequence = ++driven;
    };
    const finish = (at: Date) => {
        if (tour.finishedAt || !tour.startedAt) return;
        tour.finishedAt = at;
        tour.state = 'FINISHED';
    };

    const sorted = [...items].sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const item of sorted) {
        if (!tour.lastEventAt || item.at > tour.lastEventAt) tour.lastEventAt = item.at;
        if (item.kind === 'position') {
            applyPosition(item);
            continue;
        }
        switch (item.type) {
            case 'LOGIN':
                if (item.userId) tour.driverId = item.userId;
                break;
            case 'LOGOUT':
                finish(item.at);
                break;
            case 'SEQUENCE':
                (item.sequence ?? []).forEach((id, index) => {
                    const waypoint = waypointById.get(id);
                    if (waypoint) waypoint.suggestedSequence = index + 1;
                });
                break;
            case 'SCAN': {
                start(item.at);
                const job = item.jobId ? jobById.get(item.jobId) : undefined;
                arrive(job?.waypointId ? waypointById.get(job.waypointId) : undefined, item.at);
                break;
            }
            case 'STATUS_CHANGE': {
                start(item.at);
                const job = item.jobId ? jobById.get(item.jobId) : undefined;
                if (!job || !item.outcome) break;
                job.state = 'DONE';
                job.outcome = item.outcome;
                job.reason = isFailedOutcome(item.outcome) ? (item.reason ?? null) : null;
                job.statusAt = item.at;
                statuses.push({
                    jobId: job.id,
                    state: 'DONE',
                    outcome: job.outcome,
                    reason: job.reason,
                    at: item.at,
                    source: 'DRIVER_APP',
                    eventId: item.eventId,
                    position: lastLatLon(),
                });
                const waypoint = job.waypointId ? waypointById.get(job.waypointId) : undefined;
                if (!waypoint) break;
                arrive(waypoint, item.at);
                const open = jobs.some((j) => j.waypointId === waypoint.id && j.state !== 'DONE');
                if (!open) complete(waypoint, item.at, 'DRIVER');
                break;
            }
            default:
                break;
        }
    }

    function applyPosition(item: Extract<ProgressItem, { kind: 'position' }>) {
        const here = { latitude: item.latitude, longitude: item.longitude };
        const last = tour.carry.lastPosition;
        if (last) {
            const gap = item.at.getTime() - Date.parse(last.at);
            const metres = distanceMetres(last, here);
            if (gap > 0 && gap <= MAX_GAP_MS && metres <= MAX_SPEED_MPS * (gap / 1000))
                tour.distanceMetres += metres;
        }
        tour.carry.lastPosition = { ...here, at: item.at.toISOString() };
        if (tour.carry.dwell) tour.carry.dwell = { ...tour.carry.dwell };
        if (item.speed !== null && item.speed >= MOVING_MPS)
            tour.carry.recentSpeeds = [...(tour.carry.recentSpeeds ?? []), item.speed].slice(
                -RECENT_SPEEDS,
            );
        if (!tour.startedAt && distanceMetres(tour.depot, here) > DEPOT_RADIUS_M) start(item.at);
        // Stays at stops: arrival, and system confirmation on leaving after a long enough stay.
        const dwell = tour.carry.dwell;
        const dwelt = dwell ? waypointById.get(dwell.waypointId) : undefined;
        const stayed = (d: NonNullable<ProgressCarry['dwell']>) =>
            Date.parse(d.until) - Date.parse(d.since) >= DWELL_MS;
        if (dwell && dwelt && located(dwelt)) {
            const away = distanceMetres(dwelt, here);
            if (away <= ARRIVAL_RADIUS_M) {
                dwell.until = item.at.toISOString();
                if (stayed(dwell)) arrive(dwelt, new Date(dwell.since));
            } else if (away > DEPARTURE_RADIUS_M) {
                if (stayed(dwell) && tour.startedAt)
                    complete(dwelt, new Date(dwell.since), 'SYSTEM');
                tour.carry.dwell = undefined;
            }
        }
        if (!tour.carry.dwell) {
            const near = waypoints.find(
                (w) =>
                    w.state !== 'DONE' && located(w) && distanceMetres(w, here) <= ARRIVAL_RADIUS_M,
            );
            const since = item.at.toISOString();
            if (near) tour.carry.dwell = { waypointId: near.id, since, until: since };
        }
        const allDone = waypoints.every((w) => w.state === 'DONE' || w.state === 'UNASSIGNED');
        if (allDone && tour.startedAt && distanceMetres(tour.depot, here) <= DEPOT_RADIUS_M)
            finish(item.at);
    }

    // The next stop, and the ETAs of the stops left.
    const order = (w: ProgressWaypoint) => w.suggestedSequence ?? w.plannedSequence;
    const left = waypoints
        .filter((w) => w.state !== 'DONE' && w.state !== 'UNASSIGNED')
        .sort((a, b) => order(a) - order(b) || a.plannedSequence - b.plannedSequence);
    left.forEach(
        (w, index) => (w.state = index === 0 && tour.state !== 'FINISHED' ? 'CURRENT' : 'OPEN'),
    );
    const position = tour.carry.lastPosition;
    const orderChanged =
        driven !== Math.max(0, ...state.waypoints.map((w) => w.drivenSequence ?? 0)) ||
        waypoints.some((w, i) => w.suggestedSequence !== state.waypoints[i]?.suggestedSequence);
    const etaDue =
        !tour.carry.etaAt ||
        orderChanged ||
        (position !== undefined &&
            Date.parse(position.at) - Date.parse(tour.carry.etaAt) >= ETA_EVERY_MS);
    if (tour.state === 'ON_ROAD' && position && etaDue) {
        tour.carry.etaAt = position.at;
        const speeds = tour.carry.recentSpeeds ?? [];
        const input = {
            now,
            position,
            positionAt: new Date(position.at),
            recentSpeedMps: speeds.length
                ? speeds.reduce((s, v) => s + v, 0) / speeds.length
                : null,
            waypoints: left.filter(located).map((w) => ({
                id: w.id,
                latitude: w.latitude,
                longitude: w.longitude,
                serviceSeconds: 60 + 30 * w.jobsTotal,
            })),
        };
        const etas = new Map(estimateArrivals(input).map((e) => [e.waypointId, e.eta]));
        for (const w of left) {
            w.eta = etas.get(w.id) ?? null;
            w.firstEta ??= w.eta;
        }
        tour.projectedFinishAt = projectedFinish(input, tour.depot);
        tour.carry.plannedFinishAt ??= tour.projectedFinishAt.toISOString();
    } else if (tour.state === 'FINISHED') {
        tour.projectedFinishAt = tour.finishedAt;
        for (const w of left) w.eta = null;
    }
    return { tour, waypoints, jobs, statuses };
}
