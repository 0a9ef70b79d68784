import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { JobImportBatch } from '../../domain/contracts/job-import.js';
import { importBatches } from '../../server/demo/simulation/import-batches.js';
import { planDepotDay } from '../../server/demo/simulation/plan.js';
import {
    hamburg,
    haversineMetres,
    localWallClock,
    milano,
    vehicleNumbers,
} from './simulation-fixtures.js';

const hamburgDay = planDepotDay({
    depot: hamburg,
    vehicles: vehicleNumbers(25),
    date: '2026-05-12',
    seed: 'plan',
});

describe('planDepotDay', () => {
    it('plans the same day for the same input and another for another seed or date', () => {
        const input = {
            depot: milano,
            vehicles: vehicleNumbers(6),
            date: '2026-02-03',
            seed: 'same',
        };
        expect(planDepotDay(input)).toEqual(planDepotDay(input));
        const other = planDepotDay({ ...input, seed: 'other' });
        expect(other.tours.map((tour) => tour.stops.length)).not.toEqual(
            planDepotDay(input).tours.map((tour) => tour.stops.length),
        );
        const nextDay = planDepotDay({ ...input, date: '2026-02-04' });
        expect(nextDay.tours[0]?.stops[0]?.jobs[0]?.address).not.toEqual(
            planDepotDay(input).tours[0]?.stops[0]?.jobs[0]?.address,
        );
    });

    it('keeps tour numbers, vehicles and types from day to day', () => {
        const key = (date: string) =>
            planDepotDay({
                depot: hamburg,
                vehicles: vehicleNumbers(10),
                date,
                seed: 'stable',
                tourCount: 10,
            }).tours.map((tour) => [
                tour.tourNumber,
                tour.vehicleNumber,
                tour.tourType,
                tour.sequenceOptimisation,
            ]);
        expect(key('2026-05-12')).toEqual(key('2026-05-13'));
    });

    it('plans tours of 30-150 stops, most of 60-120, with distinct tour numbers and vehicles', () => {
        const day = planDepotDay({
            depot: hamburg,
            vehicles: vehicleNumbers(120),
            date: '2026-05-14',
            seed: 'sizes',
            tourCount: 120,
        });
        const sizes = day.tours.map((tour) => tour.stops.length);
        expect(Math.min(...sizes)).toBeGreaterThanOrEqual(30);
        expect(Math.max(...sizes)).toBeLessThanOrEqual(150);
        const usual = sizes.filter((size) => size >= 60 && size <= 120).length;
        expect(usual / sizes.length).toBeGreaterThan(0.65);
        expect(new Set(day.tours.map((tour) => tour.tourNumber)).size).toBe(120);
        expect(new Set(day.tours.map((tour) => tour.vehicleNumber))).toEqual(
            new Set(vehicleNumbers(120)),
        );
        const types = day.tours.map((tour) => tour.tourType);
        expect(types.filter((type) => type === 'NTC').length).toBeGreaterThan(types.length / 2);
        expect(types).toContain('TCG');
    });

    it('starts tours between 06:30 and 08:30 local time and numbers stops 1…n', () => {
        for (const tour of hamburgDay.tours) {
            const start = localWallClock(tour.plannedStart, 'Europe/Berlin');
            expect(start.date).toBe('2026-05-12');
            expect(start.minutes).toBeGreaterThanOrEqual(6 * 60 + 30);
            expect(start.minutes).toBeLessThanOrEqual(8 * 60 + 30);
            expect(tour.stops.map((stop) => stop.sequence)).toEqual(
                tour.stops.map((_, index) => index + 1),
            );
        }
    });

    it('gives stops addresses near the depot with coordinate types, 1-3 jobs and 1-4 parcels each', () => {
        const stops = hamburgDay.tours.flatMap((tour) => tour.stops);
        const types = stops.map((stop) => stop.coordinateType);
        expect(types.filter((type) => type === 'ROOFTOP').length / types.length).toBeGreaterThan(
            0.7,
        );
        expect(types).toContain('STREET');
        expect(types).toContain('HANDOVER');
        for (const stop of stops) {
            expect(stop.jobs.length).toBeGreaterThanOrEqual(1);
            expect(stop.jobs.length).toBeLessThanOrEqual(3);
            for (const job of stop.jobs) {
                const { latitude = NaN, longitude = NaN } = job.address;
                expect(
                    haversineMetres(hamburg.latitude, hamburg.longitude, latitude, longitude),
                ).toBeLessThan(8_600);
                expect(job.address.street.length).toBeGreaterThan(2);
                expect(job.address.houseNo).toMatch(/^\d{1,3}[ab]?$/);
                expect(job.address.postcode).toMatch(/^\d{5}$/);
                expect(job.parcels.length).toBeGreaterThanOrEqual(1);
                expect(job.parcels.length).toBeLessThanOrEqual(4);
                expect(job.quantity).toBe(job.parcels.length);
            }
        }
        const jobTypes = stops.flatMap((stop) => stop.jobs.map((job) => job.type));
        expect(
            jobTypes.filter((type) => type === 'DELIVERY').length / jobTypes.length,
        ).toBeGreaterThan(0.8);
        expect(jobTypes).toContain('PICKUP');
        expect(jobTypes).toContain('COLLECTION');
    });

    it('gives jobs external ids of at most 64 characters and parcels numbers and tracking ids, all unique', () => {
        for (const depot of [hamburg, { ...milano, externalDepotId: 'X'.repeat(64) }]) {
            const day = planDepotDay({
                depot,
                vehicles: vehicleNumbers(12),
                date: '2026-05-12',
                seed: 'ids',
            });
            const jobs = day.tours.flatMap((tour) => tour.stops.flatMap((stop) => stop.jobs));
            const jobIds = jobs.map((job) => job.externalJobId);
            expect(new Set(jobIds).size).toBe(jobIds.length);
            for (const id of jobIds) expect(id.length).toBeLessThanOrEqual(64);
            const parcels = jobs.flatMap((job) => job.parcels);
            expect(new Set(parcels.map((parcel) => parcel.parcelNumber)).size).toBe(parcels.length);
            expect(new Set(parcels.map((parcel) => parcel.trackingId)).size).toBe(parcels.length);
            for (const parcel of parcels) expect(parcel.parcelNumber).toMatch(/^\d{14}$/);
        }
    });

    it('refuses more tours than vehicles and a malformed date', () => {
        const input = {
            depot: hamburg,
            vehicles: vehicleNumbers(3),
            date: '2026-05-12',
            seed: 's',
        };
        expect(() => planDepotDay({ ...input, tourCount: 4 })).toThrow(RangeError);
        expect(() => planDepotDay({ ...input, date: '12.05.2026' })).toThrow(RangeError);
        expect(
            planDepotDay({ ...input, tourCount: 2, stopsPerTour: 120 }).tours.map(
                (t) => t.stops.length,
            ),
        ).toEqual([120, 120]);
    });
});

