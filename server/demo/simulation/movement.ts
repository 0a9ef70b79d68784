/**
 * Driving a route: each street at its speed with traffic noise, a few seconds lost at each turn,
 * and the vehicle's place sampled at intervals while it moves.
 */
import type { EventPosition } from '../../../domain/contracts/driver-app-ingestion.js';
import type { Random } from '../random.js';
import { toLatLon, type StreetNetwork } from './network.js';
import { TURN_SECONDS, type Route } from './routing.js';

/** A sampled place of the moving vehicle, in local metres, with its speed and heading. */
interface MovementSample {
    at: number;
    x: number;
    y: number;
    speedMs: number;
    heading: number;
}

export interface Movement {
    arrival: number;
    samples: MovementSample[];
}

interface Phase {
    start: number;
    end: number;
    fromX: number;
    fromY: number;
    toX: number;
    toY: number;
    speedMs: number;
    heading: number;
}

const headingOf = (dx: number, dy: number): number =>
    Math.abs(dx) >= Math.abs(dy) ? (dx >= 0 ? 90 : 270) : dy >= 0 ? 0 : 180;

/** The phases of a route (driving each leg, turning at each corner) from `departure` (ms). */
function phasesOf(route: Route, departure: number, random: Random): Phase[] {
    const phases: Phase[] = [];
    let at = departure;
    route.legs.forEach((leg, index) => {
        const heading = headingOf(leg.toX - leg.fromX, leg.toY - leg.fromY);
        if (index > 0) {
            const turn = (TURN_SECONDS + random.int(-4, 6)) * 1000;
            const corner = { fromX: leg.fromX, fromY: leg.fromY, toX: leg.fromX, toY: leg.fromY };
            phases.push({ start: at, end: at + turn, ...corner, speedMs: 2, heading });
            at += turn;
        }
        // Traffic: 70-105 % of the street's speed on this stretch.
        const speedMs = (leg.speedKmh / 3.6) * (0.7 + random.next() * 0.35);
        const duration = (leg.lengthM / speedMs) * 1000;
        const { fromX, fromY, toX, toY } = leg;
        phases.push({ start: at, end: at + duration, fromX, fromY, toX, toY, speedMs, heading });
        at += duration;
    });
    return phases;
}

/**
 * Drives `route` from `departure`: the arrival time and a sample every `interval` seconds
 * (drawn anew from `sampling` for each sample) while moving. The driving draws from `random`
 * only, so the arrival does not depend on the sampling.
 */
export function driveRoute(
    route: Route,
    departure: number,
    random: Random,
    sampling: Random,
    interval: readonly [number, number],
): Movement {
    const phases = phasesOf(route, departure, random);
    const arrival = Math.round(phases[phases.length - 1]?.end ?? departure);
    const samples: MovementSample[] = [];
    let phase = 0;
    for (let at = departure + sampling.int(interval[0], interval[1]) * 1000; at < arrival;) {
        while (phase + 1 < phases.length && (phases[phase] as Phase).end <= at) phase++;
        const current = phases[phase] as Phase;
        const share =
            current.end > current.start
                ? Math.min(1, (at - current.start) / (current.end - current.start))
                : 0;
        samples.push({
            at: Math.round(at),
            x: current.fromX + (current.toX - current.fromX) * share,
            y: current.fromY + (current.toY - current.fromY) * share,
            speedMs: current.speedMs,
            heading: current.heading,
        });
        at += sampling.int(interval[0], interval[1]) * 1000;
    }
    return { arrival, samples };
}

/**
 * A GPS fix of a place in local metres as the phone reports it: an accuracy of 5-20 m, an error
 * within it, speed with a little noise (0 when standing), heading when moving.
 */
export function gpsFix(
    network: StreetNetwork,
    gps: Random,
    x: number,
    y: number,
    speedMs: number,
    heading?: number,
): EventPosition {
    const accuracy = Math.round((5 + gps.next() * 15) * 10) / 10;
    const angle = gps.next() * 2 * Math.PI;
    const error = accuracy * gps.next() * 0.8;
    const place = toLatLon(network, x + Math.cos(angle) * error, y + Math.sin(angle) * error);
    const position: EventPosition = {
        latitude: Math.round(place.latitude * 1e6) / 1e6,
        longitude: Math.round(place.longitude * 1e6) / 1e6,
        accuracy,
        speed: speedMs === 0 ? 0 : Math.round(speedMs * (0.95 + gps.next() * 0.1) * 10) / 10,
    };
    if (heading !== undefined)
        position.heading = Math.round((heading + gps.int(-4, 4) + 360) % 360);
    return position;
}
