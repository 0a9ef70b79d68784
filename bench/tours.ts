// `node --import tsx bench/tours.ts`: only issue 14's measurements of `npm run bench` (ingestion,
// tour reads, two app servers), on PostgreSQL (BENCH_DATABASE_URL or a throwaway cluster) and
// PGlite, written to bench/results/. BENCH_TOURS_SECONDS sets the ingestion's duration (60);
// BENCH_TOURS_HISTORY=0 skips the demo history, BENCH_TOURS_DATABASES=postgres (or pglite) measures
// one database, BENCH_SERVER_NODE_ARGS are the servers' Node options (e.g. --cpu-prof).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgres, withFreshDatabase } from './lib/postgres.js';
import { demoLogin, startServer } from './lib/server-process.js';
import { measureTours } from './lib/tours.js';

const seconds = Number(process.env.BENCH_TOURS_SECONDS ?? 60);
const root = mkdtempSync(join(tmpdir(), 'bench-tours-'));
const postgres = await openPostgres();
try {
    const results = {
        at: new Date().toISOString(),
        node: process.version,
        cpus: cpus().length,
        loadAverageAtStart: loadavg(),
        tours: await measureTours(
            {
                postgresUrl: 'skipped' in postgres ? undefined : postgres.url,
                withFreshDatabase,
                startServer,
                demoLogin,
                seconds,
                history: process.env.BENCH_TOURS_HISTORY !== '0',
                ...(process.env.BENCH_TOURS_DATABASES
                    ? {
                          databases: process.env.BENCH_TOURS_DATABASES.split(',').filter(
                              (name): name is 'postgres' | 'pglite' =>
                                  name === 'postgres' || name === 'pglite',
                          ),
                      }
                    : {}),
            },
            (label) => mkdtempSync(join(root, `${label}-`)),
        ),
    };
    mkdirSync('bench/results', { recursive: true });
    const file = `bench/results/tours-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
    writeFileSync(file, JSON.stringify(results, null, 2));
    console.log(JSON.stringify(results, null, 2));
    console.log(`bench: written to ${file}`);
} finally {
    if (!('skipped' in postgres)) await postgres.stop();
    if (process.env.BENCH_TOURS_KEEP === '1') console.log(`bench: data kept in ${root}`);
    else rmSync(root, { recursive: true, force: true });
}
