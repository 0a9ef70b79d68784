// `node --import tsx bench/analytics.ts`: only issue 16's measurements of `npm run bench` (the
// analysis screens' reads and the Excel download on a 300-tour depot with 15 weeks of history),
// on PostgreSQL (BENCH_DATABASE_URL or a throwaway cluster) and PGlite, written to bench/results/.
// BENCH_ANALYTICS_DATABASES=postgres (or pglite) measures one database.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureAnalytics } from './lib/analytics.js';
import { openPostgres, withFreshDatabase } from './lib/postgres.js';
import { demoLogin, startServer } from './lib/server-process.js';

const root = mkdtempSync(join(tmpdir(), 'bench-analytics-'));
const postgres = await openPostgres();
try {
    const databases = process.env.BENCH_ANALYTICS_DATABASES?.split(',').filter(
        (name): name is 'postgres' | 'pglite' => name === 'postgres' || name === 'pglite',
    );
    const results = {
        at: new Date().toISOString(),
        node: process.version,
        cpus: cpus().length,
        loadAverageAtStart: loadavg(),
        analytics: await measureAnalytics(
            {
                postgresUrl: 'skipped' in postgres ? undefined : postgres.url,
                withFreshDatabase,
                startServer,
                demoLogin,
                ...(databases ? { databases } : {}),
            },
            (label) => mkdtempSync(join(root, `${label}-`)),
        ),
        loadAverageAtEnd: loadavg(),
    };
    mkdirSync('bench/results', { recursive: true });
    const file = `bench/results/analytics-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
    writeFileSync(file, JSON.stringify(results, null, 2));
    console.log(JSON.stringify(results, null, 2));
    console.log(`bench: written to ${file}`);
} finally {
    if (!('skipped' in postgres)) await postgres.stop();
    rmSync(root, { recursive: true, force: true });
}
