// `npm run bench`: measures the performance budgets of ARCHITECTURE.md and issue 12 and writes
// them as JSON to bench/results/, with a `budgets` section and a table at the end. Bounded: every
// load has a fixed request count or duration, and servers, clusters and browsers are stopped.
//
// Environment (all optional): BENCH_MIXED_SECONDS (the mixed read load's duration, default 60),
// BENCH_BROWSER_RUNS (cold loads per page, default 5), BENCH_DATABASE_URL (a PostgreSQL server to
// use instead of a throwaway cluster), BENCH_RA_DEMO_DIR (a built react-admin demo to measure),
// BENCH_TOURS_SECONDS (issue 14's ingestion duration, default 60).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { budgetTable, evaluateBudgets, type BudgetInputs } from './lib/budgets.js';
import { entryChunks } from './lib/bundle.js';
import { measure, type LatencySummary } from './lib/load.js';
import { measureBulkUpload } from './lib/bulk-upload.js';
import { measureMixedLoad, signIn, type MixedLoadResult } from './lib/mixed-load.js';
import { openPostgres, withFreshDatabase, type PostgresAvailability } from './lib/postgres.js';
import { demoLogin, startServer, type DemoLogin } from './lib/server-process.js';
import { measureBrowser } from './lib/browser.js';
import type { ReactAdminDemoMeasurement } from './lib/react-admin-demo.js';
import { measureTours } from './lib/tours.js';
import { measureLive } from './lib/live.js';
import { measureAnalytics } from './lib/analytics.js';
import { measureUsersList } from './lib/users-list.js';

const positive = (name: string, fallback: number) => {
    const value = Number(process.env[name] ?? fallback);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
    return value;
};
const MIXED_SECONDS = positive('BENCH_MIXED_SECONDS', 60);
const BROWSER_RUNS = Math.round(positive('BENCH_BROWSER_RUNS', 5));
/** Lifted so the sign-in throughput and the browser runs can sign in from one address. */
const NO_SIGN_IN_LIMIT = { IDENTITY_SIGN_IN_LIMIT_PER_MINUTE: '100000' };

const results: Record<string, unknown> = {
    at: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    /** 1, 5 and 15 minute load averages: other work on the machine skews every figure. */
    loadAverage: { atStart: loadavg().map((value) => Math.round(value * 100) / 100) },
};
const failures: string[] = [];

/** Runs one part of the bench; a failure is recorded (and printed) and the rest still runs. */
async function part<T>(name: string, run: () => Promise<T>): Promise<T | { error: string }> {
    try {
        return await run();
    } catch (error) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        console.error(`bench: ${name} FAILED: ${message}`);
        failures.push(name);
        return { error: message };
    }
}
const measured = <T extends object>(value: T | { error: string } | { skipped: string }) =>
    'error' in value || 'skipped' in value ? null : (value as T);

console.log('bench: building the browser app');
const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
    { stdio: 'inherit' },
);
if (build.status !== 0) process.exit(1);
results.signInFirstChunk = entryChunks('dist');

const logins = (stdout: string) => ({
    admin: demoLogin(stdout, 'Admin'),
    organisationAdmin: demoLogin(stdout, 'Organization Admin'),
});

let coldStart: BudgetInputs['coldStart'] = null;
let singleRecordP99: BudgetInputs['singleRecordP99'] = null;
let browser: Awaited<ReturnType<typeof measureBrowser>> | null = null;
const mixedLoad: Record<string, MixedLoadResult | { error: string } | { skipped: string }> = {};

