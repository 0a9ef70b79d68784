// Issue 14's performance: driver-app ingestion throughput and acknowledgement latency (batches of
// 50 over loopback HTTP, 60 s), the tour list and one tour with its waypoints on a depot day of
// 300 tours × 120 stops, and two app servers on one PostgreSQL that both ingest and answer.
// Every load is bounded; servers are stopped by the caller.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { DriverAppEvent } from '../../domain/contracts/driver-app-ingestion.js';
import { importBatches } from '../../server/demo/simulation/import-batches.js';
import { planDepotDay } from '../../server/demo/simulation/plan.js';
import { measure, percentile, round, type LatencySummary } from './load.js';
import { signIn } from './mixed-load.js';
import type { DemoLogin } from './server-process.js';

/** Bytes of the files under a directory (the PGlite data directory after the history). */
function directoryBytes(dir: string): number {
    let total = 0;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        total += entry.isDirectory() ? directoryBytes(path) : statSync(path).size;
    }
    return total;
}

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

async function call<T>(baseUrl: string, path: string, token: string, body?: unknown): Promise<T> {
    const response = await fetch(`${baseUrl}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
            authorization: `Bearer ${token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
        throw new Error(`${path}: ${response.status} ${(await response.text()).slice(0, 500)}`);
    return (await response.json()) as T;
}

/** A depot day of `tours` tours × `stops` stops imported through the job import, with a token that may post events. */
export interface DepotDay {
    tenantId: string;
    depotId: string;
    externalDepotId: string;
    /** The depot's scope path (the live status follows it). */
    scopePath: string;
    date: string;
    tourIds: string[];
    /** A machine token with jobs:write and events:write. */
    machineToken: string;
    adminToken: string;
    importMs: number;
    jobs: number;
}

export async function prepareDepotDay(
    baseUrl: string,
    logins: { admin: DemoLogin; organisationAdmin: DemoLogin },
    size: { tours: number; stops: number },
): Promise<DepotDay> {
    const orgAdmin = await signIn(baseUrl, logins.organisationAdmin);
    const adminToken = await signIn(baseUrl, logins.admin);
    const me = await call<{ tenants: { id: string }[] }>(baseUrl, '/api/users/me', orgAdmin);
    const tenantId = me.tenants[0]?.id ?? '';
    const depots = await call<
        {
            id: string;
            externalDepotId: string;
            scopePath: string;
            latitude: number;
            longitude: number;
            timeZone: string;
            countryCode: string;
            locality: string;
            postcode: string;
        }[]
    >(baseUrl, `/tenant-admin/v1/depots?filter=${q({ tenantId })}&range=${q([0, 0])}`, orgAdmin);
    const depot = depots[0];
    if (!depot) throw new Error('the organisation has no depot');
    const subcontractors = await call<{ id: string }[]>(
        baseUrl,
        `/api/subcontractors?filter=${q({ depotId: depot.id })}&range=${q([0, 0])}`,
        orgAdmin,
    );
    const subcontractorId = subcontractors[0]?.id;
    if (!subcontractorId) throw new Error('the depot has no subcontractor');
    const numbers = new Set<string>();
    for (let start = 0; ; start += 500) {
        const page = await call<{ number: string }[]>(
            baseUrl,
            `/api/vehicles?filter=${q({ depotId: depot.id })}&range=${q([start, start + 499])}`,
            orgAdmin,
        );
        for (const vehicle of page) numbers.add(vehicle.number);
        if (page.length < 500) break;
    }
    for (let n = 1000; numbers.size < size.tours && n <= 9999; n++) {
        const number = String(n);
        if (numbers.has(number)) continue;
        await call(baseUrl, '/api/vehicles', orgAdmin, {
            subcontractorId,
            number,
            baseDriverId: null,
        });
        numbers.add(number);
    }
    const credential = await call<{ clientId: string; clientSecret: string }>(
        baseUrl,
        '/api-access/api/v1/credentials',
        orgAdmin,
        {
            tenantId,
            name: `Bench ${Date.now()}`,
            scopes: ['jobs:write', 'events:write'],
            expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        },
    );
    const tokenResponse = await fetch(`${baseUrl}/api-access/api/v1/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
            grant_type: 'client_credentials',
            client_id: credential.clientId,
            client_secret: credential.clientSecret,
        }).toString(),
    });
    const machineToken = ((await tokenResponse.json()) as { access_token: string }).access_token;
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: depot.timeZone }).format(new Date());
    const plan = planDepotDay({
        depot: {
            externalDepotId: depot.externalDepotId,
            latitude: depot.latitude,
            longitude: depot.longitude,
            timeZone: depot.timeZone,
            countryCode: depot.countryCode,
            locality: depot.locality,
            postcode: depot.postcode,
        },
        vehicles: [...numbers].sort().slice(0, size.tours),
        date,
        seed: 'bench',
        tourCount: size.tours,
        stopsPerTour: size.stops,
    });
    const started = performance.now();
    let jobs = 0;
    for (const batch of importBatches(plan)) {
        await call(baseUrl, '/data-gateway/api/v1/external/jobs', machineToken, batch);
        jobs += batch.jobs.length;
    }
    const importMs = Math.round(performance.now() - started);
    const rows = await call<{ id: string }[]>(
        baseUrl,
        `/tour-commander/v1/tours?filter=${q({ date, depotId: depot.id })}&range=${q([0, size.tours - 1])}`,
        adminToken,
    );
    return {
        tenantId,
        depotId: depot.id,
        externalDepotId: depot.externalDepotId,
        scopePath: depot.scopePath,
        date,
        tourIds: rows.map((row) => row.id),
        machineToken,
        adminToken,
        importMs,
        jobs,
    };
}

/** The tour list of the day (25 rows, sorted) and one tour with its waypoints: 1000 reads each. */
async function measureTourReads(baseUrl: string, day: DepotDay) {
    const auth = { headers: { authorization: `Bearer ${day.adminToken}` } };
    const list = `${baseUrl}/tour-commander/v1/tours?filter=${q({ date: day.date, depotId: day.depotId })}&sort=${q(['tourNumber', 'ASC'])}&range=${q([0, 24])}`;
    const one = `${baseUrl}/tour-commander/v1/tours/${day.tourIds[0]}`;
    const result: Record<string, Record<string, LatencySummary>> = {};
    for (const concurrency of [1, 8])
        result[`concurrency${concurrency}`] = {
            tourList: await measure(list, auth, 1000, concurrency),
            tourWithWaypoints: await measure(one, auth, 1000, concurrency),
        };
    return result;
}

interface IngestionFigures {
    seconds: number;
    concurrency: number;
    batchSize: number;
    batches: number;
    events: number;
    eventsPerSecond: number;
    acknowledgement: { p50Ms: number; p90Ms: number; p99Ms: number; maxMs: number };
    errors: number;
    rejectedEvents: number;
}

/**
 * Posts batches of 50 fresh events (positions, with a scan in every tenth place) of the day's
 * tours for `seconds`, from `concurrency` closed-loop clients spread over `baseUrls`.
 */
async function measureIngestion(
    baseUrls: string[],
    day: DepotDay,
    options: { seconds: number; concurrency: number; batchSize?: number },
): Promise<IngestionFigures & { perServer: Record<string, number> }> {
    const batchSize = options.batchSize ?? 50;
    let counter = 0;
    const batch = (): DriverAppEvent[] =>
        Array.from({ length: batchSize }, (_, i) => {
            counter += 1;
            const tourId = day.tourIds[counter % day.tourIds.length] as string;
            const occurredAt = new Date(Date.now() - 2_000).toISOString();
            return i % 10 === 9
                ? {
                      eventId: `bench-${counter}`,
                      type: 'SCAN',
                      occurredAt,
                      tourId,
                      parcelNumber: `P${counter}`,
                  }
                : {
                      eventId: `bench-${counter}`,
                      type: 'POSITION',
                      occurredAt,
                      tourId,
                      position: {
                          latitude: 53.55 + (counter % 1000) / 100_000,
                          longitude: 10 + (counter % 997) / 100_000,
                          speed: 8,
                          accuracy: 7,
                      },
                      battery: 80,
                  };
        });
    const latencies: number[] = [];
    const perServer: Record<string, number> = {};
    let errors = 0;
    let rejectedEvents = 0;
    const deadline = performance.now() + options.seconds * 1000;
    const started = performance.now();
    const worker = async (index: number) => {
        const baseUrl = baseUrls[index % baseUrls.length] as string;
        while (performance.now() < deadline) {
            const body = JSON.stringify({ events: batch() });
            const t0 = performance.now();
            const response = await fetch(
                `${baseUrl}/tour-commander/v1/external/driver-app/events`,
                {
                    method: 'POST',
                    headers: {
                        authorization: `Bearer ${day.machineToken}`,
                        'content-type': 'application/json',
                    },
                    body,
                },
            );
            const answer = (await response.json()) as { accepted?: number; rejected?: unknown[] };
            latencies.push(performance.now() - t0);
            if (!response.ok) errors += 1;
            rejectedEvents += answer.rejected?.length ?? 0;
            perServer[baseUrl] = (perServer[baseUrl] ?? 0) + (answer.accepted ?? 0);
        }
    };
    await Promise.all(Array.from({ length: options.concurrency }, (_, i) => worker(i)));
    const elapsed = (performance.now() - started) / 1000;
    const sorted = latencies.sort((a, b) => a - b);
    const events = Object.values(perServer).reduce((sum, n) => sum + n, 0);
    return {
        seconds: round(elapsed),
        concurrency: options.concurrency,
        batchSize,
        batches: latencies.length,
        events,
        eventsPerSecond: Math.round(events / elapsed),
        acknowledgement: {
            p50Ms: round(percentile(sorted, 50)),
            p90Ms: round(percentile(sorted, 90)),
            p99Ms: round(percentile(sorted, 99)),
            maxMs: round(sorted[sorted.length - 1] ?? 0),
        },
        errors,
        rejectedEvents,
        perServer,
    };
}

/**
 * Two app servers on one database: events posted to the first are read back through the second
 * (the vehicle's latest state and the tour's processed progress), and the other way round.
 */
async function crossServerCheck(first: string, second: string, day: DepotDay) {
    const tourId = day.tourIds[1] ?? '';
    // Each post newer than the last: the latest state keeps the newest position on the device.
    const post = (baseUrl: string, eventId: string, latitude: number) =>
        call<{ accepted: number }>(
            baseUrl,
            '/tour-commander/v1/external/driver-app/events',
            day.machineToken,
            {
                events: [
                    {
                        eventId,
                        type: 'POSITION',
                        occurredAt: new Date(Date.now() - 1_000).toISOString(),
                        tourId,
                        position: { latitude, longitude: 10.01, speed: 5 },
                    },
                ],
            },
        );
    const readBack = async (baseUrl: string, latitude: number) => {
        const started = performance.now();
        for (;;) {
            const detail = await call<{
                vehicleState: { latitude: number | null } | null;
                state: string;
            }>(baseUrl, `/tour-commander/v1/tours/${tourId}`, day.adminToken);
            if (detail.vehicleState?.latitude === latitude)
                return {
                    seenAfterMs: Math.round(performance.now() - started),
                    tourState: detail.state,
                };
            if (performance.now() - started > 10_000)
                return { seenAfterMs: null, tourState: detail.state };
            await new Promise((resolve) => setTimeout(resolve, 50));
        }
    };
    await post(first, `cross-a-${Date.now()}`, 53.6101);
    const secondSeesFirst = await readBack(second, 53.6101);
    await post(second, `cross-b-${Date.now()}`, 53.6202);
    const firstSeesSecond = await readBack(first, 53.6202);
    return { secondSeesFirst, firstSeesSecond };
}

export interface ToursBenchOptions {
    /** A PostgreSQL server's URL (a fresh database is made on it), or none: PGlite only. */
    postgresUrl?: string;
    withFreshDatabase?: <T>(
        url: string,
        prefix: string,
        run: (databaseUrl: string) => Promise<T>,
    ) => Promise<T>;
    startServer: (
        env: Record<string, string>,
        timeoutMs?: number,
    ) => Promise<{ url: string; readonly stdout: string; stop(): Promise<void> }>;
    demoLogin: (stdout: string, role: string) => DemoLogin;
    seconds: number;
    /** Extra environment of every server. */
    env?: Record<string, string>;
    /** Write the demo's 15 weeks of history first (the live simulator's backfill); default true. */
    history?: boolean;
    /** Which databases to measure; default both. */
    databases?: ('postgres' | 'pglite')[];
}

const NO_LIMITS = { IDENTITY_SIGN_IN_LIMIT_PER_MINUTE: '100000' };
const HISTORY_TIMEOUT_MS = 20 * 60_000;

/**
 * The demo's first start with the live-day simulator, until its 15 weeks of history are written
 * (the backfill's log line), then stopped: the measurements that follow run with that history
 * present. Meanwhile one client reads (the organisation's depots, today's tours, the signed-in
 * user) every 100 ms, as a person using the product during the backfill would: part 5 asks for
 * reads p99 < 500 ms on PGlite meanwhile.
 */
async function writeHistory(options: ToursBenchOptions, env: Record<string, string>) {
    const server = await options.startServer({
        ...env,
        ...NO_LIMITS,
        ...options.env,
        SIMULATION: 'true',
        LOG_LEVEL: 'info',
    });
    try {
        const orgAdmin = await signIn(
            server.url,
            options.demoLogin(server.stdout, 'Organization Admin'),
        );
        const admin = await signIn(server.url, options.demoLogin(server.stdout, 'Admin'));
        const me = await call<{ tenants: { id: string }[] }>(server.url, '/api/users/me', orgAdmin);
        const tenantId = me.tenants[0]?.id ?? '';
        const date = new Date().toISOString().slice(0, 10);
        // The tour pages are the admin's (shell §2.5); the rest the organisation admin's.
        const reads: [string, string][] = [
            [`/tenant-admin/v1/depots?filter=${q({ tenantId })}&range=${q([0, 24])}`, orgAdmin],
            [
                `/tour-commander/v1/tours?filter=${q({ date })}&sort=${q(['tourNumber', 'ASC'])}&range=${q([0, 24])}`,
                admin,
            ],
            ['/api/users/me', orgAdmin],
        ];
        const latencies: number[] = [];
        let errors = 0;
        const started = performance.now();
        for (let i = 0; !/"msg":"demo history written"/.test(server.stdout); i++) {
            if (performance.now() - started > HISTORY_TIMEOUT_MS)
                throw new Error(`the demo history was not written in ${HISTORY_TIMEOUT_MS} ms`);
            if (/demo history backfill failed/.test(server.stdout))
                throw new Error('the demo history backfill failed (see the server output)');
            const [path, token] = reads[i % reads.length] as [string, string];
            const t0 = performance.now();
            const response = await fetch(`${server.url}${path}`, {
                headers: { authorization: `Bearer ${token}` },
            });
            await response.arrayBuffer();
            latencies.push(performance.now() - t0);
            if (!response.ok) errors += 1;
            await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const line = server.stdout
            .split('\n')
            .find((candidate) => candidate.includes('"msg":"demo history written"'));
        const written = JSON.parse(line ?? '{}') as {
            days?: number;
            rows?: Record<string, number>;
            ms?: number;
        };
        const sorted = latencies.sort((a, b) => a - b);
        return {
            depotDays: written.days,
            rows: written.rows,
            backfillMs: written.ms,
            untilWrittenMs: Math.round(performance.now() - started),
            readsMeanwhile: {
                requests: sorted.length,
                errors,
                p50Ms: round(percentile(sorted, 50)),
                p99Ms: round(percentile(sorted, 99)),
                maxMs: round(sorted[sorted.length - 1] ?? 0),
            },
        };
    } finally {
        await server.stop();
    }
}
const SIZE = { tours: 300, stops: 120 };

/** Issue 14's figures on one database kind: a depot day, ingestion, reads; on PostgreSQL two servers too. */
async function onDatabase(
    options: ToursBenchOptions,
    env: Record<string, string>,
    twoServers: boolean,
) {
    let history: unknown = { skipped: 'history: false' };
    if (options.history !== false) {
        console.log(
            'bench: tours, the demo history (live simulator until its backfill is written)',
        );
        history = {
            ...(await writeHistory(options, env)),
            ...(env.DATABASE_URL ? {} : { dataDirectoryBytes: directoryBytes(env.DATA_DIR ?? '') }),
        };
        console.log(`bench: tours, history ${JSON.stringify(history)}`);
    }
    const first = await options.startServer({ ...env, ...NO_LIMITS, ...options.env });
    const servers = [first];
    try {
        const logins = {
            admin: options.demoLogin(first.stdout, 'Admin'),
            organisationAdmin: options.demoLogin(first.stdout, 'Organization Admin'),
        };
        console.log(`bench: tours, importing a depot day of ${SIZE.tours} × ${SIZE.stops}`);
        const day = await prepareDepotDay(first.url, logins, SIZE);
        console.log('bench: tours, reads of the tour list and one tour');
        const reads = await measureTourReads(first.url, day);
        console.log(`bench: tours, reads ${JSON.stringify(reads)}`);
        console.log(`bench: tours, ingestion for ${options.seconds} s (batches of 50, 8 clients)`);
        const ingestion = await measureIngestion([first.url], day, {
            seconds: options.seconds,
            concurrency: 8,
        });
        console.log(`bench: tours, ingestion ${JSON.stringify(ingestion)}`);
        const readsAfterIngestion = await measureTourReads(first.url, day);
        console.log(`bench: tours, reads after ingestion ${JSON.stringify(readsAfterIngestion)}`);
        let two: unknown = { skipped: 'PGlite is one process' };
        if (twoServers) {
            console.log('bench: tours, a second app server on the same database');
            // Behind one address, as app servers behind a load balancer are: tokens name their issuer.
            const second = await options.startServer({
                ...env,
                ...NO_LIMITS,
                ...options.env,
                PUBLIC_URL: first.url,
            });
            servers.push(second);
            const cross = await crossServerCheck(first.url, second.url, day);
            const both = await measureIngestion([first.url, second.url], day, {
                seconds: Math.min(30, options.seconds),
                concurrency: 8,
            });
            two = { cross, ingestionOnBoth: both };
        }
        return {
            history,
            depotDay: { tours: day.tourIds.length, jobs: day.jobs, importMs: day.importMs },
            reads,
            ingestion,
            readsAfterIngestion,
            twoServers: two,
        };
    } finally {
        for (const server of servers.reverse()) await server.stop();
    }
}

export async function measureTours(options: ToursBenchOptions, dataDir: (label: string) => string) {
    const result: Record<string, unknown> = {};
    const databases = options.databases ?? ['postgres', 'pglite'];
    if (!databases.includes('postgres')) result.postgres = { skipped: 'not asked for' };
    else if (options.postgresUrl && options.withFreshDatabase) {
        const url = options.postgresUrl;
        result.postgres = await options.withFreshDatabase(url, 'bench_tours', (databaseUrl) =>
            onDatabase(options, { DATA_DIR: dataDir('pg'), DATABASE_URL: databaseUrl }, true),
        );
    } else result.postgres = { skipped: 'no PostgreSQL server' };
    result.pglite = databases.includes('pglite')
        ? await onDatabase(options, { DATA_DIR: dataDir('pglite') }, false)
        : { skipped: 'not asked for' };
    return result;
}
