/**
 * The demo's history (issue 14 part 5): every working day (Monday–Saturday) of the weeks before
 * each depot's local today, planned and driven by the simulator (coarse detail) and written as
 * the live path would have left it, through a bulk path instead of HTTP. Set-based batches of
 * about `chunkTargetMs` of database time each, with the event loop free between them, so the
 * product keeps answering meanwhile.
 *
 * Idempotent and resumable: the unit of work is a depot day, and its tours and waypoints go in
 * last, in one transaction, so a depot day with tours is complete and skipped. A depot day
 * interrupted before (a stopped server) is known by its backfilled logins, written first; its
 * rows are removed and it is written again.
 */
import type { Database } from '../../db/client.js';
import { createRandom } from '../random.js';
import { demoOrganisations } from '../data/organisations.js';
import {
    dayLevel,
    depthOf,
    driverOf,
    etaErrorMinutes,
    localDate,
    tourIdFactory,
    unitKey,
    workingDaysBefore,
    type BackfillDepot,
    type BackfillDetail,
    type BackfillUnit,
    type BackfillVehicle,
} from './backfill-model.js';
import { tourRecords, type TourRecords } from './backfill-records.js';
import { openBulkSession, yieldToEventLoop } from './backfill-session.js';
import {
    checkReferences,
    completeDays,
    makePartitions,
    removeInterrupted,
} from './backfill-store.js';
import { backfillTables, type BackfillTable, type Row } from './backfill-tables.js';
import { ChunkWriter } from './backfill-writer.js';
import { importBatches } from './import-batches.js';
import { buildNetwork, type StreetNetwork } from './network.js';
import { planDepotDay } from './plan.js';

export type {
    BackfillDepot,
    BackfillDetail,
    BackfillVehicle,
    HistoryDepth,
} from './backfill-model.js';

export interface BackfillProgress {
    /** Depot days written so far, of those to write. */
    daysDone: number;
    daysTotal: number;
    /** Depot days found complete and skipped. */
    daysSkipped: number;
    /** Rows written per table. */
    rows: Record<BackfillTable, number>;
    elapsedMs: number;
    /** Of which planning, driving and building rows, and writing them. */
    simulateMs: number;
    writeMs: number;
}

export interface BackfillResult extends BackfillProgress {
    /** Another app server holds the backfill (PostgreSQL): nothing was done here. */
    locked: boolean;
    /** Stopped by the signal before the end. */
    aborted: boolean;
}

export interface BackfillInput {
    depots: readonly BackfillDepot[];
    seed: string;
    /** Now: each depot's days are those before its local date of this instant. */
    today: Date;
    /** Told after every depot day. */
    onProgress?: (progress: BackfillProgress) => void;
    /** How much history (defaults: `defaultBackfillDetail`). */
    detail?: Partial<BackfillDetail>;
    /** Stops between two batches (a server shutting down). */
    signal?: AbortSignal;
    /** Database time aimed at per batch (default 200 ms). */
    chunkTargetMs?: number;
}

/**
 * What the demo's first start writes, sized for a 2-core machine (about two minutes on PGlite):
 * the demo organisation gets 15 weeks of tours and waypoints and a week of full detail, the
 * others two weeks of tours and waypoints and the day before in full detail.
 */
export const defaultBackfillDetail: BackfillDetail = {
    depth: { weeks: 2, waypointDays: 14, positionDays: 7, jobDays: 1, eventDays: 1 },
    byTenant: {
        [demoOrganisations[0]?.id ?? 'nordpaket']: {
            weeks: 15,
            waypointDays: 105,
            positionDays: 30,
            jobDays: 7,
            eventDays: 7,
        },
    },
};

const emptyCounts = () =>
    Object.fromEntries(backfillTables.map((t) => [t, 0])) as Record<BackfillTable, number>;

/** Writes the history that is missing; see the module comment. */
export async function backfillHistory(db: Database, input: BackfillInput): Promise<BackfillResult> {
    const started = performance.now();
    const detail: BackfillDetail = { ...defaultBackfillDetail, ...input.detail };
    const rows = emptyCounts();
    const time = { simulate: 0, write: 0 };
    const progress = (daysDone: number, daysTotal: number, daysSkipped: number) => ({
        daysDone,
        daysTotal,
        daysSkipped,
        rows: { ...rows },
        elapsedMs: Math.round(performance.now() - started),
        simulateMs: Math.round(time.simulate),
        writeMs: Math.round(time.write),
    });
    const session = await openBulkSession(db);
    if (!session) return { ...progress(0, 0, 0), locked: true, aborted: false };
    try {
        const units = input.depots
            .filter((depot) => depot.vehicles.length > 0)
            .flatMap((depot) => {
                const depth = depthOf(detail, depot.tenantId);
                return workingDaysBefore(localDate(input.today, depot.timeZone), depth.weeks).map(
                    ({ date, offset }) => ({ depot, date, offset, level: dayLevel(depth, offset) }),
                );
            })
            // Newest first, every depot in turn: recent history is there soonest.
            .sort((a, b) => a.offset - b.offset);
        const done = await completeDays(session, units);
        await removeInterrupted(session, units, done);
        const todo = units.filter(
            (unit) => !done.has(unitKey(unit.depot.internalDepotId, unit.date)),
        );
        const skipped = units.length - todo.length;
        if (todo.length > 0) {
            await checkReferences(session, todo);
            await makePartitions(session, todo);
        }
        const writer = new ChunkWriter(session, input.chunkTargetMs ?? 200, rows, time);
        const networks = new Map<string, StreetNetwork>();
        for (const [index, unit] of todo.entries()) {
            if (input.signal?.aborted)
                return { ...progress(index, todo.length, skipped), locked: false, aborted: true };
            const { depot, level } = unit;
            let network = networks.get(depot.internalDepotId);
            if (!network) {
                network = buildNetwork(depot, input.seed);
                networks.set(depot.internalDepotId, network);
            }
            const records = await simulateDay(unit, input.seed, network, time);
            await writer.writeDay(records, level.events || level.positions);
            input.onProgress?.(progress(index + 1, todo.length, skipped));
        }
        return { ...progress(todo.length, todo.length, skipped), locked: false, aborted: false };
    } finally {
        await session.release();
    }
}

/** Plans and drives one depot day; answers its rows, yielding between tours. */
async function simulateDay(
    unit: BackfillUnit,
    seed: string,
    network: StreetNetwork,
    time: { simulate: number },
): Promise<TourRecords> {
    let start = performance.now();
    const { depot, date, level } = unit;
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
        time.simulate += performance.now() - start;
        await yieldToEventLoop();
        start = performance.now();
    }
    return day;
}
