import { describe, expect, it } from 'vitest';
import type { DriverAppEvent } from '../../domain/contracts/driver-app-ingestion.js';
import { driveTour } from '../../server/demo/simulation/drive.js';
import { planDepotDay } from '../../server/demo/simulation/plan.js';
import { summariseTour } from '../../server/demo/simulation/summarise.js';
import { hamburg, idsFor, longestIncreasing, vehicleNumbers } from './simulation-fixtures.js';

const day = planDepotDay({
    depot: hamburg,
    vehicles: vehicleNumbers(8),
    date: '2026-05-12',
    seed: 'sum',
    tourCount: 8,
});

describe('summariseTour', () => {
    it('reads each waypoint’s arrival, driven position, confirmation and outcome from the events', () => {
        for (const [n, tour] of day.tours.entries()) {
            const ids = idsFor(tour, n);
            const events = driveTour(tour, ids, { seed: 'sum', detail: 'coarse' });
            const summary = summariseTour(tour, ids, events);
            expect(summary.tourId).toBe(ids.tourId);
            expect(summary.waypoints.map((w) => w.waypointId)).toEqual(ids.waypointIds);
            expect(summary.waypoints.map((w) => w.plannedSequence)).toEqual(
                tour.stops.map((_, i) => i + 1),
            );
            expect(summary.waypoints.every((w) => w.state === 'DONE')).toBe(true);
            const drivenPositions = summary.waypoints
                .map((w) => w.drivenSequence ?? 0)
                .sort((a, b) => a - b);
            expect(drivenPositions).toEqual(tour.stops.map((_, i) => i + 1));

            // Expected values read from the events here: the first job event per waypoint,
            // the statuses per job, the stationary positions.
            const waypointOfJob = new Map<string, string>();
            tour.stops.forEach((stop, index) => {
                for (const job of stop.jobs)
                    waypointOfJob.set(
                        ids.jobIds.get(job.externalJobId) ?? '',
                        ids.waypointIds[index] ?? '',
                    );
            });
            const firstEvent = new Map<string, DriverAppEvent>();
            const statuses = new Map<string, DriverAppEvent>();
            for (const event of events) {
                const waypoint = waypointOfJob.get(event.jobId ?? '');
                if (waypoint && !firstEvent.has(waypoint)) firstEvent.set(waypoint, event);
                if (event.type === 'STATUS_CHANGE') statuses.set(event.jobId ?? '', event);
            }
            const byDriven = [...summary.waypoints].sort(
                (a, b) => (a.drivenSequence ?? 0) - (b.drivenSequence ?? 0),
            );
            expect(byDriven.map((w) => w.waypointId)).toEqual([...firstEvent.keys()]);
            let previousAta = 0;
            for (const waypoint of byDriven) {
                const ata = Date.parse(waypoint.ata ?? '');
                const first = Date.parse(firstEvent.get(waypoint.waypointId)?.occurredAt ?? '');
                expect(ata).toBeLessThanOrEqual(first);
                expect(first - ata).toBeLessThan(2 * 60_000);
                expect(ata).toBeGreaterThan(previousAta);
                previousAta = ata;
                const arrival = events.find(
                    (e) => e.type === 'POSITION' && Date.parse(e.occurredAt) === ata,
                );
                expect(arrival?.position?.speed).toBe(0);
                for (const job of waypoint.jobs) {
                    const status = statuses.get(job.jobId);
                    expect(job.outcome).toBe(status?.outcome ?? null);
                    expect(job.reason).toBe(status?.reason ?? null);
                }
                expect(waypoint.confirmation).toBe(
                    waypoint.jobs.some((job) => statuses.has(job.jobId)) ? 'DRIVER' : 'SYSTEM',
                );
                expect(waypoint.failed).toBe(
                    waypoint.jobs.some((job) => job.outcome?.endsWith('_FAILED')),
                );
            }

            const failedStatuses = [...statuses.values()].filter((s) =>
                s.outcome?.endsWith('_FAILED'),
            );
            expect(summary.jobsFailed).toBe(failedStatuses.length);
            expect(summary.stopsFailed).toBe(
                new Set(failedStatuses.map((s) => waypointOfJob.get(s.jobId ?? ''))).size,
            );
            expect(summary.stopsDone).toBe(tour.stops.length);
            expect(summary.loginAt).toBe(events[0]?.occurredAt);
            expect(summary.logoutAt).toBe(events[events.length - 1]?.occurredAt);
            const positions = events.filter((e) => e.type === 'POSITION');
            expect(summary.startedAt).toBe(
                positions.find((e) => (e.position?.speed ?? 0) > 0)?.occurredAt,
            );
            expect(summary.finishedAt).toBe(positions[positions.length - 1]?.occurredAt);
            expect(summary.distanceKm).toBeGreaterThan(5);
            expect(summary.distanceKm).toBeLessThan(400);
            const suggested = events.find((e) => e.type === 'SEQUENCE')?.sequence ?? [];
            const ranks = [...firstEvent.keys()].map((waypoint) => suggested.indexOf(waypoint));
            expect(summary.sequenceFidelity).toBe(
                Math.round((100 * longestIncreasing(ranks)) / tour.stops.length),
            );
        }
    });

    it('marks stops without a driver status as system-confirmed and counts failures', () => {
        const tour = day.tours[0];
        if (!tour) throw new Error('no tour');
        const ids = idsFor(tour);
        const silent = summariseTour(
            tour,
            ids,
            driveTour(tour, ids, {
                seed: 's',
                detail: 'coarse',
                probabilities: { missingStatus: 1 },
            }),
        );
        expect(
            silent.waypoints.every(
                (w) => w.confirmation === 'SYSTEM' && w.state === 'DONE' && !w.failed,
            ),
        ).toBe(true);
        expect(silent.jobsFailed).toBe(0);
        const failing = summariseTour(
            tour,
            ids,
            driveTour(tour, ids, {
                seed: 's',
                detail: 'coarse',
                probabilities: { failure: 1, missingStatus: 0 },
            }),
        );
        expect(failing.stopsFailed).toBe(tour.stops.length);
        expect(failing.jobsDone).toBe(0);
        expect(failing.jobsFailed).toBe(
            tour.stops.reduce((sum, stop) => sum + stop.jobs.length, 0),
        );
    });

    it('leaves waypoints without events open', () => {
        const tour = day.tours[1];
        if (!tour) throw new Error('no tour');
        const ids = idsFor(tour);
        const summary = summariseTour(tour, ids, []);
        expect(
            summary.waypoints.every(
                (w) => w.state === 'OPEN' && w.ata === null && w.drivenSequence === null,
            ),
        ).toBe(true);
        expect(summary.stopsDone).toBe(0);
        expect(summary.jobsDone).toBe(0);
        expect(summary.startedAt).toBeNull();
    });
});
