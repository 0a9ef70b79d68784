// The back-office user list with 50,000 users (issue 5): a filtered, sorted page of
// `GET /api/v2/users` over loopback HTTP, on PGlite and on PostgreSQL (BENCH_DATABASE_URL, or a
// throwaway cluster when the PostgreSQL binaries are installed; bench/lib/postgres.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/db/client.js';
import { depots, permissionAssignments, roles, users } from '../../server/db/schema/index.js';
import { signIn } from './mixed-load.js';
import { openPostgres, withFreshDatabase, type PostgresAvailability } from './postgres.js';
import { demoLogin, startServer, type RunningServer } from './server-process.js';

const USER_COUNT = 50_000;
const REQUESTS = 400;
const WARMUP = 40;
/** Budgets of issue 5: p99 of the filtered, sorted page. */
const budgets = { postgres: 50, pglite: 150 } as const;

const FIRST = [
    'Anna',
    'Ben',
    'Clara',
    'David',
    'Emma',
    'Felix',
    'Greta',
    'Hugo',
    'Ida',
    'Jonas',
    'Klara',
    'Lena',
    'Marco',
    'Nora',
    'Oskar',
    'Paula',
    'Quentin',
    'Rosa',
    'Sofia',
    'Tom',
];
const LAST = [
    'Meier',
    'Schmidt',
    'Rossi',
    'Dubois',
    'Novak',
    'Kowalski',
    'Jansen',
    'García',
    'Silva',
    'Nagy',
    'Horvat',
    'Popescu',
    'Larsen',
    'Virtanen',
    'Berg',
    'Keller',
    'Weber',
    'Fischer',
    'Bianchi',
    'Martin',
];
const TYPES = [
    'BackofficeManager',
    'DistributionCenterManager',
    'Fieldops',
    'SubContractorManager',
] as const;

interface PercentileSummary {
    requests: number;
    errors: number;
    p50Ms: number;
    p95Ms: number;
    p99Ms: number;
    maxMs: number;
    totalElements: number;
    budgetP99Ms: number;
    withinBudget: boolean;
}

const round = (value: number) => Math.round(value * 100) / 100;
const percentile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** One request at a time (the latency of one page), after an unmeasured warm-up. */
async function measurePage(url: string, token: string, budget: number): Promise<PercentileSummary> {
    const init = { headers: { authorization: `Bearer ${token}` } };
    let totalElements = -1;
    for (let i = 0; i < WARMUP; i++) {
        const response = await fetch(url, init);
        const body = (await response.json()) as { totalElements?: number };
        totalElements = body.totalElements ?? -1;
    }
    const latencies: number[] = [];
    let errors = 0;
    for (let i = 0; i < REQUESTS; i++) {
        const t0 = performance.now();
        const response = await fetch(url, init);
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (!response.ok) errors += 1;
    }
    const sorted = latencies.sort((a, b) => a - b);
    const p99 = round(percentile(sorted, 99));
    return {
        requests: REQUESTS,
        errors,
        p50Ms: round(percentile(sorted, 50)),
        p95Ms: round(percentile(sorted, 95)),
        p99Ms: p99,
        maxMs: round(sorted.at(-1) ?? 0),
        totalElements,
        budgetP99Ms: budget,
        withinBudget: errors === 0 && p99 < budget,
    };
}

/** Inserts `count` back-office users with assignments spread over the depots of the organisation with most depots. */
async function insertUsers(
    db: Database,
    count: number,
): Promise<{ tenantId: string; depotPath: string }> {
    const [top] = await db
        .select({ tenantId: depots.tenantId, n: sql<number>`count(*)`.mapWith(Number) })
        .from(depots)
        .groupBy(depots.tenantId)
        .orderBy(desc(sql`count(*)`), depots.tenantId)
        .limit(1);
    if (!top) throw new Error('no demo depots');
    const depotPaths = (
        await db
            .select({ path: depots.scopePath })
            .from(depots)
            .where(eq(depots.tenantId, top.tenantId))
            .orderBy(depots.scopePath)
    ).map((row) => row.path);
    const depotRoles = (await db.select({ id: roles.id, contexts: roles.contexts }).from(roles))
        .filter((role) => role.contexts.length === 1 && role.contexts[0] === 'DEPOT')
        .map((role) => role.id);
    const batch = 1000;
    for (let start = 0; start < count; start += batch) {
        const userRows = [];
        const assignmentRows = [];
        for (let i = start; i < Math.min(count, start + batch); i++) {
            const id = `bench-${i.toString(36)}-${randomBytes(4).toString('hex')}`;
            const firstName = FIRST[i % FIRST.length] ?? 'Anna';
            const lastName = `${LAST[Math.floor(i / FIRST.length) % LAST.length] ?? 'Meier'}${i % 7 === 0 ? '-Lang' : ''}`;
            userRows.push({
                id,
                tenantId: top.tenantId,
                type: TYPES[i % TYPES.length] ?? 'Fieldops',
                email: `bench.user${i}@bench.example`,
                firstName,
                lastName,
                mobilePhone: `+4915${String(100000000 + i)}`,
                createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
                lastLoginAt: i % 3 === 0 ? null : new Date(Date.UTC(2026, 10, 1) + i * 1000),
            });
            const depot = depotPaths[i % depotPaths.length] ?? '';
            assignmentRows.push({
                id: `${id}-a`,
                userId: id,
                roleId: depotRoles[i % depotRoles.length] ?? 'role-depot-standard',
                scopePath: depot,
                tenantId: top.tenantId,
            });
            if (i % 5 === 0) {
                const other = depotPaths[(i + 1) % depotPaths.length] ?? depot;
                assignmentRows.push({
                    id: `${id}-b`,
                    userId: id,
                    roleId: depotRoles[(i + 1) % depotRoles.length] ?? 'role-depot-standard',
                    scopePath: other,
                    tenantId: top.tenantId,
                });
            }
        }
        await db.insert(users).values(userRows);
        await db.insert(permissionAssignments).values(assignmentRows).onConflictDoNothing();
    }
    await db.execute(sql`analyze`);
    return { tenantId: top.tenantId, depotPath: depotPaths[0] ?? '' };
}