describe('importBatches', () => {
    const day = planDepotDay({
        depot: hamburg,
        vehicles: vehicleNumbers(30),
        date: '2026-05-12',
        seed: 'batches',
        tourCount: 30,
    });
    const batches = importBatches(day);

    it('answers valid batches of at most 1,000 jobs holding every job once', () => {
        expect(batches.length).toBeGreaterThan(1);
        for (const batch of batches) {
            expect(Value.Check(JobImportBatch, batch)).toBe(true);
            expect(batch.jobs.length).toBeLessThanOrEqual(1_000);
        }
        const sent = batches.flatMap((batch) => batch.jobs.map((job) => job.externalJobId));
        const planned = day.tours.flatMap((tour) =>
            tour.stops.flatMap((stop) => stop.jobs.map((job) => job.externalJobId)),
        );
        expect(sent).toEqual(planned);
    });

    it('cuts the same jobs into smaller batches when asked, each tour still named once', () => {
        const small = importBatches(day, 200);
        expect(small.length).toBeGreaterThan(batches.length);
        for (const batch of small) expect(batch.jobs.length).toBeLessThanOrEqual(200);
        expect(small.flatMap((batch) => batch.jobs)).toEqual(batches.flatMap((b) => b.jobs));
        const named = small.flatMap((batch) => (batch.tours ?? []).map((t) => t.tourNumber));
        expect(named).toEqual(day.tours.map((tour) => tour.tourNumber));
    });

    it('names each tour once, in the first batch with its jobs, and assigns jobs to it by stop position', () => {
        const tourByNumber = new Map(day.tours.map((tour) => [tour.tourNumber, tour]));
        const stopOfJob = new Map(
            day.tours.flatMap((tour) =>
                tour.stops.flatMap((stop) =>
                    stop.jobs.map((job) => [job.externalJobId, stop] as const),
                ),
            ),
        );
        const named = new Set<string>();
        for (const batch of batches) {
            for (const tour of batch.tours ?? []) {
                expect(named.has(tour.tourNumber)).toBe(false);
                named.add(tour.tourNumber);
                const planned = tourByNumber.get(tour.tourNumber);
                expect(tour).toEqual({
                    externalDepotId: 'HH01',
                    date: '2026-05-12',
                    tourNumber: planned?.tourNumber,
                    vehicleNumber: planned?.vehicleNumber,
                    tourType: planned?.tourType,
                    sequenceOptimisation: planned?.sequenceOptimisation,
                    plannedStart: planned?.plannedStart,
                });
            }
            for (const job of batch.jobs) {
                expect(job.assignments).toHaveLength(1);
                const [assignment] = job.assignments;
                expect(assignment).toMatchObject({
                    externalDepotId: 'HH01',
                    date: '2026-05-12',
                    key: 'TOUR',
                    source: 'SIMULATOR',
                });
                expect(named.has(assignment?.value ?? '')).toBe(true);
                const tour = tourByNumber.get(assignment?.value ?? '');
                const stop = stopOfJob.get(job.externalJobId);
                expect(tour?.stops).toContain(stop);
                expect(assignment?.sequence).toBe(stop?.sequence);
                expect(Date.parse(assignment?.createdExtAt ?? '')).toBeLessThan(
                    Date.parse(tour?.plannedStart ?? ''),
                );
                expect(Date.parse(assignment?.scanTime ?? '')).toBeLessThan(
                    Date.parse(tour?.plannedStart ?? ''),
                );
            }
        }
        expect(named.size).toBe(30);
    });

    it('is the same for the same plan', () => {
        expect(importBatches(day)).toEqual(batches);
    });
});
