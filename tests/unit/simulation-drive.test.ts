import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { DriverAppEvent } from '../../domain/contracts/driver-app-ingestion.js';
import { isFailedOutcome, outcomesByJobType } from '../../domain/tours.js';
import { driveTour } from '../../server/demo/simulation/drive.js';
import { planDepotDay } from '../../server/demo/simulation/plan.js';
import type { PlannedJob } from '../../server/demo/simulation/types.js';
import {
    hamburg,
    haversineMetres,
    idsFor,
    localWallClock,
    longestIncreasing,
    milano,
    vehicleNumbers,
} from './simulation-fixtures.js';

const day = planDepotDay({
    depot: hamburg,
    vehicles: vehicleNumbers(40),
    date: '2026-05-12',
    seed: 'drive',
    tourCount: 40,
});
const driven = day.tours.map((tour, index) => {
    const ids = idsFor(tour, index);
    return { tour, ids, events: driveTour(tour, ids, { seed: 'drive', detail: 'coarse' }) };
});
const allEvents = driven.flatMap(({ events }) => events);

describe('driveTour', () => {
    it('answers events of the ingestion contract with unique ids, sorted, within the local day', () => {
        const invalid = allEvents.filter((event) => !Value.Check(DriverAppEvent, event));
        expect(invalid).toEqual([]);
        expect(new Set(allEvents.map((event) => event.eventId)).size).toBe(allEvents.length);
        for (const { events, ids } of driven) {
            const times = events.map((event) => Date.parse(event.occurredAt));
            expect(times).toEqual([...times].sort((a, b) => a - b));
            for (const event of events) {
                expect(event.tourId).toBe(ids.tourId);
                expect(localWallClock(event.occurredAt, 'Europe/Berlin').date).toBe('2026-05-12');
            }
            expect(events[0]?.type).toBe('LOGIN');
            expect(events[events.length - 1]?.type).toBe('LOGOUT');
        }
    });

    it('is the same for the same seed and differs for another', () => {
        const { tour, ids, events } = driven[0] as (typeof driven)[number];
        expect(driveTour(tour, ids, { seed: 'drive', detail: 'coarse' })).toEqual(events);
        expect(driveTour(tour, ids, { seed: 'other', detail: 'coarse' })).not.toEqual(events);
    });

    it('scans every parcel it hands over and reports outcomes valid for the job type, failures with a reason', () => {
        const jobs = new Map<string, PlannedJob>();
        for (const { tour, ids } of driven)
            for (const stop of tour.stops)
                for (const job of stop.jobs) jobs.set(ids.jobIds.get(job.externalJobId) ?? '', job);
        const statuses = allEvents.filter((event) => event.type === 'STATUS_CHANGE');
        const scans = allEvents.filter((event) => event.type === 'SCAN');
        const scannedOf = new Map<string, string[]>();
        for (const scan of scans)
            scannedOf.set(scan.jobId ?? '', [
                ...(scannedOf.get(scan.jobId ?? '') ?? []),
                scan.parcelNumber ?? '',
            ]);
        let failed = 0;
        const statusOf = new Map<string, number>();
        for (const status of statuses) {
            const job = jobs.get(status.jobId ?? '');
            expect(job).toBeDefined();
            expect(outcomesByJobType[job?.type ?? 'UNKNOWN']).toContain(status.outcome);
            const isFailure = status.outcome !== undefined && isFailedOutcome(status.outcome);
            expect(status.reason !== undefined).toBe(isFailure);
            if (isFailure) failed += 1;
            statusOf.set(status.jobId ?? '', (statusOf.get(status.jobId ?? '') ?? 0) + 1);
        }
        expect(Math.max(...statusOf.values())).toBe(1);
        // Nearly every job gets a status (a few stops are confirmed by the system only).
        expect(statuses.length / jobs.size).toBeGreaterThan(0.95);
        expect(failed / statuses.length).toBeGreaterThan(0.02);
        expect(failed / statuses.length).toBeLessThan(0.1);
        for (const status of statuses) {
            if (isFailedOutcome(status.outcome ?? 'DELIVERY_FAILED')) continue;
            const job = jobs.get(status.jobId ?? '') as PlannedJob;
            const scanned = [...(scannedOf.get(status.jobId ?? '') ?? [])];
            expect(scanned.sort()).toEqual(job.parcels.map((parcel) => parcel.parcelNumber).sort());
        }
        const outcomes = new Set(statuses.map((status) => status.outcome));
        for (const outcome of [
            'DELIVERED_TO_CONSIGNEE',
            'DELIVERED_TO_NEIGHBOUR',
            'PICKED_UP',
            'COLLECTED',
            'DELIVERY_FAILED',
        ])
            expect(outcomes).toContain(outcome);
    });

    it('reports positions near the depot, in range, with accuracy, and none while the app is in the background', () => {
        for (const { events } of driven) {
            let background = false;
            for (const event of events) {
                if (event.type === 'APP_STATE') background = event.appState === 'BACKGROUND';
                if (event.type !== 'POSITION') continue;
                expect(background).toBe(false);
                const {
                    latitude,
                    longitude,
                    accuracy = 0,
                } = event.position ?? { latitude: NaN, longitude: NaN };
                expect(Math.abs(latitude)).toBeLessThanOrEqual(90);
                expect(Math.abs(longitude)).toBeLessThanOrEqual(180);
                expect(
                    haversineMetres(hamburg.latitude, hamburg.longitude, latitude, longitude),
                ).toBeLessThan(15_000);
                expect(accuracy).toBeGreaterThanOrEqual(5);
                expect(accuracy).toBeLessThanOrEqual(20);
            }
        }
        expect(allEvents.some((event) => event.appState === 'BACKGROUND')).toBe(true);
    });

    it('sends the app’s sequence of every waypoint and drains the battery over the day', () => {
        for (const { events, ids } of driven) {
            const sequence = events.find((event) => event.type === 'SEQUENCE')?.sequence ?? [];
            expect([...sequence].sort()).toEqual([...ids.waypointIds].sort());
            const levels = events.flatMap((event) =>
                event.battery === undefined ? [] : [event.battery],
            );
            for (let i = 1; i < levels.length; i++)
                expect(levels[i]).toBeLessThanOrEqual(levels[i - 1] as number);
            expect(levels[0]).toBeGreaterThan(levels[levels.length - 1] as number);
        }
        const logins = driven.map(
            ({ events }) => events.filter((event) => event.type === 'LOGIN').length,
        );
        expect(logins.every((count) => count === 1 || count === 2)).toBe(true);
    });

    it('drives in an order whose fidelity to the app’s suggestion spreads like real drivers', () => {
        const fidelities = driven.map(({ events, ids }) => {
            const suggested = events.find((event) => event.type === 'SEQUENCE')?.sequence ?? [];
            const waypointOfJob = new Map<string, string>();
            driven
                .find((entry) => entry.ids === ids)
                ?.tour.stops.forEach((stop, index) => {
                    for (const job of stop.jobs)
                        waypointOfJob.set(
                            ids.jobIds.get(job.externalJobId) ?? '',
                            ids.waypointIds[index] ?? '',
                        );
                });
            const order: string[] = [];
            for (const event of events) {
                const waypoint = waypointOfJob.get(event.jobId ?? '');
                if (waypoint && !order.includes(waypoint)) order.push(waypoint);
            }
            return (
                longestIncreasing(order.map((waypoint) => suggested.indexOf(waypoint))) /
                order.length
            );
        });
        expect(fidelities.filter((f) => f >= 0.8).length).toBeGreaterThan(fidelities.length / 2);
        expect(fidelities.some((f) => f < 0.75)).toBe(true);
        expect(Math.min(...fidelities)).toBeGreaterThan(0.05);
    });

    it('samples positions far less often in coarse detail than live, on the same day', () => {
        const { tour, ids, events } = driven[1] as (typeof driven)[number];
        const live = driveTour(tour, ids, { seed: 'drive', detail: 'live' });
        const positions = (list: typeof events) =>
            list.filter((event) => event.type === 'POSITION').length;
        expect(positions(live)).toBeGreaterThan(3 * positions(events));
        const outcomes = (list: typeof events) =>
            list
                .filter((event) => event.type === 'STATUS_CHANGE')
                .map((event) => [event.jobId, event.outcome, event.occurredAt]);
        expect(outcomes(live)).toEqual(outcomes(events));
        expect(Value.Check(DriverAppEvent, live[live.length - 1])).toBe(true);
    });

    it('honours the probabilities it is given', () => {
        const italian = planDepotDay({
            depot: milano,
            vehicles: vehicleNumbers(2),
            date: '2026-11-05',
            seed: 'p',
            tourCount: 1,
        });
        const tour = italian.tours[0];
        if (!tour) throw new Error('no tour');
        const events = driveTour(tour, idsFor(tour), {
            seed: 'p',
            detail: 'coarse',
            probabilities: { failure: 1, missingStatus: 0, lateStart: 1 },
        });
        const statuses = events.filter((event) => event.type === 'STATUS_CHANGE');
        expect(statuses.length).toBe(tour.stops.reduce((sum, stop) => sum + stop.jobs.length, 0));
        expect(
            statuses.every((event) => isFailedOutcome(event.outcome ?? 'DELIVERED_TO_CONSIGNEE')),
        ).toBe(true);
        const login = Date.parse(events[0]?.occurredAt ?? '');
        // A late start: the driver logs in at the earliest 20 - 25 = -5 minutes from the planned start.
        expect(login).toBeGreaterThanOrEqual(Date.parse(tour.plannedStart) - 5 * 60_000);
        expect(() =>
            driveTour(tour, { ...idsFor(tour), waypointIds: [] }, { seed: 'p', detail: 'live' }),
        ).toThrow(RangeError);
    });
});