/** The single-record reads and the depot list at concurrency 1 and 8, 1000 requests each. */
async function measureApi(baseUrl: string, admin: DemoLogin, tenantId: string) {
    const token = await signIn(baseUrl, admin);
    const auth = { headers: { authorization: `Bearer ${token}` } };
    const firstOf = async (path: string) => {
        const response = await fetch(`${baseUrl}${path}`, auth);
        if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
        return (await response.json()) as unknown;
    };
    const firstDepot = (
        (await firstOf('/tenant-admin/v1/depots?range=[0,0]')) as { id: string }[]
    )[0]?.id;
    const firstUser = (
        (await firstOf('/api/v2/users?context=admin&page=0&size=1&sort=lastName,asc')) as {
            content: { id: string }[];
        }
    ).content[0]?.id;
    if (!firstDepot || !firstUser) throw new Error('no demo depot or back-office user');
    const tenant = encodeURIComponent(tenantId);
    const urls = {
        usersMe: `${baseUrl}/api/users/me`,
        depotList: `${baseUrl}/tenant-admin/v1/depots?sort=${encodeURIComponent('["name","ASC"]')}&range=${encodeURIComponent('[0,24]')}`,
        depotRead: `${baseUrl}/tenant-admin/v1/depots/${firstDepot}`,
        backOfficeUserRead: `${baseUrl}/api/users/${encodeURIComponent(firstUser)}`,
        organisationRead: `${baseUrl}/tenant-admin/v1/tenants/${tenant}`,
        tenantConfiguration: `${baseUrl}/api/tenant-configuration/${tenant}`,
    };
    const singleRecord = [
        'usersMe',
        'depotRead',
        'backOfficeUserRead',
        'organisationRead',
        'tenantConfiguration',
    ];
    for (const [name, url] of Object.entries(urls)) {
        const response = await fetch(url, auth);
        await response.arrayBuffer();
        if (response.status !== 200)
            throw new Error(`${name} (${url}) answered ${response.status}`);
    }
    // Concurrency 1 is the latency of one request (the budget: single-record read p99 < 10 ms);
    // concurrency 8 shows how latency grows under a bounded load on this 2-core machine.
    const api: Record<string, Record<string, LatencySummary>> = {};
    for (const concurrency of [1, 8]) {
        console.log(`bench: loopback load (1000 requests each, concurrency ${concurrency})`);
        const latencies: Record<string, LatencySummary> = {};
        for (const [name, url] of Object.entries(urls))
            latencies[name] = await measure(url, auth, 1000, concurrency);
        api[`concurrency${concurrency}`] = latencies;
    }
    const slowest = singleRecord
        .map((name) => ({ name, p99Ms: api.concurrency1?.[name]?.p99Ms ?? Infinity }))
        .sort((a, b) => b.p99Ms - a.p99Ms)[0];
    singleRecordP99 = slowest ?? null;
    return { singleRecordReads: singleRecord, ...api };
}

