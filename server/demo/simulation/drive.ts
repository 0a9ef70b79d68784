/**
 * A planned tour driven by a simulated driver, as the driver app's events (exactly the wire
 * shape of the ingestion API), sorted by time. Deterministic: the same tour, ids and options give
 * the same events; no clock is read, every time follows from the planned start.
 */
import type { DriverAppEvent } from '../../../domain/contracts/driver-app-ingestion.js';
import { createRandom, type Random } from '../random.js';
import { serveStop, type EventBody } from './drive-stop.js';
import { isoTime } from './local-time.js';
import { driveRoute, gpsFix } from './movement.js';
import type { GridPoint } from './network.js';
import { routeBetween } from './routing.js';
import { drivenOrder, suggestedOrder, targetFidelity } from './sequence.js';
import type { PlannedTour } from './types.js';

/** `live`: a position every 5-15 s while moving; `coarse`: every 60-120 s, plus one at each stop. */
type DriveDetail = 'live' | 'coarse';

interface DriveProbabilities {
    /** A tour starting 20-75 minutes after its planned start. */
    lateStart: number;
    /** A second LOGIN on the tour during the day. */
    duplicateLogin: number;
    /** A stop failing; by default each tour draws its own rate between 3 and 8 %. */
    failure: number | null;
    /** The app in the background while driving to a stop (no positions meanwhile). */
    backgroundLeg: number;
    /** A driver who keeps the app in the background most of the time. */
    lowAppUsage: number;
    /** A lunch break of 20-40 minutes with the app in the background. */
    lunchBreak: number;
    /** A stop with no status reported by the driver (confirmed by the system). */
    missingStatus: number;
    /** The driver asking the app for a new order midway (a second SEQUENCE event). */
    reoptimise: number;
}

const defaultDriveProbabilities: DriveProbabilities = {
    lateStart: 0.15,
    duplicateLogin: 0.08,
    failure: null,
    backgroundLeg: 0.05,
    lowAppUsage: 0.05,
    lunchBreak: 0.35,
    missingStatus: 0.02,
    reoptimise: 0.1,
};

/** The ids the server gave the tour, its jobs (by external job id) and its waypoints (in planned stop order). */
export interface TourIds {
    tourId: string;
    jobIds: ReadonlyMap<string, string>;
    waypointIds: readonly string[];
}

