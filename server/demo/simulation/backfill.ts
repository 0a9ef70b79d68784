/**
 * The demo's history (issue 14 part 5): every working day (Monday–Saturday) of the weeks before
 * each depot's local today, planned and driven by the simulator (coarse detail) and written as
 * the live path would have left it, through a bulk path instead of HTTP. Set-based batches of
 * about `chunkTargetMs` of database time each, with the event loop free between them, so the
 * product keeps answering meanwhile; the simulation runs on a worker thread, a few days ahead of
 * the writes (backfill-simulator.ts).
 *
 * Idempotent and resumable: the unit of work is a depot day, and its tours and waypoints go in
 * last, in one transaction, so a depot day with tours is complete and skipped. A depot day
 * interrupted before (a stopped server) is known by its backfilled logins, written first; its
 * rows are removed and it is written again.
 */
import type { Database } from '../../db/client.js';
import { demoOrganisations } from '../data/organisations.js';
import {
    dayLevel,
    depthOf,
    localDate,
    unitKey,
    workingDaysBefore,
    type BackfillDepot,
    type BackfillDetail,
} from './backfill-model.js';
import { openBulkSession } from './backfill-session.js';
import { openDaySimulator, type DaySimulator, type SimulatedDay } from './backfill-simulator.js';
import {
    checkReferences,
    completeDays,
    makePartitions,
    removeInterrupted,
} from './backfill-store.js';
import { backfillTables, type BackfillTable } from './backfill-tables.js';
import { ChunkWriter } from './backfill-writer.js';

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
    /** Where the days were simulated (none when there was nothing to do). */
    simulatedIn: 'worker' | 'inline' | 'none';
}

/** Depot days simulated ahead of the one being written (a worker's queue). */
const DAYS_AHEAD = 2;

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
    /** Simulates on a worker thread (default), or on this thread between the writes. */
    worker?: boolean;
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
    if (!session)
        return { ...progress(0, 0, 0), locked: true, aborted: false, simulatedIn: 'none' };
    let simulator: DaySimulator | null = null;
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
        const finished = (daysDone: number, aborted: boolean): BackfillResult => ({
            ...progress(daysDone, todo.length, skipped),
            locked: false,
            aborted,
            simulatedIn: simulator?.where ?? 'none',
        });
        if (todo.length === 0) return finished(0, false);
        await checkReferences(session, todo);
        await makePartitions(session, todo);
        simulator = await openDaySimulator(input.seed, input.worker ?? true);
        const writer = new ChunkWriter(session, input.chunkTargetMs ?? 200, rows, time);
        // A worker simulates the next days while this thread writes the current one.
        const ahead = simulator.where === 'worker' ? DAYS_AHEAD : 0;
        const days = new Map<number, Promise<SimulatedDay>>();
        const ask = (index: number) => {
            const unit = todo[index];
            if (!unit || days.has(index) || !simulator) return;
            const day = simulator.simulate(unit);
            // Awaited in turn below; a day asked for ahead of a stop is dropped quietly.
            day.catch(() => undefined);
            days.set(index, day);
        };
        for (const [index, unit] of todo.entries()) {
            if (input.signal?.aborted) {
                await writer.flush();
                return finished(index, true);
            }
            for (let k = index; k <= index + ahead; k++) ask(k);
            const day = await (days.get(index) as Promise<SimulatedDay>);
            days.delete(index);
            time.simulate += day.ms;
            await writer.writeDay(day.records, unit.level.events || unit.level.positions);
            input.onProgress?.(progress(index + 1, todo.length, skipped));
        }
        await writer.flush();
        return finished(todo.length, false);
    } finally {
        await simulator?.close();
        await session.release();
    }
}
