import { describe, expect, it } from 'vitest';
import {
    applyProgress,
    type ProgressItem,
    type ProgressState,
    type ProgressWaypoint,
} from '../../domain/tourProgress.js';

/** Tour processing rules (domain/tourProgress.ts), on small hand-made tours. */

// About 111 m per 0.001° of latitude: stops 1.1 km apart due north of the depot.
const depot = { latitude: 52.5, longitude: 13.4 };
const waypoint = (
    id: string,
    planned: number,
    latitude: number,
    jobsTotal = 1,
): ProgressWaypoint => ({
    id,
    plannedSequence: planned,
    suggestedSequence: null,
    drivenSequence: null,
    state: 'OPEN',
    confirmation: null,
    ata: null,
    eta: null,
    firstEta: null,
    latitude,
    longitude: 13.4,
    jobsTotal,
});
const initial = (): ProgressState => ({
    tour: {
        state: 'NOT_STARTED',
        startedAt: null,
        finishedAt: null,
        driverId: null,
        distanceMetres: 0,
        projectedFinishAt: null,
        lastEventAt: null,
        depot,
        carry: {},
    },
    waypoints: [waypoint('A', 1, 52.51), waypoint('B', 2, 52.52, 2), waypoint('C', 3, 52.53)],
    jobs: [
        { id: 'a1', waypointId: 'A', state: 'OPEN', outcome: null, reason: null, statusAt: null },
        { id: 'b1', waypointId: 'B', state: 'OPEN', outcome: null, reason: null, statusAt: null },
        { id: 'b2', waypointId: 'B', state: 'OPEN', outcome: null, reason: null, statusAt: null },
        { id: 'c1', waypointId: 'C', state: 'OPEN', outcome: null, reason: null, statusAt: null },
    ],
});
const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 8, minute));
const status = (
    jobId: string,
    minute: number,
    outcome: 'DELIVERED_TO_CONSIGNEE' | 'DELIVERY_FAILED' = 'DELIVERED_TO_CONSIGNEE',
): ProgressItem => ({
    kind: 'event',
    type: 'STATUS_CHANGE',
    at: at(minute),
    userId: null,
    jobId,
    eventId: `s-${jobId}`,
    outcome,
    ...(outcome === 'DELIVERY_FAILED' ? { reason: 'ABSENT' as const } : {}),
});
const position = (minute: number, latitude: number, speed = 8): ProgressItem => ({
    kind: 'position',
    at: at(minute),
    latitude,
    longitude: 13.4,
    speed,
});

