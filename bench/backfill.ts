// `node --import tsx bench/backfill.ts`: the demo's first start as `npm start` makes it (PGlite
// in an empty data directory, the live-day simulator on), timed from the start to the log line
// "demo history written" (the 15 weeks of history, target under 2 minutes), with /readyz asked
// every 250 ms meanwhile (the product keeps answering). Writes its figures to
// bench/results/backfill-*.json and prints them.
// BENCH_BACKFILL_RUNS repeats it (1); BENCH_SERVER_NODE_ARGS are the server's Node options
// (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './lib/server-process.js';

const HISTORY_TIMEOUT_MS = 15 * 60_000;

const quantile = (sorted: readonly number[], q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN);

async function measureOnce() {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-backfill-'));
    const loadAtStart = loadavg()[0];
    const started = performance.now();
    const server = await startServer(
        { SIMULATION: 'true', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
        300_000,
    );
    const latencies: number[] = [];
    try {
        let line: string | undefined;
        while (!line) {
            if (performance.now() - started > HISTORY_TIMEOUT_MS)
                throw new Error(`the demo history was not written in ${HISTORY_TIMEOUT_MS} ms`);
            if (/demo history backfill failed/.test(server.stdout))
                throw new Error('the demo history backfill failed (see the server output)');
            const asked = performance.now();
            const answer = await fetch(`${server.url}/readyz`);
            await answer.text();
            latencies.push(performance.now() - asked);
            line = server.stdout
                .split('\n')
                .find((candidate) => candidate.includes('"msg":"demo history written"'));
            if (!line) await new Promise((resolve) => setTimeout(resolve, 250));
        }
        const writtenAfterMs = Math.round(performance.now() - started);
        const written = JSON.parse(line) as {
            ms: number;
            days: number;
            rows: Record<string, number>;
            simulateMs?: number;
            writeMs?: number;
            simulatedIn?: string;
        };
        latencies.sort((a, b) => a - b);
        return {
            backfillMs: written.ms,
            simulateMs: written.simulateMs,
            writeMs: written.writeMs,
            simulatedIn: written.simulatedIn,
            days: written.days,
            rows: written.rows,
            serverReadyAfterMs: Math.round(server.readyAfterMs),
            writtenAfterMs,
            builds: server.builds,
            readyz: {
                requests: latencies.length,
                p50: quantile(latencies, 0.5),
                p99: quantile(latencies, 0.99),
                max: quantile(latencies, 1),
            },
            loadAverage: { atStart: loadAtStart, atEnd: loadavg()[0] },
        };
    } finally {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
    }
}

const runs = Number(process.env.BENCH_BACKFILL_RUNS ?? 1);
const results = [];
for (let run = 0; run < runs; run++) {
    results.push(await measureOnce());
    console.error(`bench: backfill run ${run + 1} of ${runs}: ${JSON.stringify(results.at(-1))}`);
}
const summary = JSON.stringify(
    { at: new Date().toISOString(), node: process.version, cpus: cpus().length, runs: results },
    null,
    2,
);
mkdirSync('bench/results', { recursive: true });
writeFileSync(
    `bench/results/backfill-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    summary,
);
console.log(summary);