/** The organisation admin's organisation (the first of its profile). */
async function tenantOf(baseUrl: string, login: DemoLogin): Promise<string> {
    const token = await signIn(baseUrl, login);
    const me = (await (
        await fetch(`${baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { tenants?: { id: string }[] };
    const tenantId = me.tenants?.[0]?.id;
    if (!tenantId) throw new Error(`${login.email} has no organisation`);
    return tenantId;
}

// PGlite (the default): first start on a new data directory, restart on it, then the loads and
// the browser on the restarted server.
const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
try {
    console.log('bench: cold start on a new data directory (migrations + demo seed)');
    const fresh = await startServer({ DATA_DIR: dataDir });
    const stdout = fresh.stdout;
    await fresh.stop();
    console.log('bench: cold start on the existing data directory');
    const server = await startServer({ DATA_DIR: dataDir, ...NO_SIGN_IN_LIMIT });
    coldStart = {
        firstStartMs: Math.round(fresh.readyAfterMs),
        restartMs: Math.round(server.readyAfterMs),
    };
    results.coldStartMs = {
        newDataDir: coldStart.firstStartMs,
        existingDataDir: coldStart.restartMs,
        ...(fresh.builds.length > 0 ? { firstStartIncludesBuilds: fresh.builds } : {}),
        ...(server.builds.length > 0 ? { restartIncludesBuilds: server.builds } : {}),
    };
    try {
        const users = logins(stdout);
        const tenantId = await tenantOf(server.url, users.organisationAdmin);
        results.api = await part('api', () => measureApi(server.url, users.admin, tenantId));
        console.log('bench: mixed reads on PGlite');
        mixedLoad.pglite = await part('mixed load on PGlite', () =>
            measureMixedLoad(server.url, users, { seconds: MIXED_SECONDS }),
        );
        results.signInPasswordStep = await part('sign-in', async () => {
            console.log(
                'bench: sign-in (password step, Argon2id 19 MiB, t=2): 200 requests, concurrency 4',
            );
            const signInRequest: RequestInit = {
                method: 'POST',
                headers: {
                    'content-type': 'application/x-amz-json-1.1',
                    'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
                },
                body: JSON.stringify({
                    AuthFlow: 'USER_PASSWORD_AUTH',
                    ClientId: 'backoffice-web',
                    AuthParameters: { USERNAME: users.admin.email, PASSWORD: users.admin.password },
                }),
            };
            return {
                hash: 'argon2id m=19456 t=2 p=1',
                ...(await measure(`${server.url}/cognito-idp/`, signInRequest, 200, 4, 10)),
            };
        });
        console.log(`bench: browser (headless Chromium, cold cache, ${BROWSER_RUNS} runs)`);
        const browserResult = await part('browser', () =>
            measureBrowser(server.url, users, 'dist', BROWSER_RUNS),
        );
        browser = measured(browserResult);
        results.browser = browserResult;
    } finally {
        await server.stop();
    }
} finally {
    rmSync(dataDir, { recursive: true, force: true });
}

// PostgreSQL: BENCH_DATABASE_URL, or a throwaway cluster, or skipped. A new database for the
// server (seeded on its first start), then the same mixed load; the user list reuses the server.
let postgresColdStart: BudgetInputs['postgresColdStart'] = null;
const postgres: PostgresAvailability = await part('PostgreSQL', openPostgres).then((value) =>
    'error' in value ? { skipped: `could not start PostgreSQL: ${value.error}` } : value,
);
try {
    if ('skipped' in postgres) {
        mixedLoad.postgres = { skipped: postgres.skipped };
        results.postgres = { skipped: postgres.skipped };
    } else {
        const pgPart = await part('mixed load on PostgreSQL', () =>
            withFreshDatabase(postgres.url, 'bench_mixed', async (databaseUrl) => {
                const pgDataDir = mkdtempSync(join(tmpdir(), 'bench-pg-data-'));
                try {
                    const env = { DATA_DIR: pgDataDir, DATABASE_URL: databaseUrl };
                    console.log('bench: PostgreSQL, first start on a new database (demo seed)');
                    const fresh = await startServer(env);
                    const stdout = fresh.stdout;
                    await fresh.stop();
                    console.log('bench: PostgreSQL, start on the existing database');
                    const server = await startServer({ ...env, ...NO_SIGN_IN_LIMIT });
                    try {
                        const starts = {
                            firstStartMs: Math.round(fresh.readyAfterMs),
                            restartMs: Math.round(server.readyAfterMs),
                        };
                        postgresColdStart = starts;
                        console.log('bench: mixed reads on PostgreSQL');
                        const mixed = await measureMixedLoad(server.url, logins(stdout), {
                            seconds: MIXED_SECONDS,
                        });
                        return { server: postgres.source, coldStartMs: starts, mixed };
                    } finally {
                        await server.stop();
                    }
                } finally {
                    rmSync(pgDataDir, { recursive: true, force: true });
                }
            }),
        );
        if ('error' in pgPart) mixedLoad.postgres = pgPart;
        else {
            mixedLoad.postgres = pgPart.mixed;
            results.postgres = {
                server: pgPart.server,
                coldStartMs: {
                    newDatabase: pgPart.coldStartMs.firstStartMs,
                    existingDatabase: pgPart.coldStartMs.restartMs,
                },
            };
        }
    }
    results.mixedLoad = mixedLoad;
    // The back-office user list with 50,000 users (PGlite, and PostgreSQL when available).
    results.usersList = await part('users list', () => measureUsersList(postgres));
    // A 20,000-depot upload on PGlite, and another organisation's reads meanwhile (issue 13).
    results.bulkUpload = await part('bulk upload on PGlite', () => measureBulkUpload());
    // Tours (issue 14): ingestion, tour reads with 15 weeks of history, two app servers.
    results.tours = await part('tours', async () => {
        const root = mkdtempSync(join(tmpdir(), 'bench-tours-'));
        try {
            return await measureTours(
                {
                    postgresUrl: 'skipped' in postgres ? undefined : postgres.url,
                    withFreshDatabase,
                    startServer,
                    demoLogin,
                    seconds: Number(process.env.BENCH_TOURS_SECONDS ?? 60),
                },
                (label) => mkdtempSync(join(root, `${label}-`)),
            );
        } finally {
            rmSync(root, { recursive: true, force: true });
        }
    });
    // Live status (issue 15): snapshot route, event to client, 200 WebSocket clients, the page.
    results.live = await part('live', async () => {
        const root = mkdtempSync(join(tmpdir(), 'bench-live-'));
        try {
            return await measureLive(
                {
                    postgresUrl: 'skipped' in postgres ? undefined : postgres.url,
                    distDir: 'dist',
                    browserRuns: BROWSER_RUNS,
                },
                (label) => mkdtempSync(join(root, `${label}-`)),
            );
        } finally {
            rmSync(root, { recursive: true, force: true });
        }
    });
    // Analysis screens (issue 16): a 300-tour depot with 15 weeks of history, and the Excel file.
    results.analytics = await part('analytics', async () => {
        const root = mkdtempSync(join(tmpdir(), 'bench-analytics-'));
        try {
            return await measureAnalytics(
                {
                    postgresUrl: 'skipped' in postgres ? undefined : postgres.url,
                    withFreshDatabase,
                    startServer,
                    demoLogin,
                },
                (label) => mkdtempSync(join(root, `${label}-`)),
            );
        } finally {
            rmSync(root, { recursive: true, force: true });
        }
    });
} finally {
    if (!('skipped' in postgres)) await postgres.stop();
}

// The fleet map with 5,000 vehicles moving at 1 Hz (issue 15), also `node --import tsx bench/map.ts`.
results.map = await part('map', async () => (await import('./map.js')).measureMap());

// react-admin's demo beside ours (its build, measured by bench/lib/react-admin-demo.ts).
const demoDir = process.env.BENCH_RA_DEMO_DIR;
let demo: ReactAdminDemoMeasurement | null = null;
if (demoDir) {
    console.log(`bench: react-admin demo (${demoDir})`);
    const demoResult = await part('react-admin demo', async () => {
        const { measureReactAdminDemo } = await import('./lib/react-admin-demo.js');
        return { distDir: demoDir, ...(await measureReactAdminDemo(demoDir, BROWSER_RUNS)) };
    });
    demo = measured(demoResult);
    results.reactAdminDemo = demoResult;
} else {
    results.reactAdminDemo = { skipped: 'set BENCH_RA_DEMO_DIR to a built react-admin demo' };
}

const mixedFigures = (value: (typeof mixedLoad)[string] | undefined) => {
    const mixed = value ? measured(value) : null;
    if (!mixed) return null;
    // wrk's figures when it ran (the Node client competes with the server for the 2 cores).
    const figures = 'skipped' in mixed.wrk ? mixed.total : mixed.wrk;
    return {
        requestsPerSecond: figures.requestsPerSecond,
        p99Ms: figures.p99Ms,
        errors: figures.errors,
        generator: 'skipped' in mixed.wrk ? 'Node client' : 'wrk',
    };
};
const budgets = evaluateBudgets({
    signIn: browser
        ? {
              usableAfterMs: browser.signIn.usableAfterMs,
              jsGzipBytes: browser.signIn.jsBeforeUsable.gzipBytes,
          }
        : null,
    listPages: browser
        ? [
              {
                  name: "Organisation admin's depot list",
                  page: browser.organisationDepotListFirstRow,
              },
              { name: 'Back-office user list (admin)', page: browser.backOfficeUserListFirstRow },
              { name: 'Depot list (admin)', page: browser.depotListFirstRow },
          ].map(({ name, page }) => ({
              name,
              afterMs: page.afterMs,
              jsGzipBytes: page.js?.gzipBytes ?? 0,
          }))
        : [],
    demo: demo
        ? {
              signInUsableMs: demo.signIn.usableAfterMs,
              customersFirstRowMinusFakeDelayMs: demo.customersFirstRow.afterMinusFakeDelayMs,
          }
        : null,
    mixed: { postgres: mixedFigures(mixedLoad.postgres), pglite: mixedFigures(mixedLoad.pglite) },
    singleRecordP99,
    coldStart,
    postgresColdStart,
});
results.budgets = budgets;
results.loadAverage = {
    ...(results.loadAverage as object),
    atEnd: loadavg().map((value) => Math.round(value * 100) / 100),
};
if (failures.length > 0) results.failures = failures;

mkdirSync('bench/results', { recursive: true });
const file = `bench/results/bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
const text = JSON.stringify(results, null, 2);
writeFileSync(file, text);
writeFileSync('bench/results/latest.json', text);
console.log(text);
console.log(`\n${budgetTable(budgets)}\n`);
console.log(`bench: written to ${file}`);
if (failures.length > 0) {
    console.error(`bench: FAILED parts: ${failures.join(', ')}`);
    process.exitCode = 1;
}