export interface DriveOptions {
    seed: string;
    detail: DriveDetail;
    probabilities?: Partial<DriveProbabilities>;
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const devices = [
    'Zebra TC58',
    'Zebra TC53',
    'Honeywell CT45',
    'Samsung Galaxy XCover6 Pro',
    'Samsung Galaxy A54',
];
const appVersions = ['4.12.0', '4.12.1', '4.13.0'];

function device(random: Random): NonNullable<DriverAppEvent['device']> {
    return {
        model: random.pick(devices),
        appVersion: random.pick(appVersions),
        imei: `35${random.digits(13)}`,
    };
}

/** A driven tour with what the backfill reads from it without parsing it again. */
export interface DrivenTour {
    /** As `driveTour` answers them. */
    events: DriverAppEvent[];
    /** Each event's `occurredAt` in epoch milliseconds. */
    times: number[];
    /** The legs driven (depot → stops in driven order → depot), with their length along the grid. */
    legs: DrivenLeg[];
}

export interface DrivenLeg {
    from: GridPoint;
    to: GridPoint;
    lengthM: number;
}

/** The driver-app events of one driven tour, sorted by `occurredAt`, ids `${tourId}:${n}`. */
export function driveTour(
    tour: PlannedTour,
    ids: TourIds,
    options: DriveOptions,
): DriverAppEvent[] {
    return driveTourTraced(tour, ids, options).events;
}

/** `driveTour`, with the events' times as numbers and the legs driven. */
export function driveTourTraced(
    tour: PlannedTour,
    ids: TourIds,
    options: DriveOptions,
): DrivenTour {
    if (ids.waypointIds.length !== tour.stops.length)
        throw new RangeError(
            `${tour.stops.length} stops but ${ids.waypointIds.length} waypoint ids`,
        );
    const key = `${tour.externalDepotId}:${tour.date}:${tour.tourNumber}`;
    const random = createRandom(options.seed, `drive:${key}`);
    // Sampling and GPS noise draw from their own stream, so both details drive the same day.
    const gps = createRandom(options.seed, `gps:${key}:${options.detail}`);
    const p = { ...defaultDriveProbabilities, ...options.probabilities };
    const interval = options.detail === 'live' ? ([5, 15] as const) : ([60, 120] as const);
    const network = tour.network;
    const pending: { at: number; order: number; body: EventBody }[] = [];
    const push = (at: number, body: EventBody) =>
        pending.push({ at: Math.round(at), order: pending.length, body });

    const planned = Date.parse(tour.plannedStart);
    let at =
        planned + (random.chance(p.lateStart) ? random.int(20, 75) : random.int(-10, 12)) * MINUTE;
    const loginAt = at - random.int(10, 25) * MINUTE;
    const batteryStart = random.int(82, 100);
    const drainPerHour = 3 + random.next() * 5;
    const battery = (time: number) =>
        Math.max(3, Math.round(batteryStart - (drainPerHour * (time - loginAt)) / (60 * MINUTE)));
    const positionAt = (x: number, y: number, speedMs: number, heading?: number) =>
        gpsFix(network, gps, x, y, speedMs, heading);
    const positionEvent = (
        time: number,
        point: { x: number; y: number },
        speedMs: number,
        heading?: number,
    ) =>
        push(time, {
            type: 'POSITION',
            position: positionAt(point.x, point.y, speedMs, heading),
            battery: battery(time),
        });
    const appState = (time: number, state: 'FOREGROUND' | 'BACKGROUND') =>
        push(time, { type: 'APP_STATE', appState: state, battery: battery(time) });

    const depot = network.depotPoint;
    const deviceRandom = createRandom(
        options.seed,
        `device:${tour.externalDepotId}:${tour.vehicleNumber}`,
    );
    const mainDevice = device(deviceRandom);
    push(loginAt, {
        type: 'LOGIN',
        device: mainDevice,
        position: positionAt(depot.x, depot.y, 0),
        battery: battery(loginAt),
    });
    appState(loginAt + SECOND, 'FOREGROUND');
    const n = tour.stops.length;
    const suggested = suggestedOrder(random, n, tour.sequenceOptimisation);
    push(loginAt + random.int(20, 120) * SECOND, {
        type: 'SEQUENCE',
        sequence: suggested.map((i) => ids.waypointIds[i] as string),
    });
    const driven = drivenOrder(random, suggested, targetFidelity(random));

    const failure = p.failure ?? 0.03 + random.next() * 0.05;
    const legBackground = random.chance(p.lowAppUsage) ? 0.6 : p.backgroundLeg;
    const secondLoginAt = random.chance(p.duplicateLogin) ? random.int(0, n - 1) : -1;
    const reoptimiseAt = random.chance(p.reoptimise)
        ? random.int(Math.floor(n / 3), Math.floor((2 * n) / 3))
        : -1;
    const lunchAfter = random.chance(p.lunchBreak)
        ? random.int(Math.floor(0.4 * n), Math.floor(0.6 * n))
        : -1;
    const jobIdOf = (externalJobId: string) => ids.jobIds.get(externalJobId) ?? externalJobId;

    const legs: DrivenLeg[] = [];
    /** Drives from `from` to `to` from `at`, answering the arrival; the app may be in the background meanwhile. */
    const driveTo = (from: GridPoint, to: GridPoint, background: boolean): number => {
        const route = routeBetween(network, from, to);
        legs.push({ from, to, lengthM: route.lengthM });
        const movement = driveRoute(route, at, random, gps, interval);
        const hiddenFrom = background
            ? at + (movement.arrival - at) * (0.1 + random.next() * 0.4)
            : Infinity;
        if (background) appState(hiddenFrom, 'BACKGROUND');
        for (const sample of movement.samples)
            if (sample.at < hiddenFrom)
                positionEvent(sample.at, sample, sample.speedMs, sample.heading);
        if (background) appState(movement.arrival, 'FOREGROUND');
        positionEvent(movement.arrival, to, 0);
        return movement.arrival;
    };

    positionEvent(at, depot, 2 + random.next() * 2);
    let current = depot;
    driven.forEach((stopIndex, k) => {
        const stop = tour.stops[stopIndex];
        if (!stop) return;
        const first = k === 0;
        const arrival = driveTo(
            current,
            stop.point,
            random.chance(first ? Math.max(0.3, legBackground) : legBackground),
        );
        if (k === secondLoginAt) {
            const other = random.chance(0.5) ? device(deviceRandom) : mainDevice;
            push(arrival + 5 * SECOND, { type: 'LOGIN', device: other, battery: battery(arrival) });
        }
        if (k === reoptimiseAt)
            push(arrival + 10 * SECOND, {
                type: 'SEQUENCE',
                sequence: driven.slice(k).map((i) => ids.waypointIds[i] as string),
            });
        at = serveStop(
            random,
            stop,
            arrival,
            { failure, missingStatus: p.missingStatus },
            jobIdOf,
            push,
        );
        if (k === lunchAfter) {
            appState(at, 'BACKGROUND');
            at += random.int(20, 40) * MINUTE;
            appState(at, 'FOREGROUND');
        }
        current = stop.point;
    });
    const back = driveTo(current, depot, random.chance(legBackground));
    const logoutAt = back + random.int(5, 20) * MINUTE;
    push(logoutAt, {
        type: 'LOGOUT',
        position: positionAt(depot.x, depot.y, 0),
        battery: battery(logoutAt),
    });

    pending.sort((a, b) => a.at - b.at || a.order - b.order);
    const events = pending.map(({ at: time, body }, index) => ({
        eventId: `${ids.tourId}:${index + 1}`,
        occurredAt: isoTime(time),
        tourId: ids.tourId,
        ...body,
    }));
    return { events, times: pending.map((event) => event.at), legs };
}