describe('applyProgress', () => {
    it('starts the tour at the first status and puts its open jobs on tour', () => {
        const result = applyProgress(initial(), [status('a1', 10)], at(11));
        expect([result.tour.state, result.tour.startedAt]).toEqual(['ON_ROAD', at(10)]);
        expect(result.jobs.map((j) => j.state)).toEqual(['DONE', 'ON_TOUR', 'ON_TOUR', 'ON_TOUR']);
        expect(result.statuses.map((s) => [s.jobId, s.state, s.source])).toEqual([
            ['a1', 'ON_TOUR', 'SYSTEM'],
            ['b1', 'ON_TOUR', 'SYSTEM'],
            ['b2', 'ON_TOUR', 'SYSTEM'],
            ['c1', 'ON_TOUR', 'SYSTEM'],
            ['a1', 'DONE', 'DRIVER_APP'],
        ]);
    });

    it('finishes a stop only when all its jobs have a status, in driven order, with the earliest time as ATA', () => {
        const result = applyProgress(
            initial(),
            [status('b1', 20), status('a1', 30), status('b2', 22, 'DELIVERY_FAILED')],
            at(31),
        );
        const byId = Object.fromEntries(result.waypoints.map((w) => [w.id, w]));
        expect([byId.B?.state, byId.B?.drivenSequence, byId.B?.ata, byId.B?.confirmation]).toEqual([
            'DONE',
            1,
            at(20),
            'DRIVER',
        ]);
        expect([byId.A?.state, byId.A?.drivenSequence]).toEqual(['DONE', 2]);
        expect(byId.C?.state).toBe('CURRENT');
        expect(result.jobs.find((j) => j.id === 'b2')).toMatchObject({
            outcome: 'DELIVERY_FAILED',
            reason: 'ABSENT',
        });
    });

    it('picks the next stop in the app-suggested order when there is one', () => {
        const result = applyProgress(
            initial(),
            [
                {
                    kind: 'event',
                    type: 'SEQUENCE',
                    at: at(5),
                    userId: null,
                    jobId: null,
                    eventId: 'q',
                    sequence: ['C', 'A', 'B'],
                },
            ],
            at(6),
        );
        expect(result.waypoints.map((w) => [w.id, w.suggestedSequence, w.state])).toEqual([
            ['A', 2, 'OPEN'],
            ['B', 3, 'OPEN'],
            ['C', 1, 'CURRENT'],
        ]);
    });

    it('confirms a stop by the system after a stay of a minute within 50 m, once the vehicle leaves', () => {
        const items = [
            position(0, 52.505),
            position(5, 52.5101, 0),
            position(6, 52.5101, 0),
            position(7, 52.5102, 0),
            position(9, 52.515),
        ];
        const result = applyProgress(initial(), items, at(10));
        const a = result.waypoints.find((w) => w.id === 'A');
        expect([a?.state, a?.confirmation, a?.ata]).toEqual(['DONE', 'SYSTEM', at(5)]);
        // 52.505 is 556 m from the depot: the tour started there.
        expect(result.tour.startedAt).toEqual(at(0));
    });

    it('does not confirm a stop passed without stopping', () => {
        const result = applyProgress(
            initial(),
            [position(0, 52.505), position(1, 52.5101), position(2, 52.515)],
            at(3),
        );
        expect(result.waypoints.find((w) => w.id === 'A')?.state).toBe('CURRENT');
    });

    it('adds the distance between positions and skips GPS jumps', () => {
        // 0.001° of latitude ≈ 111.2 m; the jump of 11 km in one minute is skipped.
        const result = applyProgress(
            initial(),
            [position(0, 52.501), position(1, 52.502), position(2, 52.602), position(3, 52.603)],
            at(4),
        );
        expect(result.tour.distanceMetres).toBeGreaterThan(222);
        expect(result.tour.distanceMetres).toBeLessThan(224);
    });

    it('carries the last position over to the next run', () => {
        const first = applyProgress(initial(), [position(0, 52.501)], at(1));
        const second = applyProgress({ ...first }, [position(1, 52.502)], at(2));
        expect(second.tour.distanceMetres).toBeCloseTo(111.2, 0);
    });

    it('estimates ETAs of the stops left from the last position', () => {
        const result = applyProgress(
            initial(),
            [status('a1', 10), position(10, 52.51, 10)],
            at(10),
        );
        const b = result.waypoints.find((w) => w.id === 'B');
        // 1,112 m × 1.3 / 10 m/s (mean of 10 m/s and 25 km/h, within 10–60 km/h: (10 + 6.94) / 2 = 8.47 m/s) ≈ 171 s.
        expect(b?.eta?.getTime()).toBeGreaterThan(at(10).getTime() + 160_000);
        expect(b?.eta?.getTime()).toBeLessThan(at(10).getTime() + 180_000);
        expect(result.tour.projectedFinishAt).not.toBeNull();
    });

    it('keeps the first ETA of each stop, and the last ETA of a stop once it is done', () => {
        const first = applyProgress(initial(), [status('a1', 10), position(10, 52.51, 10)], at(10));
        const firstEta = first.waypoints.find((w) => w.id === 'B')?.eta;
        expect(firstEta).toBeInstanceOf(Date);
        // Two minutes later the vehicle has not moved: B's ETA moves on, its first ETA stays.
        const later = applyProgress(first, [position(12, 52.51, 10)], at(12));
        const b = later.waypoints.find((w) => w.id === 'B');
        expect(b?.firstEta).toEqual(firstEta);
        expect(b?.eta?.getTime()).toBeGreaterThan(firstEta?.getTime() ?? Infinity);
        const lastEta = b?.eta;
        // B done at minute 15: both stay as they were (the ETA deviation needs them).
        const done = applyProgress(later, [status('b1', 15), status('b2', 15)], at(15));
        const doneB = done.waypoints.find((w) => w.id === 'B');
        expect([doneB?.state, doneB?.ata, doneB?.eta, doneB?.firstEta]).toEqual([
            'DONE',
            at(15),
            lastEta,
            firstEta,
        ]);
    });

    it('finishes the tour at a logout, or when every stop is done and the vehicle is back at the depot', () => {
        const logout = applyProgress(
            initial(),
            [
                status('a1', 10),
                {
                    kind: 'event',
                    type: 'LOGOUT',
                    at: at(50),
                    userId: null,
                    jobId: null,
                    eventId: 'l',
                },
            ],
            at(51),
        );
        expect([logout.tour.state, logout.tour.finishedAt]).toEqual(['FINISHED', at(50)]);
        const back = applyProgress(
            initial(),
            [
                status('a1', 10),
                status('b1', 20),
                status('b2', 21),
                status('c1', 30),
                position(40, 52.5005),
            ],
            at(41),
        );
        expect([back.tour.state, back.tour.finishedAt]).toEqual(['FINISHED', at(40)]);
        expect(back.waypoints.every((w) => w.state === 'DONE')).toBe(true);
    });
});
