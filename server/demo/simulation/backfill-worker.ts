/**
 * The backfill's simulation thread: simulates the depot days it is sent (backfill-simulate.ts)
 * and sends their rows back, so that planning and driving run on another core than the database
 * and the product's requests. Loaded by backfill-simulator.ts, which starts a worker on this
 * module's own file; on the main thread it does nothing.
 */
import { isMainThread, parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { BackfillUnit } from './backfill-model.js';
import type { TourRecords } from './backfill-records.js';
import { simulateDayAtOnce, type NetworkCache } from './backfill-simulate.js';

/** What the worker is started with (`workerData`). */
export interface SimulationWorkerData {
    role: typeof SIMULATION_WORKER_ROLE;
    seed: string;
}

export const SIMULATION_WORKER_ROLE = 'demo-backfill-simulation';

/** A depot day to simulate. */
export interface SimulationRequest {
    id: number;
    unit: BackfillUnit;
}

/** A simulated depot day (or why not), and how long its simulation took. */
export type SimulationAnswer =
    { id: number; records: TourRecords; ms: number } | { id: number; error: string };

/** The file a worker runs: this module (compiled, a chunk of the server's build). */
export const simulationWorkerUrl = import.meta.url;

function serve(port: MessagePort, seed: string): void {
    const networks: NetworkCache = new Map();
    port.on('message', ({ id, unit }: SimulationRequest) => {
        const started = performance.now();
        let answer: SimulationAnswer;
        try {
            const records = simulateDayAtOnce(unit, seed, networks);
            answer = { id, records, ms: performance.now() - started };
        } catch (error) {
            answer = {
                id,
                error: error instanceof Error ? (error.stack ?? error.message) : String(error),
            };
        }
        port.postMessage(answer);
    });
    port.postMessage('ready');
}

const data = workerData as Partial<SimulationWorkerData> | null;
if (
    !isMainThread &&
    parentPort &&
    data?.role === SIMULATION_WORKER_ROLE &&
    typeof data.seed === 'string'
)
    serve(parentPort, data.seed);
