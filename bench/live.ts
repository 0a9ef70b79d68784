// `node --import tsx bench/live.ts`: only issue 15's live status measurements of `npm run bench`
// (the snapshot route of a 300-tour depot, event to WebSocket client across two app servers, 200
// clients on one server, the page's cold load), on PostgreSQL (BENCH_DATABASE_URL or a throwaway
// cluster) and PGlite, written to bench/results/live-<time>.json. Builds the browser app first.
// Environment: BENCH_LIVE_DATABASES=postgres (or pglite) measures one database;
// BENCH_LIVE_CLIENTS (200), BENCH_LIVE_SECONDS (60, the fan-out window and its baseline),
// BENCH_LIVE_SAMPLES (20), BENCH_BROWSER_RUNS (5); BENCH_SERVER_NODE_ARGS are the servers' Node
// options (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof-live).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureLive } from './lib/live.js';
import { openPostgres } from './lib/postgres.js';

const positive = (name: string, fallback: number) => {
    const value = Number(process.env[name] ?? fallback);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
    return Math.round(value);
};
const databases = (process.env.BENCH_LIVE_DATABASES ?? 'postgres,pglite')
    .split(',')
    .filter((name): name is 'postgres' | 'pglite' => name === 'postgres' || name === 'pglite');

console.log('bench: building the browser app');
const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
    { stdio: 'inherit' },
);
if (build.status !== 0) process.exit(1);

const root = mkdtempSync(join(tmpdir(), 'bench-live-'));
const postgres = databases.includes('postgres')
    ? await openPostgres()
    : { skipped: 'not asked for' };
try {
    const at = new Date().toISOString();
    const loadAverageAtStart = loadavg();
    const live = await measureLive(
        {
            postgresUrl: 'skipped' in postgres ? undefined : postgres.url,
            databases,
            distDir: 'dist',
            clients: positive('BENCH_LIVE_CLIENTS', 200),
            seconds: positive('BENCH_LIVE_SECONDS', 60),
            samples: positive('BENCH_LIVE_SAMPLES', 20),
            browserRuns: positive('BENCH_BROWSER_RUNS', 5),
        },
        (label) => mkdtempSync(join(root, `${label}-`)),
    );
    const results = {
        at,
        node: process.version,
        cpus: cpus().length,
        loadAverage: { atStart: loadAverageAtStart, atEnd: loadavg() },
        ...('skipped' in postgres && databases.includes('postgres')
            ? { postgresSkipped: postgres.skipped }
            : {}),
        live,
    };
    mkdirSync('bench/results', { recursive: true });
    const file = `bench/results/live-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
    writeFileSync(file, JSON.stringify(results, null, 2));
    console.log(JSON.stringify(results, null, 2));
    console.log(`bench: written to ${file}`);
} finally {
    if (!('skipped' in postgres)) await postgres.stop();
    rmSync(root, { recursive: true, force: true });
}
