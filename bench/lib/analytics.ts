// Issue 16's figures: the analysis screens' reads on a 300-tour depot with 15 weeks of history.
// The day of today is imported through the job import (bench/lib/tours.ts); the history is then
// written in bulk, straight into the stopped server's database (tours, their day figures and
// consignee reviews, as the demo backfill leaves them), and the server is started again.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client.js';
import { measure, type LatencySummary } from './load.js';
import { signIn } from './mixed-load.js';
import type { DemoLogin } from './server-process.js';
import { prepareDepotDay, type DepotDay } from './tours.js';

export interface AnalyticsBenchOptions {
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
    databases?: ('postgres' | 'pglite')[];
}

const SIZE = { tours: 300, stops: 120 };
const WEEKS = 15;
const NO_LIMITS = { IDENTITY_SIGN_IN_LIMIT_PER_MINUTE: '100000' };

/**
 * Tours of the 300 vehicles on every working day (Monday to Saturday) of the 15 weeks before
 * `day.date`, each with its day figures (ETA deviations spread over the three RTT categories) and
 * four consignee reviews. One statement per table.
 */
async function writeHistory(env: Record<string, string>, day: DepotDay): Promise<number> {
    const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR ?? '' });
    const started = performance.now();
    try {
        const { db } = handle;
        const ids = sql.param(day.tourIds);
        await db.execute(sql`
            insert into tours (id, tenant_id, depot_id, scope_path, tour_date, tour_number, vehicle_id,
                subcontractor_id, driver_id, state, planned_start, started_at, finished_at,
                waypoints_total, waypoints_done, jobs_total, jobs_successful, jobs_failed,
                distance_metres, sequence_fidelity)
            select 'bench-' || t.id || '-' || d.n, t.tenant_id, t.depot_id, t.scope_path,
                t.tour_date - d.n, t.tour_number, t.vehicle_id, t.subcontractor_id, t.driver_id,
                'FINISHED', t.planned_start - make_interval(days => d.n),
                t.planned_start - make_interval(days => d.n) + interval '10 minutes',
                t.planned_start - make_interval(days => d.n) + interval '8 hours',
                120, 118, 150, 143 - (d.n % 5), 7 + (d.n % 5), 62000 + (d.n * 37) % 9000,
                70 + (hashtext(t.id || d.n) & 25)
            from tours t, generate_series(1, ${WEEKS * 7}) as d(n)
            where t.id = any(${ids}::text[]) and extract(isodow from t.tour_date - d.n) <> 7`);
        await db.execute(sql`
            insert into tour_analytics (tour_id, tenant_id, depot_id, tour_date, processed_seq,
                computed_at, app_usage, app_foreground_minutes, eta_deviation_minutes, eta_stops,
                night_etas, service_minutes, driving_minutes, sequence_adherence, missed_windows,
                recommendation_codes, figures)
            select h.id, h.tenant_id, h.depot_id, h.tour_date, 0, h.finished_at,
                case when v.dev % 17 = 0 then 'LOW' else 'NORMAL' end, 180 + v.dev,
                15 + (v.dev % 100), 110, v.dev % 4, 190, 260, round((v.dev % 15) / 100.0, 3),
                v.dev % 6,
                case when v.dev % 3 = 0 then array['LOW_SEQUENCE_FIDELITY', 'WRONG_START_TIME']
                    else array[]::text[] end,
                jsonb_build_object('appForegroundMinutes', 180 + v.dev, 'appUsage', 'NORMAL',
                    'logins', 1, 'loginDevices', 1, 'loginDrivers', 1, 'sequenceRequests', 1,
                    'startedBeforeSequence', false, 'firstWaypointChanges', 0,
                    'startDelayMinutes', 10, 'serviceMinutes', 190, 'drivingMinutes', 260,
                    'breakMinutes', 25, 'jobsSuccessful', h.jobs_successful,
                    'jobsFailed', h.jobs_failed,
                    'failedJobsByReason', jsonb_build_object('ABSENT', h.jobs_failed - 2,
                        'REFUSED', 1, 'ADDRESS_PROBLEM', 1, 'TRAFFIC', 0),
                    'etaDeviation', jsonb_build_object('averageMinutes', 15 + (v.dev % 100),
                        'stops', 110),
                    'nightEtas', v.dev % 4, 'sequenceFidelity', h.sequence_fidelity,
                    'sequenceAdherence', round((v.dev % 15) / 100.0, 3),
                    'timeFrames', jsonb_build_object(
                        'driver', jsonb_build_object('total', 4, 'missed', v.dev % 2),
                        'system', jsonb_build_object('total', 30, 'missed', v.dev % 5)),
                    'recommendations', case when v.dev % 3 = 0 then
                        '[{"code":"LOW_SEQUENCE_FIDELITY","value":65,"threshold":70},{"code":"WRONG_START_TIME","value":45,"threshold":30}]'::jsonb
                        else '[]'::jsonb end,
                    'missedWindows', jsonb_build_object('total', v.dev % 6, 'byCause',
                        jsonb_build_object('ADDRESS_ERROR', 0, 'LATE_DEPARTURE', v.dev % 2,
                            'SERVICE_TIME_OVERRUN', 1, 'SEQUENCE_DEVIATION', 0,
                            'TRAFFIC', greatest(0, v.dev % 6 - 1 - v.dev % 2))))
            from tours h, lateral (select abs(hashtext(h.id)) % 1000 as dev) v
            where h.id like 'bench-%' and h.depot_id = ${day.depotId}`);
        await db.execute(sql`
            insert into consignee_reviews (id, tenant_id, depot_id, scope_path, tour_id, stars,
                created_at)
            select h.id || '-r' || r.n, h.tenant_id, h.depot_id, h.scope_path, h.id,
                1 + abs(hashtext(h.id || r.n)) % 5, h.finished_at
            from tours h, generate_series(1, 4) as r(n)
            where h.id like 'bench-%' and h.depot_id = ${day.depotId}`);
        return Math.round(performance.now() - started);
    } finally {
        await handle.close();
    }
}

