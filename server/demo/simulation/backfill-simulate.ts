/**
 * A depot day of the history simulated: planned, driven and turned into rows, the CPU-heavy part
 * of the backfill. Step by step (one tour a step) so that a caller on the main thread can let
 * requests in between; pure and deterministic for a seed, so any thread gives the same rows.
 */
import { createRandom } from '../random.js';
import {
    driverOf,
    etaErrorMinutes,
    tourIdFactory,
    type BackfillUnit,
    type BackfillVehicle,
} from './backfill-model.js';
import { tourRecords, type TourRecords } from './backfill-records.js';
import { backfillTables, type Row } from './backfill-tables.js';
import { importBatches } from './import-batches.js';
import { buildNetwork, type StreetNetwork } from './network.js';
import { planDepotDay } from './plan.js';

/** The depots' street networks, each built once (by internal depot id). */
export type NetworkCache = Map<string, StreetNetwork>;

/** Plans and drives one depot day; yields after each tour, answers the day's rows. */
export function* simulateDay(
    unit: BackfillUnit,
    seed: string,
    networks: NetworkCache,
): Generator<void, TourRecords> {
    const { depot, date, level } = unit;
    let network = networks.get(depot.internalDepotId);
    if (!network) {
        network = buildNetwork(depot, seed);
        networks.set(depot.internalDepotId, network);
    }
    const byNumber = new Map(depot.vehicles.map((vehicle) => [vehicle.number, vehicle]));
    const plan = planDepotDay({
        depot,
        // In number order, like the live day, so each vehicle drives the same tour number.
        vehicles: [...byNumber.keys()].sort(),
        date,
        seed,
        network,
    });
    const importJobs = new Map(
        level.jobs
            ? importBatches(plan).flatMap((batch) =>
                  batch.jobs.map((job) => [job.externalJobId, job]),
              )
            : [],
    );
    const day = Object.fromEntries(backfillTables.map((t) => [t, [] as Row[]])) as TourRecords;
    for (const tour of plan.tours) {
        const vehicle = byNumber.get(tour.vehicleNumber) as BackfillVehicle;
        const tourKey = `${depot.internalDepotId}:${date}:${tour.tourNumber}`;
        const records = tourRecords(tour, {
            tenantId: depot.tenantId,
            depotId: depot.internalDepotId,
            depotScopePath: depot.scopePath,
            vehicleScopePath: vehicle.scopePath,
            vehicleId: vehicle.id,
            subcontractorId: vehicle.subcontractorId,
            driverId: driverOf(
                createRandom(seed, `driver:${vehicle.id}:${date}`),
                vehicle.regularDriverId,
                vehicle.standInDriverIds,
            ),
            seed,
            level,
            importJobs,
            newId: tourIdFactory(seed, tourKey),
            etaErrorMinutes: etaErrorMinutes(seed, vehicle.id),
        });
        for (const table of backfillTables) for (const row of records[table]) day[table].push(row);
        yield;
    }
    return day;
}

/** `simulateDay` without pauses. */
export function simulateDayAtOnce(
    unit: BackfillUnit,
    seed: string,
    networks: NetworkCache,
): TourRecords {
    const steps = simulateDay(unit, seed, networks);
    for (;;) {
        const step = steps.next();
        if (step.done) return step.value;
    }
}