async function measureViews(
    server: RunningServer,
    token: string,
    target: { tenantId: string; depotPath: string },
    budget: number,
) {
    const base = `${server.url}/api/v2/users`;
    const views = {
        tenantTypeSortedByLastName: `${base}?context=tenant&path=${target.tenantId}&type=Fieldops&sort=lastName,asc&page=3&size=25`,
        depotSearchSortedByLastName: `${base}?context=depot&path=${target.depotPath}&search=mei&sort=lastName,asc&size=25`,
        tenantSearchSortedByCreated: `${base}?context=tenant&path=${target.tenantId}&search=klara&sort=created,desc&size=25`,
    };
    const results: Record<string, PercentileSummary> = {};
    for (const [name, url] of Object.entries(views))
        results[name] = await measurePage(url, token, budget);
    return { views, results };
}

/** PGlite: seed through the server, add the users with the server stopped (PGlite is single-process), then measure. */
async function onPglite() {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-users-'));
    try {
        const fresh = await startServer({ DATA_DIR: dataDir });
        const login = demoLogin(fresh.stdout, 'Admin');
        await fresh.stop();
        const handle = await openDatabase({ dataDir });
        const started = performance.now();
        const target = await insertUsers(handle.db, USER_COUNT);
        const insertMs = Math.round(performance.now() - started);
        await handle.close();
        const server = await startServer({
            DATA_DIR: dataDir,
            IDENTITY_SIGN_IN_LIMIT_PER_MINUTE: '100000',
        });
        try {
            const token = await signIn(server.url, login);
            return {
                users: USER_COUNT,
                insertMs,
                ...(await measureViews(server, token, target, budgets.pglite)),
            };
        } finally {
            await server.stop();
        }
    } finally {
        rmSync(dataDir, { recursive: true, force: true });
    }
}

/** PostgreSQL: a fresh database on the server, seeded by the app server, users added alongside, dropped afterwards. */
async function onPostgres(serverUrl: string) {
    return withFreshDatabase(serverUrl, 'bench_users', async (databaseUrl) => {
        const dataDir = mkdtempSync(join(tmpdir(), 'bench-users-pg-'));
        try {
            const server = await startServer({
                DATA_DIR: dataDir,
                DATABASE_URL: databaseUrl,
                IDENTITY_SIGN_IN_LIMIT_PER_MINUTE: '100000',
            });
            try {
                const login = demoLogin(server.stdout, 'Admin');
                const handle = await openDatabase({ url: databaseUrl, dataDir });
                const started = performance.now();
                const target = await insertUsers(handle.db, USER_COUNT);
                const insertMs = Math.round(performance.now() - started);
                await handle.close();
                const token = await signIn(server.url, login);
                return {
                    users: USER_COUNT,
                    insertMs,
                    ...(await measureViews(server, token, target, budgets.postgres)),
                };
            } finally {
                await server.stop();
            }
        } finally {
            rmSync(dataDir, { recursive: true, force: true });
        }
    });
}

/**
 * Both measurements. PostgreSQL on `postgres` when given (the caller stops it); otherwise on
 * BENCH_DATABASE_URL or a throwaway cluster opened and stopped here; skipped when neither exists.
 */
export async function measureUsersList(
    postgres?: PostgresAvailability,
): Promise<Record<string, unknown>> {
    console.log(`bench: back-office user list with ${USER_COUNT} users on PGlite`);
    const pglite = await onPglite();
    const available = postgres ?? (await openPostgres());
    let onPg: unknown;
    try {
        if ('skipped' in available) onPg = { skipped: available.skipped };
        else {
            console.log(`bench: back-office user list with ${USER_COUNT} users on PostgreSQL`);
            onPg = { server: available.source, ...(await onPostgres(available.url)) };
        }
    } finally {
        if (!postgres && !('skipped' in available)) await available.stop();
    }
    return { requestsPerView: REQUESTS, concurrency: 1, pglite, postgres: onPg };
}