const yesterdayOf = (date: string) =>
    new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** One request at a time (the budgets' reading), then 4 at a time (reported). */
async function reads(url: string, token: string, requests: number) {
    const init = { headers: { authorization: `Bearer ${token}` } };
    const probe = await fetch(url, init);
    const bytes = (await probe.arrayBuffer()).byteLength;
    if (!probe.ok) throw new Error(`${url}: ${probe.status}`);
    const one: LatencySummary = await measure(url, init, requests, 1, 10);
    const four: LatencySummary = await measure(url, init, requests, 4, 0);
    return { bytes, concurrency1: one, concurrency4: four };
}

async function onDatabase(options: AnalyticsBenchOptions, env: Record<string, string>) {
    let server = await options.startServer({ ...env, ...NO_LIMITS });
    let day: DepotDay;
    try {
        const logins = {
            admin: options.demoLogin(server.stdout, 'Admin'),
            organisationAdmin: options.demoLogin(server.stdout, 'Organization Admin'),
        };
        console.log(`bench: analytics, importing a depot day of ${SIZE.tours} × ${SIZE.stops}`);
        day = await prepareDepotDay(server.url, logins, SIZE);
    } finally {
        await server.stop();
    }
    console.log(`bench: analytics, writing ${WEEKS} weeks of history`);
    const historyMs = await writeHistory(env, day);
    server = await options.startServer({ ...env, ...NO_LIMITS });
    try {
        const token = await signIn(
            server.url,
            options.demoLogin(server.stdout, 'Organization Admin'),
        );
        const base = `${server.url}/tour-commander/v1`;
        const path = encodeURIComponent(day.scopePath);
        const yesterday = yesterdayOf(day.date);
        const from30 = new Date(Date.parse(`${yesterday}T00:00:00Z`) - 29 * 86_400_000)
            .toISOString()
            .slice(0, 10);
        const range = `path=${path}&from=${from30}&to=${yesterday}`;
        console.log('bench: analytics, daily activities');
        const activities = await reads(
            `${base}/tour-activities?path=${path}&date=${yesterday}`,
            token,
            200,
        );
        console.log('bench: analytics, tour performance over 30 days');
        const performance30 = await reads(`${base}/tour-performance?${range}`, token, 100);
        console.log('bench: analytics, the 15-week dashboard');
        const dashboard = await reads(
            `${base}/rtt-dashboard?path=${path}&date=${yesterday}`,
            token,
            50,
        );
        console.log('bench: analytics, the Excel download of 30 days');
        const excel = await reads(
            `${base}/tour-performance/export?${range}&format=xlsx`,
            token,
            10,
        );
        return {
            depotDay: { tours: day.tourIds.length, jobs: day.jobs, importMs: day.importMs },
            historyMs,
            dailyActivities: activities,
            tourPerformance30Days: performance30,
            dashboard15Weeks: dashboard,
            excel30Days: excel,
            targets: {
                dailyActivitiesP99Under150Ms: activities.concurrency1.p99Ms < 150,
                tourPerformanceP99Under300Ms: performance30.concurrency1.p99Ms < 300,
                dashboardUnder500Ms: dashboard.concurrency1.p99Ms < 500,
                excelUnder3s: excel.concurrency1.maxMs < 3000,
            },
        };
    } finally {
        await server.stop();
    }
}

export async function measureAnalytics(
    options: AnalyticsBenchOptions,
    dataDir: (label: string) => string,
) {
    const result: Record<string, unknown> = {};
    const databases = options.databases ?? ['postgres', 'pglite'];
    if (!databases.includes('postgres')) result.postgres = { skipped: 'not asked for' };
    else if (options.postgresUrl && options.withFreshDatabase)
        result.postgres = await options.withFreshDatabase(
            options.postgresUrl,
            'bench_analytics',
            (databaseUrl) =>
                onDatabase(options, { DATA_DIR: dataDir('pg'), DATABASE_URL: databaseUrl }),
        );
    else result.postgres = { skipped: 'no PostgreSQL server' };
    result.pglite = databases.includes('pglite')
        ? await onDatabase(options, { DATA_DIR: dataDir('pglite') })
        : { skipped: 'not asked for' };
    return result;
}
