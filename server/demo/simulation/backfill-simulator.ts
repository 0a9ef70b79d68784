/**
 * Where the backfill's depot days are simulated: on a worker thread (the other core plans and
 * drives while this thread writes and answers requests), or on this thread between its other
 * work when a worker cannot start. The rows are the same either way.
 */
import { Worker } from 'node:worker_threads';
import type { BackfillUnit } from './backfill-model.js';
import type { TourRecords } from './backfill-records.js';
import { yieldToEventLoop } from './backfill-session.js';
import { simulateDay, type NetworkCache } from './backfill-simulate.js';
import type {
    SimulationAnswer,
    SimulationRequest,
    SimulationWorkerData,
} from './backfill-worker.js';

export interface SimulatedDay {
    records: TourRecords;
    /** The time planning, driving and building the rows took (on whichever thread). */
    ms: number;
}

export interface DaySimulator {
    where: 'worker' | 'inline';
    /** The rows of a depot day; a worker takes the days in the order they are asked for. */
    simulate(unit: BackfillUnit): Promise<SimulatedDay>;
    close(): Promise<void>;
}

/** On this thread, a tour at a time with the event loop free in between. */
function inlineSimulator(seed: string): DaySimulator {
    const networks: NetworkCache = new Map();
    return {
        where: 'inline',
        async simulate(unit) {
            const steps = simulateDay(unit, seed, networks);
            let ms = 0;
            for (;;) {
                const started = performance.now();
                const step = steps.next();
                ms += performance.now() - started;
                if (step.done) return { records: step.value, ms };
                await yieldToEventLoop();
            }
        },
        close: async () => undefined,
    };
}

/** A worker running backfill-worker.ts, once it said it is ready; null when it cannot start. */
async function startWorker(seed: string): Promise<Worker | null> {
    const { simulationWorkerUrl, SIMULATION_WORKER_ROLE } = await import('./backfill-worker.js');
    const workerData: SimulationWorkerData = { role: SIMULATION_WORKER_ROLE, seed };
    // From the sources (tests, `npm run dev`) the worker registers the TypeScript loader first.
    const fromSources = new URL(simulationWorkerUrl).pathname.endsWith('.ts');
    let worker: Worker;
    try {
        worker = fromSources
            ? new Worker(
                  `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(simulationWorkerUrl)}); })`,
                  { eval: true, workerData },
              )
            : new Worker(new URL(simulationWorkerUrl), { workerData });
    } catch {
        return null;
    }
    const ready = await new Promise<boolean>((resolve) => {
        const settle = (answer: boolean) => {
            worker.off('message', onMessage).off('error', onFailure).off('exit', onFailure);
            resolve(answer);
        };
        const onMessage = (message: unknown) => settle(message === 'ready');
        const onFailure = () => settle(false);
        worker.on('message', onMessage).on('error', onFailure).on('exit', onFailure);
    });
    if (ready) return worker;
    await worker.terminate();
    return null;
}

function workerSimulator(worker: Worker): DaySimulator {
    const waiting = new Map<number, (answer: SimulationAnswer) => void>();
    let failure: Error | null = null;
    let next = 0;
    const failAll = (error: Error) => {
        failure ??= error;
        for (const [id, answer] of waiting) answer({ id, error: error.message });
        waiting.clear();
    };
    worker.on('message', (answer: SimulationAnswer) => {
        waiting.get(answer.id)?.(answer);
        waiting.delete(answer.id);
    });
    worker.on('error', failAll);
    const onExit = (code: number) => failAll(new Error(`the simulation worker stopped (${code})`));
    worker.on('exit', onExit);
    return {
        where: 'worker',
        simulate(unit) {
            if (failure) return Promise.reject(failure);
            const id = (next += 1);
            return new Promise((resolve, reject) => {
                waiting.set(id, (answer) =>
                    'error' in answer
                        ? reject(new Error(`backfill simulation: ${answer.error}`))
                        : resolve({ records: answer.records, ms: answer.ms }),
                );
                worker.postMessage({ id, unit } satisfies SimulationRequest);
            });
        },
        async close() {
            worker.off('exit', onExit);
            failAll(new Error('the simulation worker was closed'));
            await worker.terminate();
        },
    };
}

/** A simulator on a worker thread when `worker` and one starts, else on this thread. */
export async function openDaySimulator(seed: string, worker: boolean): Promise<DaySimulator> {
    const started = worker ? await startWorker(seed) : null;
    return started ? workerSimulator(started) : inlineSimulator(seed);
}
