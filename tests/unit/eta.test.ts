import { describe, expect, it } from 'vitest';
import {
    estimateArrivals,
    etaSpeedMps,
    projectedFinish,
    type EtaInput,
    type EtaWaypoint,
} from '../../domain/eta.js';

/**
 * Points due north of the depot, so that each leg's straight-line distance is known by hand:
 * along a meridian, one degree of latitude is πR/180 metres (R = 6,371,008.8 m, the mean radius).
 */
const METRES_PER_DEGREE = (Math.PI * 6_371_008.8) / 180;
const depot = { latitude: 52, longitude: 13 };
const north = (metres: number) => ({
    latitude: depot.latitude + metres / METRES_PER_DEGREE,
    longitude: depot.longitude,
});
const waypoint = (id: string, metresNorth: number, serviceSeconds: number): EtaWaypoint => ({
    id,
    ...north(metresNorth),
    serviceSeconds,
});

const tenOClock = new Date('2024-05-01T10:00:00.000Z');
/** A speed of exactly 10 m/s whatever the recent speed, for round numbers. */
const tenMetresPerSecond = {
    defaultSpeedMps: 10,
    recentSpeedWeight: 0,
    minSpeedMps: 1,
    maxSpeedMps: 50,
};

const expectTime = (actual: Date | undefined, expected: string) =>
    expect(
        Math.abs((actual?.getTime() ?? Number.NaN) - new Date(expected).getTime()),
    ).toBeLessThanOrEqual(1);

describe('ETA of the open waypoints', () => {
    it('adds each leg (distance × 1.3 / speed) and the service time of the stop before it', () => {
        const input: EtaInput = {
            now: tenOClock,
            position: depot,
            positionAt: tenOClock,
            recentSpeedMps: 10,
            waypoints: [waypoint('w1', 1_000, 300), waypoint('w2', 3_000, 120)],
            settings: tenMetresPerSecond,
        };
        const [first, second] = estimateArrivals(input);
        // 1,000 m × 1.3 / 10 m/s = 130 s.
        expect(first?.waypointId).toBe('w1');
        expect(first?.legMetres).toBeCloseTo(1_000, 6);
        expect(first?.legSeconds).toBeCloseTo(130, 6);
        expectTime(first?.eta, '2024-05-01T10:02:10.000Z');
        // 10:02:10 + 300 s of service + 2,000 m × 1.3 / 10 m/s (260 s) = 10:11:30.
        expect(second?.legSeconds).toBeCloseTo(260, 6);
        expectTime(second?.eta, '2024-05-01T10:11:30.000Z');
        // 10:11:30 + 120 s of service + 3,000 m back × 1.3 / 10 m/s (390 s) = 10:20:00.
        expectTime(projectedFinish(input, depot), '2024-05-01T10:20:00.000Z');
    });

    it('blends the recent speed half and half with 25 km/h', () => {
        // 0.5 × 15 m/s + 0.5 × 6.944444 m/s = 10.972222 m/s; 1,300 m / 10.972222 m/s = 118.4810 s.
        const [arrival] = estimateArrivals({
            now: tenOClock,
            position: depot,
            positionAt: tenOClock,
            recentSpeedMps: 15,
            waypoints: [waypoint('w1', 1_000, 0)],
        });
        expect(arrival?.legSeconds).toBeCloseTo(118.481, 3);
        expectTime(arrival?.eta, '2024-05-01T10:01:58.481Z');
    });

    it('keeps the speed used between 10 and 60 km/h', () => {
        // 0.5 × 40 + 0.5 × 6.944444 = 23.47 m/s, above 60 km/h = 16.666667 m/s.
        expect(etaSpeedMps(40)).toBeCloseTo(16.666667, 6);
        // Standing still: 0.5 × 0 + 0.5 × 6.944444 = 3.472222 m/s (12.5 km/h), inside the range.
        expect(etaSpeedMps(0)).toBeCloseTo(3.472222, 6);
        // With a slower default, standing still falls below 10 km/h = 2.777778 m/s.
        expect(etaSpeedMps(0, { defaultSpeedMps: 3 })).toBeCloseTo(2.777778, 6);
    });

    it('uses 25 km/h when the recent speed is missing or unusable', () => {
        for (const recentSpeedMps of [undefined, null, Number.NaN, -1]) {
            const [arrival] = estimateArrivals({
                now: tenOClock,
                position: depot,
                positionAt: tenOClock,
                recentSpeedMps,
                waypoints: [waypoint('w1', 1_000, 0)],
            });
            // 1,300 m / (25 / 3.6 m/s) = 187.2 s.
            expect(arrival?.legSeconds).toBeCloseTo(187.2, 6);
            expectTime(arrival?.eta, '2024-05-01T10:03:07.200Z');
        }
    });

    it('starts from now when the last position is stale, and from the position when it is ahead', () => {
        const base = {
            position: depot,
            recentSpeedMps: 10,
            waypoints: [waypoint('w1', 1_000, 0)],
            settings: tenMetresPerSecond,
        };
        const stale = estimateArrivals({
            ...base,
            now: tenOClock,
            positionAt: new Date('2024-05-01T09:30:00.000Z'),
        });
        expectTime(stale[0]?.eta, '2024-05-01T10:02:10.000Z');
        const ahead = estimateArrivals({
            ...base,
            now: tenOClock,
            positionAt: new Date('2024-05-01T10:00:30.000Z'),
        });
        expectTime(ahead[0]?.eta, '2024-05-01T10:02:40.000Z');
    });

    it('has no arrivals without open waypoints, and then finishes with the leg home', () => {
        const input: EtaInput = {
            now: tenOClock,
            position: north(2_000),
            positionAt: tenOClock,
            recentSpeedMps: 10,
            waypoints: [],
            settings: tenMetresPerSecond,
        };
        expect(estimateArrivals(input)).toEqual([]);
        // 2,000 m × 1.3 / 10 m/s = 260 s.
        expectTime(projectedFinish(input, depot), '2024-05-01T10:04:20.000Z');
    });

    it('counts a negative service time as none', () => {
        const [, second] = estimateArrivals({
            now: tenOClock,
            position: depot,
            positionAt: tenOClock,
            recentSpeedMps: 10,
            waypoints: [waypoint('w1', 1_000, -60), waypoint('w2', 2_000, 0)],
            settings: tenMetresPerSecond,
        });
        // 130 s + 0 s of service + 130 s.
        expectTime(second?.eta, '2024-05-01T10:04:20.000Z');
    });
});
