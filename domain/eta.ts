/**
 * The ETA of a tour in progress (issue 14, part 4): when the vehicle will reach each of its open
 * waypoints, in the order the driver will visit them, and when it will be back at the depot.
 *
 * Formula
 * - Speed used: v = clamp(w × v_recent + (1 − w) × v_default, v_min, v_max), where v_recent is the
 *   vehicle's recent speed (m/s) and w its weight (0.5 by default). Without a recent speed (none
 *   reported, or not a number ≥ 0), v = clamp(v_default, v_min, v_max). Defaults: v_default =
 *   25 km/h (urban delivery driving), v_min = 10 km/h, v_max = 60 km/h.
 * - Travel time of a leg: t = d × f / v, where d is the great-circle distance between the leg's ends
 *   (haversine, metres) and f the detour factor from straight line to road distance (1.3).
 * - Start: t_0 = max(now, time of the last position): a stale position does not put the ETAs in the
 *   past, and a position reported ahead of the server's clock is not driven twice.
 * - ETA_1 = t_0 + t(last position → waypoint_1);
 *   ETA_k = ETA_{k−1} + service_{k−1} + t(waypoint_{k−1} → waypoint_k).
 * - Projected finish = ETA_n + service_n + t(waypoint_n → depot); with no open waypoint left,
 *   t_0 + t(last position → depot).
 */
import { distanceMetres, type LatLon } from './geo.js';

export interface EtaSettings {
    /** Speed assumed when the vehicle's recent speed is unknown, m/s. */
    defaultSpeedMps: number;
    /** Weight of the recent speed when blending it with the default, 0…1. */
    recentSpeedWeight: number;
    /** Road distance per straight-line distance. */
    detourFactor: number;
    /** Floor and ceiling of the speed used, m/s. */
    minSpeedMps: number;
    maxSpeedMps: number;
}

const kmh = (kilometresPerHour: number) => kilometresPerHour / 3.6;

const defaultEtaSettings: EtaSettings = {
    defaultSpeedMps: kmh(25),
    recentSpeedWeight: 0.5,
    detourFactor: 1.3,
    minSpeedMps: kmh(10),
    maxSpeedMps: kmh(60),
};

export interface EtaWaypoint extends LatLon {
    id: string;
    /** Expected time spent at the stop, seconds. */
    serviceSeconds: number;
}

export interface EtaInput {
    now: Date;
    /** The vehicle's last position and when it was taken. */
    position: LatLon;
    positionAt: Date;
    /** The vehicle's recent speed, m/s; null or undefined when unknown. */
    recentSpeedMps?: number | null;
    /** The open waypoints, in the remaining sequence order. */
    waypoints: readonly EtaWaypoint[];
    settings?: Partial<EtaSettings>;
}

export interface WaypointEta {
    waypointId: string;
    eta: Date;
    /** Straight-line distance of the leg that ends here, metres. */
    legMetres: number;
    /** Travel time of that leg, seconds. */
    legSeconds: number;
}

/** The speed the estimate uses (see the formula above), m/s. */
export function etaSpeedMps(
    recentSpeedMps: number | null | undefined,
    settings: Partial<EtaSettings> = {},
): number {
    const { defaultSpeedMps, recentSpeedWeight, minSpeedMps, maxSpeedMps } = {
        ...defaultEtaSettings,
        ...settings,
    };
    const known =
        recentSpeedMps !== null &&
        recentSpeedMps !== undefined &&
        Number.isFinite(recentSpeedMps) &&
        recentSpeedMps >= 0;
    const blended = known
        ? recentSpeedWeight * recentSpeedMps + (1 - recentSpeedWeight) * defaultSpeedMps
        : defaultSpeedMps;
    return Math.min(maxSpeedMps, Math.max(minSpeedMps, blended));
}

/** Walks the remaining sequence; times are kept in milliseconds and rounded only on output. */
function walk(input: EtaInput) {
    const settings = { ...defaultEtaSettings, ...input.settings };
    const speed = etaSpeedMps(input.recentSpeedMps, settings);
    const legSeconds = (from: LatLon, to: LatLon) => {
        const metres = distanceMetres(from, to);
        return { metres, seconds: (metres * settings.detourFactor) / speed };
    };
    let clock = Math.max(input.now.getTime(), input.positionAt.getTime());
    let from: LatLon = input.position;
    let service = 0;
    const arrivals: WaypointEta[] = [];
    for (const waypoint of input.waypoints) {
        const leg = legSeconds(from, waypoint);
        clock += (service + leg.seconds) * 1000;
        arrivals.push({
            waypointId: waypoint.id,
            eta: new Date(Math.round(clock)),
            legMetres: leg.metres,
            legSeconds: leg.seconds,
        });
        from = waypoint;
        service = Math.max(0, waypoint.serviceSeconds);
    }
    return { arrivals, clock, from, service, legSeconds };
}

/** The estimated arrival at each open waypoint, in the order given. */
export function estimateArrivals(input: EtaInput): WaypointEta[] {
    return walk(input).arrivals;
}

/** When the vehicle is expected back at the depot: the last ETA, its service, the leg home. */
export function projectedFinish(input: EtaInput, depot: LatLon): Date {
    const { clock, from, service, legSeconds } = walk(input);
    return new Date(Math.round(clock + (service + legSeconds(from, depot).seconds) * 1000));
}
