// Issue 15's live status figures: the snapshot route of a 300-tour depot (idle and while every
// vehicle reports a position each second), an ingested position reaching a WebSocket client
// (across two app servers on PostgreSQL), 200 clients following the depot on one server (its
// CPU and memory against a baseline without clients), and the live status page's cold load in
// headless Chromium. Every step is bounded; the servers are stopped here.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { chromium, type Page } from 'playwright-core';
import WebSocket from 'ws';
import type {
    LiveDeltaFrame,
    LiveFullFrame,
    LiveSnapshot,
} from '../../domain/contracts/live-status.js';
import type { DriverAppEvent } from '../../domain/contracts/driver-app-ingestion.js';
import { BENCH_CHROMIUM_FLAGS, findChromium } from '../../tests/e2e/fixtures/chromium.js';
import {
    coldLoad,
    freshContext,
    median,
    milestone,
    signInThroughForm,
    type ColdLoad,
} from './browser.js';
import { measure, percentile, round, type LatencySummary } from './load.js';
import { signIn } from './mixed-load.js';
import { withFreshDatabase } from './postgres.js';
import { demoLogin, startServer, type DemoLogin, type RunningServer } from './server-process.js';
import { prepareDepotDay, type DepotDay } from './tours.js';

export interface LiveBenchOptions {
    /** A PostgreSQL server's URL (a fresh database is made on it), or none: PGlite only. */
    postgresUrl?: string;
    /** Which databases to measure; default both. */
    databases?: ('postgres' | 'pglite')[];
    /** The built browser app the servers serve (for the JS sizes of the cold load). */
    distDir: string;
    /** WebSocket clients of the fan-out (200). */
    clients?: number;
    /** Seconds of the fan-out window and of its baseline without clients (60). */
    seconds?: number;
    /** Event-to-client samples per case (20). */
    samples?: number;
    /** Cold loads of the page (5). */
    browserRuns?: number;
    /** Extra environment of every server. */
    env?: Record<string, string>;
}

const SIZE = { tours: 300, stops: 120 };
/** The depot's tick: the configuration schema's minimum refresh interval. */
const TICK_SECONDS = 10;
const NO_LIMITS = { IDENTITY_SIGN_IN_LIMIT_PER_MINUTE: '100000' };
const START_TIMEOUT_MS = 600_000;
const TARGETS = { snapshotP99Ms: 100, coldLoadMs: 1500, eventAfterTickMs: 1000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call<T>(
    baseUrl: string,
    path: string,
    token: string,
    body?: unknown,
    method = body === undefined ? 'GET' : 'POST',
): Promise<T> {
    const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
            authorization: `Bearer ${token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
        throw new Error(
            `${method} ${path}: ${response.status} ${(await response.text()).slice(0, 500)}`,
        );
    return (await response.json()) as T;
}

function summarise(values: readonly number[]) {
    const sorted = [...values].sort((a, b) => a - b);
    return {
        count: sorted.length,
        p50: round(percentile(sorted, 50)),
        p95: round(percentile(sorted, 95)),
        max: round(sorted.at(-1) ?? 0),
        mean: round(sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length)),
    };
}

// --- Processes: CPU and memory from /proc ------------------------------------------------------

const CLOCK_TICKS = (() => {
    const answer = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
    const ticks = Number(answer.stdout?.trim());
    return Number.isFinite(ticks) && ticks > 0 ? ticks : 100;
})();

/** The children of every thread of a process (a child spawned by another thread is listed there). */
function childrenOf(pid: number): number[] {
    try {
        return readdirSync(`/proc/${pid}/task`).flatMap((task) => {
            try {
                return readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
                    .trim()
                    .split(/\s+/)
                    .filter(Boolean)
                    .map(Number);
            } catch {
                return [];
            }
        });
    } catch {
        return [];
    }
}

/** A process and all its descendants. */
function processTree(pid: number): number[] {
    const all = [pid];
    for (let i = 0; i < all.length; i++) all.push(...childrenOf(all[i] as number));
    return all;
}

/** utime + stime of a process in clock ticks (0 when it is gone). */
function cpuTicksOf(pid: number): number {
    try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        // Fields after the command name (which may hold spaces): state is the first, utime the 12th.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
    } catch {
        return 0;
    }
}

function rssKbOf(pid: number): number {
    try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        return Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    } catch {
        return 0;
    }
}

/** Busy and total jiffies of the whole machine (all cores). */
function machineTicks(): { busy: number; total: number } {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const values = line.trim().split(/\s+/).slice(1).map(Number);
    const total = values.reduce((sum, value) => sum + value, 0);
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    return { busy: total - idle, total };
}

/** The postmaster listening on `port` (its command line names the port), if it is on this machine. */
function postmasterOf(port: string): number | undefined {
    for (const entry of readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        try {
            const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
            if (
                /postgres$/.test(args[0] ?? '') &&
                args.some((arg, i) => (arg === '-p' && args[i + 1] === port) || arg === `-p${port}`)
            )
                return Number(entry);
            // pg_ctl passes the options as one argument: "-h 127.0.0.1 -p 5432 -k dir".
            if (/postgres$/.test(args[0] ?? '') && args.some((arg) => arg.includes(`-p ${port} `)))
                return Number(entry);
        } catch {
            // gone, or not ours to read
        }
    }
    return undefined;
}

interface ProcessFigures {
    /** Mean CPU of the window in % of one core (200 % is both cores of this machine). */
    cpuPercentMean: number;
    cpuPercentP95: number;
    cpuPercentMax: number;
    rssMbStart: number;
    rssMbMean: number;
    rssMbMax: number;
    rssMbEnd: number;
}

/**
 * Samples, every second, the CPU (utime + stime) and RSS (VmRSS) of named process trees, the
 * machine's CPU and this bench process's own CPU. CPU is counted per process (a process that
 * appears counts from its start, one that ends keeps what it used until the last sample), so
 * PostgreSQL's backends coming and going do not distort the tree's figure. `stop` answers each
 * tree's figures, the mean over the whole window (exact also for a window under a second).
 */
function sampleProcesses(roots: Record<string, number>) {
    const trees = Object.entries(roots);
    const rss = (root: number) =>
        processTree(root).reduce((sum, pid) => sum + rssKbOf(pid), 0) / 1024;
    const seen: Record<string, Map<number, number>> = {};
    const total: Record<string, number> = {};
    const cpu: Record<string, number[]> = {};
    const memory: Record<string, number[]> = {};
    for (const [name, root] of trees) {
        seen[name] = new Map(processTree(root).map((pid) => [pid, cpuTicksOf(pid)]));
        total[name] = 0;
        cpu[name] = [];
        memory[name] = [rss(root)];
    }
    /** Ticks each tree used since the previous call. */
    const step = () =>
        Object.fromEntries(
            trees.map(([name, root]) => {
                const before = seen[name] ?? new Map<number, number>();
                const now = new Map(processTree(root).map((pid) => [pid, cpuTicksOf(pid)]));
                let used = 0;
                for (const [pid, ticks] of now) used += Math.max(0, ticks - (before.get(pid) ?? 0));
                seen[name] = now;
                total[name] = (total[name] ?? 0) + used;
                return [name, used];
            }),
        );
    const firstMachine = machineTicks();
    let previousMachine = firstMachine;
    let previousAt = performance.now();
    const machine: number[] = [];
    const benchStart = process.cpuUsage();
    const started = performance.now();
    const timer = setInterval(() => {
        const used = step();
        const at = performance.now();
        const seconds = (at - previousAt) / 1000;
        for (const [name, root] of trees) {
            cpu[name]?.push(((used[name] ?? 0) / CLOCK_TICKS / seconds) * 100);
            memory[name]?.push(rss(root));
        }
        const now = machineTicks();
        const all = now.total - previousMachine.total;
        machine.push(all > 0 ? ((now.busy - previousMachine.busy) / all) * 100 : 0);
        previousMachine = now;
        previousAt = at;
    }, 1000);
    return {
        stop() {
            clearInterval(timer);
            step();
            const elapsed = (performance.now() - started) / 1000;
            const bench = process.cpuUsage(benchStart);
            const lastMachine = machineTicks();
            const figures: Record<string, ProcessFigures> = {};
            for (const [name] of trees) {
                const c = summarise(cpu[name] ?? []);
                const m = memory[name] ?? [];
                figures[name] = {
                    cpuPercentMean: round(((total[name] ?? 0) / CLOCK_TICKS / elapsed) * 100),
                    cpuPercentP95: c.p95,
                    cpuPercentMax: c.max,
                    rssMbStart: round(m[0] ?? 0),
                    rssMbMean: round(m.reduce((sum, value) => sum + value, 0) / (m.length || 1)),
                    rssMbMax: round(Math.max(0, ...m)),
                    rssMbEnd: round(m.at(-1) ?? 0),
                };
            }
            return {
                seconds: round(elapsed),
                samples: machine.length,
                processes: figures,
                /** The whole machine, in % of all its cores (other work on it included). */
                machineCpuPercentMean: round(
                    ((lastMachine.busy - firstMachine.busy) /
                        Math.max(1, lastMachine.total - firstMachine.total)) *
                        100,
                ),
                /** This bench process (the clients and the feeder), in % of one core. */
                benchProcessCpuPercent: round((bench.user + bench.system) / 1e4 / elapsed),
            };
        },
    };
}

/** Waits (at most `maxMs`) until the servers' trees use less than `percent` % CPU over 2 s. */
async function settle(roots: Record<string, number>, percent = 15, maxMs = 90_000) {
    const started = performance.now();
    for (;;) {
        const sampler = sampleProcesses(roots);
        await sleep(2_050);
        const { processes } = sampler.stop();
        const busiest = Math.max(...Object.values(processes).map((p) => p.cpuPercentMean));
        if (busiest < percent || performance.now() - started > maxMs)
            return { afterMs: Math.round(performance.now() - started), cpuPercent: busiest };
    }
}

// --- The feeder: one position per tour per second ----------------------------------------------

interface FeederFigures {
    seconds: number;
    tours: number;
    rounds: number;
    /** Rounds that started late because the previous one took longer than a second. */
    lateRounds: number;
    events: number;
    eventsPerSecond: number;
    acknowledgement: { p50Ms: number; p99Ms: number; maxMs: number };
    errors: number;
    rejectedEvents: number;
}

interface Origin {
    latitude: number;
    longitude: number;
}

/** The position of tour `index` at step `step`: a ring around the depot, moving outwards. */
function positionAt(origin: Origin, index: number, step: number) {
    const angle = index * 2.399963; // the golden angle: tours spread evenly around the depot
    const distance = 0.005 + (index % 50) * 0.0008 + step * 0.00008;
    return {
        latitude: round6(origin.latitude + Math.sin(angle) * distance),
        longitude: round6(origin.longitude + Math.cos(angle) * distance * 1.6),
        heading: Math.round(((90 - (angle * 180) / Math.PI) % 360) + 360) % 360,
        speed: 8,
        accuracy: 6,
    };
}
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

let feederRun = 0;

/**
 * Posts one POSITION for each tour every second (batches of 100) to `baseUrl` until stopped or
 * until `maxSeconds` passed; each vehicle moves a little every second.
 */
function startFeeder(
    baseUrl: string,
    day: DepotDay,
    tourIds: readonly string[],
    origin: Origin,
    maxSeconds: number,
) {
    feederRun += 1;
    const tag = `live-${Date.now().toString(36)}-${feederRun}`;
    const indexOf = new Map(day.tourIds.map((id, index) => [id, index]));
    const latencies: number[] = [];
    let errors = 0;
    let rejectedEvents = 0;
    let events = 0;
    let rounds = 0;
    let lateRounds = 0;
    let stopped = false;
    const started = performance.now();
    const deadline = started + maxSeconds * 1000;
    const post = async (batch: DriverAppEvent[]) => {
        const t0 = performance.now();
        try {
            const response = await fetch(
                `${baseUrl}/tour-commander/v1/external/driver-app/events`,
                {
                    method: 'POST',
                    headers: {
                        authorization: `Bearer ${day.machineToken}`,
                        'content-type': 'application/json',
                    },
                    body: JSON.stringify({ events: batch }),
                },
            );
            const answer = (await response.json()) as { accepted?: number; rejected?: unknown[] };
            if (!response.ok) errors += 1;
            events += answer.accepted ?? 0;
            rejectedEvents += answer.rejected?.length ?? 0;
        } catch {
            errors += 1;
        }
        latencies.push(performance.now() - t0);
    };
    const loop = (async () => {
        for (let step = 0; !stopped && performance.now() < deadline; step++) {
            const roundStart = performance.now();
            const occurredAt = new Date().toISOString();
            const all = tourIds.map((tourId): DriverAppEvent => ({
                eventId: `${tag}-${step}-${indexOf.get(tourId) ?? 0}`,
                type: 'POSITION',
                occurredAt,
                tourId,
                position: positionAt(origin, indexOf.get(tourId) ?? 0, step),
                battery: 80,
            }));
            const batches: DriverAppEvent[][] = [];
            for (let i = 0; i < all.length; i += 100) batches.push(all.slice(i, i + 100));
            await Promise.all(batches.map(post));
            rounds += 1;
            const left = 1000 - (performance.now() - roundStart);
            if (left > 0) await sleep(left);
            else lateRounds += 1;
        }
    })();
    return {
        async stop(): Promise<FeederFigures> {
            stopped = true;
            await loop;
            const elapsed = (performance.now() - started) / 1000;
            const sorted = [...latencies].sort((a, b) => a - b);
            return {
                seconds: round(elapsed),
                tours: tourIds.length,
                rounds,
                lateRounds,
                events,
                eventsPerSecond: Math.round(events / elapsed),
                acknowledgement: {
                    p50Ms: round(percentile(sorted, 50)),
                    p99Ms: round(percentile(sorted, 99)),
                    maxMs: round(sorted.at(-1) ?? 0),
                },
                errors,
                rejectedEvents,
            };
        },
    };
}

// --- WebSocket clients -------------------------------------------------------------------------

const socketUrl = (baseUrl: string) =>
    `${baseUrl.replace(/^http/, 'ws')}/tour-commander/v1/live/socket`;

/** The type of a server message from its first bytes (the server writes `type` first). */
function typeOf(text: string): string {
    const match = /^\{"type":"([a-z]+)"/.exec(text);
    if (match?.[1]) return match[1];
    return (JSON.parse(text) as { type?: string }).type ?? 'unknown';
}

/**
 * One WebSocket client following the depot. `onMessage` sees every message's text and type;
 * `opened` resolves once the full frame and `subscribed` arrived.
 */
class LiveClient {
    closed: { code: number; reason: string } | undefined;
    errors: string[] = [];
    frames = { full: 0, delta: 0, other: 0 };
    bytes = 0;
    readonly opened: Promise<void>;
    private constructor(
        readonly ws: WebSocket,
        token: string,
        path: string,
        onMessage?: (text: string, type: string) => void,
    ) {
        this.opened = new Promise<void>((resolve, reject) => {
            const timer = setTimeout(
                () => reject(new Error('no full frame and subscribed within 60 s')),
                60_000,
            );
            ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
            ws.on('message', (data: Buffer) => {
                const text = data.toString();
                const type = typeOf(text);
                this.bytes += data.length;
                if (type === 'full') this.frames.full += 1;
                else if (type === 'delta') this.frames.delta += 1;
                else this.frames.other += 1;
                if (type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', path }));
                else if (type === 'subscribed') {
                    clearTimeout(timer);
                    resolve();
                } else if (type === 'error') this.errors.push(text.slice(0, 300));
                onMessage?.(text, type);
            });
            ws.on('error', (error) => {
                this.errors.push(error.message);
                reject(error);
            });
            ws.on('close', (code, reason) => {
                this.closed = { code, reason: reason.toString() };
                reject(new Error(`closed ${code} ${reason.toString()}`));
            });
        });
        this.opened.catch(() => undefined);
    }

    static connect(
        baseUrl: string,
        token: string,
        path: string,
        onMessage?: (text: string, type: string) => void,
    ): LiveClient {
        return new LiveClient(new WebSocket(socketUrl(baseUrl)), token, path, onMessage);
    }

    close(): void {
        this.ws.removeAllListeners('close');
        this.ws.close();
    }
}

// --- Steps ---------------------------------------------------------------------------------------

/** The depot's own client configuration: a 10 s tick and business hours all day (the map is on). */
async function configureDepot(baseUrl: string, token: string, depotId: string) {
    const path = `/tenant-admin/v1/depots/${encodeURIComponent(depotId)}/clientConfigs`;
    const current = await call<{ revision: number; document: { frontend?: object } }>(
        baseUrl,
        path,
        token,
    );
    await call(baseUrl, path, token, {
        document: {
            ...current.document,
            frontend: {
                ...current.document.frontend,
                liveDashboardRefreshIntervalInSec: TICK_SECONDS,
                businessHours: { from: '00:00', to: '23:59' },
            },
        },
        baseRevision: current.revision,
    });
}

/** Bytes of one snapshot as sent without and with gzip (raw HTTP, no decoding). */
function responseBytes(url: string, token: string, encoding: 'identity' | 'gzip') {
    return new Promise<{ bytes: number; contentEncoding: string | null }>((resolve, reject) => {
        const request = httpRequest(
            url,
            { headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding } },
            (response) => {
                let bytes = 0;
                response.on('data', (chunk: Buffer) => (bytes += chunk.length));
                response.on('end', () =>
                    resolve({
                        bytes,
                        contentEncoding: response.headers['content-encoding'] ?? null,
                    }),
                );
                response.on('error', reject);
            },
        );
        request.on('error', reject);
        request.end();
    });
}

async function measureSnapshots(url: string, token: string) {
    const auth = { headers: { authorization: `Bearer ${token}` } };
    const result: Record<string, LatencySummary> = {};
    for (const concurrency of [1, 8])
        result[`concurrency${concurrency}`] = await measure(url, auth, 1000, concurrency, 100);
    return result;
}

interface EventSample {
    tourIndex: number;
    /** From posting the event to server A until the client (on server B) received it. */
    latencyMs: number;
    /** The POST's answer (the events are stored and NOTIFY sent). */
    acknowledgedMs: number;
    /** The frame's `generatedAt`: when the feed's read that saw the event began. */
    generatedAt: string;
    seq: number;
    /** Waiting for the tick: from posting to the read (`generatedAt`). */
    waitForTickMs: number;
    /** The read, the diff and the sending: from `generatedAt` to the client. */
    afterReadMs: number;
}

/**
 * `samples` positions, each of its own tour with a latitude no other event has, posted to
 * `postTo` at phases spread evenly over one tick; the client on `followOn` waits for each in a
 * delta. The tick is the full frame's refresh interval.
 */
async function eventToClient(
    postTo: string,
    followOn: string,
    token: string,
    day: DepotDay,
    sampleTours: readonly string[],
    origin: Origin,
) {
    const pending = new Map<
        string,
        { latitude: number; postedAtWall: number; postedAt: number; resolve: () => void }
    >();
    const results: EventSample[] = [];
    let tickSec = 0;
    const client = LiveClient.connect(followOn, token, day.scopePath, (text, type) => {
        if (type === 'full') {
            tickSec = (JSON.parse(text) as LiveFullFrame).snapshot.settings.refreshIntervalSec;
            return;
        }
        if (type !== 'delta' || pending.size === 0) return;
        const arrived = performance.now();
        const arrivedWall = Date.now();
        const frame = JSON.parse(text) as LiveDeltaFrame;
        for (const position of frame.positions) {
            const sample = pending.get(position.tourId);
            if (!sample || Math.abs(position.latitude - sample.latitude) > 1e-9) continue;
            pending.delete(position.tourId);
            const generated = Date.parse(frame.generatedAt);
            results.push({
                tourIndex: day.tourIds.indexOf(position.tourId),
                latencyMs: Math.round(arrived - sample.postedAt),
                acknowledgedMs: 0,
                generatedAt: frame.generatedAt,
                seq: frame.seq,
                waitForTickMs: generated - sample.postedAtWall,
                afterReadMs: arrivedWall - generated,
            });
            sample.resolve();
        }
    });
    try {
        await client.opened;
        const tickMs = tickSec * 1000;
        const spacing = tickMs / sampleTours.length;
        const acknowledged = new Map<string, number>();
        const run = Date.now();
        const waits = sampleTours.map(async (tourId, i) => {
            await sleep(Math.round(i * spacing));
            const latitude = round6(origin.latitude + 0.3 + i * 0.0001 + (run % 1000) * 1e-6);
            const seen = new Promise<void>((resolve) =>
                pending.set(tourId, {
                    latitude,
                    postedAtWall: Date.now(),
                    postedAt: performance.now(),
                    resolve,
                }),
            );
            const t0 = performance.now();
            await call(postTo, '/tour-commander/v1/external/driver-app/events', day.machineToken, {
                events: [
                    {
                        eventId: `live-sample-${run}-${i}`,
                        type: 'POSITION',
                        occurredAt: new Date().toISOString(),
                        tourId,
                        position: { latitude, longitude: origin.longitude + 0.3, speed: 5 },
                    },
                ],
            });
            acknowledged.set(tourId, Math.round(performance.now() - t0));
            const timeout = sleep(tickMs + 15_000).then(() => 'timeout' as const);
            return Promise.race([seen.then(() => 'seen' as const), timeout]);
        });
        const outcomes = await Promise.all(waits);
        for (const sample of results)
            sample.acknowledgedMs = acknowledged.get(day.tourIds[sample.tourIndex] ?? '') ?? 0;
        const latency = summarise(results.map((sample) => sample.latencyMs));
        return {
            tickSec,
            samples: sampleTours.length,
            received: results.length,
            missed: outcomes.filter((outcome) => outcome === 'timeout').length,
            latencyMs: { p50: latency.p50, p95: latency.p95, max: latency.max },
            waitForTickMs: summarise(results.map((sample) => sample.waitForTickMs)),
            afterReadMs: summarise(results.map((sample) => sample.afterReadMs)),
            /** The target: every sample within one tick plus 1 s. */
            withinTickPlus1s:
                results.length === sampleTours.length &&
                latency.max <= tickMs + TARGETS.eventAfterTickMs,
            perSample: results.sort((a, b) => a.tourIndex - b.tourIndex),
            clientErrors: client.errors,
        };
    } finally {
        client.close();
    }
}

/**
 * `clients` WebSocket clients (this process) following the depot on `followOn` for `seconds`,
 * after the same `seconds` without clients as the baseline; the feeder runs throughout.
 */
async function fanOut(
    followOn: string,
    token: string,
    day: DepotDay,
    roots: Record<string, number>,
    clients: number,
    seconds: number,
    startFeeding: () => ReturnType<typeof startFeeder>,
) {
    const feeder = startFeeding();
    let feederFigures: FeederFigures | undefined;
    const connected: LiveClient[] = [];
    try {
        await sleep(3_000);
        const baselineSampler = sampleProcesses(roots);
        await sleep(seconds * 1000);
        const baseline = baselineSampler.stop();

        const connecting = sampleProcesses(roots);
        const connectStarted = performance.now();
        for (let i = 0; i < clients; i += 20) {
            const group = Array.from({ length: Math.min(20, clients - i) }, () =>
                LiveClient.connect(followOn, token, day.scopePath),
            );
            connected.push(...group);
            await Promise.allSettled(group.map((client) => client.opened));
        }
        const connectMs = Math.round(performance.now() - connectStarted);
        const connect = connecting.stop();
        const subscribed = (
            await Promise.allSettled(connected.map((client) => client.opened))
        ).filter((outcome) => outcome.status === 'fulfilled').length;

        const before = connected.map((client) => ({ ...client.frames, bytes: client.bytes }));
        const sampler = sampleProcesses(roots);
        const windowStarted = performance.now();
        await sleep(seconds * 1000);
        const during = sampler.stop();
        const windowSeconds = (performance.now() - windowStarted) / 1000;
        const perClient = connected.map((client, i) => {
            const start = before[i] ?? { full: 0, delta: 0, other: 0, bytes: 0 };
            return {
                framesPerSecond:
                    (client.frames.delta + client.frames.full - start.delta - start.full) /
                    windowSeconds,
                bytesPerSecond: (client.bytes - start.bytes) / windowSeconds,
            };
        });
        const frames = summarise(perClient.map((client) => client.framesPerSecond));
        const bytes = summarise(perClient.map((client) => client.bytesPerSecond));
        const closes = connected.filter((client) => client.closed);
        feederFigures = await feeder.stop();
        return {
            clients,
            subscribed,
            connect: { allSubscribedAfterMs: connectMs, ...connect },
            baselineWithoutClients: baseline,
            withClients: during,
            /** What the clients added: mean CPU (% of one core) and mean RSS over the baseline's. */
            addedByClients: Object.fromEntries(
                Object.entries(during.processes).map(([name, figures]) => [
                    name,
                    {
                        cpuPercent: round(
                            figures.cpuPercentMean -
                                (baseline.processes[name]?.cpuPercentMean ?? 0),
                        ),
                        rssMb: round(
                            figures.rssMbMean - (baseline.processes[name]?.rssMbMean ?? 0),
                        ),
                    },
                ]),
            ),
            perClient: {
                framesPerSecond: {
                    mean: round(frames.mean),
                    min: round(Math.min(...perClient.map((c) => c.framesPerSecond))),
                    max: round(frames.max),
                },
                bytesPerSecond: {
                    mean: Math.round(bytes.mean),
                    min: Math.round(Math.min(...perClient.map((c) => c.bytesPerSecond))),
                    max: Math.round(bytes.max),
                },
            },
            clientErrors: connected.flatMap((client) => client.errors).slice(0, 20),
            clientErrorCount: connected.reduce((sum, client) => sum + client.errors.length, 0),
            closed: closes.length,
            closeCodes: [...new Set(closes.map((client) => client.closed?.code))],
            feeder: feederFigures,
        };
    } finally {
        for (const client of connected) client.close();
        if (!feederFigures) await feeder.stop();
    }
}

/**
 * Cold loads of the live status page as the organisation admin (signed in once; cleared HTTP
 * cache and a new page each time) until the KPI tiles and the first table row are shown.
 */
async function coldLoads(
    baseUrl: string,
    login: DemoLogin,
    path: string,
    distDir: string,
    runs: number,
) {
    const browser = await chromium.launch({
        executablePath: findChromium(),
        headless: true,
        args: BENCH_CHROMIUM_FLAGS,
    });
    try {
        const context = await freshContext(browser);
        // The live socket of each page: its frames until the page was usable.
        const sockets: { opened: number; fullFrameAt?: number; fullFrameBytes?: number }[] = [];
        context.on('page', (page: Page) => {
            const created = performance.now();
            page.on('websocket', (socket) => {
                const entry: (typeof sockets)[number] = { opened: performance.now() - created };
                sockets.push(entry);
                socket.on('framereceived', ({ payload }) => {
                    const text = typeof payload === 'string' ? payload : payload.toString();
                    if (entry.fullFrameAt === undefined && text.startsWith('{"type":"full"')) {
                        entry.fullFrameAt = Math.round(performance.now() - created);
                        entry.fullFrameBytes = Buffer.byteLength(text);
                    }
                });
            });
        });
        let page = await context.newPage();
        await page.goto(`${baseUrl}/login`);
        await milestone(page, 'signInUsable');
        await signInThroughForm(page, login);
        const loads: ColdLoad[] = [];
        const failures: { run: number; error: string; marks: unknown; screenshot: string }[] = [];
        for (let run = 0; run < runs; run++) {
            const socketsBefore = sockets.length;
            try {
                const next = await coldLoad(context, page, baseUrl, path, distDir, 'liveUsable');
                page = next.page;
                loads.push(next.load);
            } catch (error) {
                // What the page showed instead (the marks it reached, a picture), then the next run.
                const shown = context.pages().at(-1) ?? (await context.newPage());
                const screenshot = `/tmp/bench-live-cold-load-${Date.now()}.png`;
                await shown.screenshot({ path: screenshot }).catch(() => undefined);
                failures.push({
                    run,
                    error:
                        error instanceof Error
                            ? (error.message.split('\n')[0] ?? '')
                            : String(error),
                    marks: await shown
                        .evaluate(
                            () => (window as unknown as { __benchMarks?: unknown }).__benchMarks,
                        )
                        .catch(() => null),
                    screenshot,
                });
                page = shown;
            }
            if (sockets.length === socketsBefore) sockets.push({ opened: -1 });
        }
        await page.close();
        await context.close();
        if (loads.length === 0)
            return { path, as: login.role, error: 'no cold load became usable', failures };
        const allRunsMs = loads.map((load) => load.firstRowMs);
        const afterMs = median(allRunsMs);
        const medianRun = loads.find((load) => load.firstRowMs === afterMs) ?? loads[0];
        return {
            path,
            as: login.role,
            usableAfterMs: { median: afterMs, max: Math.max(...allRunsMs) },
            allRunsMs,
            finalPath: medianRun?.finalPath,
            js: medianRun?.js,
            requestsBeforeUsable: medianRun?.waterfall.length,
            waterfallBeforeUsable: medianRun?.waterfall,
            /** Per run, from the page's creation (not navigation start): socket opened, full frame in. */
            liveSocket: sockets.slice(-runs),
            ...(failures.length > 0 ? { failures } : {}),
        };
    } finally {
        await browser.close();
    }
}

// --- One database --------------------------------------------------------------------------------

interface DatabaseRun {
    env: Record<string, string>;
    twoServers: boolean;
    postgresPort?: string;
}

async function onDatabase(options: LiveBenchOptions, run: DatabaseRun) {
    const clients = options.clients ?? 200;
    const seconds = options.seconds ?? 60;
    const samples = options.samples ?? 20;
    const env = { ...run.env, ...NO_LIMITS, ...options.env };
    const servers: RunningServer[] = [];
    const stopAll = async () => {
        for (const server of servers.reverse()) await server.stop();
    };
    try {
        const a = await startServer(env, START_TIMEOUT_MS);
        servers.push(a);
        // Behind one address, as app servers behind a load balancer are: tokens name their issuer.
        const b = run.twoServers
            ? await startServer({ ...env, PUBLIC_URL: a.url }, START_TIMEOUT_MS)
            : a;
        if (b !== a) servers.push(b);
        const roots: Record<string, number> = { serverA: a.process.pid ?? 0 };
        if (b !== a) roots.serverB = b.process.pid ?? 0;
        const postmaster = run.postgresPort ? postmasterOf(run.postgresPort) : undefined;
        if (postmaster) roots.postgres = postmaster;

        const logins = {
            admin: demoLogin(a.stdout, 'Admin'),
            organisationAdmin: demoLogin(a.stdout, 'Organization Admin'),
        };
        console.log(`bench: live, importing a depot day of ${SIZE.tours} × ${SIZE.stops}`);
        const day = await prepareDepotDay(a.url, logins, SIZE);
        const token = await signIn(a.url, logins.organisationAdmin);
        await configureDepot(a.url, token, day.depotId);
        const snapshotUrl = `${a.url}/tour-commander/v1/live-status?path=${encodeURIComponent(day.scopePath)}`;
        const first = await call<LiveSnapshot>(
            a.url,
            `/tour-commander/v1/live-status?path=${encodeURIComponent(day.scopePath)}`,
            token,
        );
        if (first.tours.length < SIZE.tours)
            throw new Error(`the live status shows ${first.tours.length} tours, not ${SIZE.tours}`);
        const origin = { latitude: first.depot.latitude, longitude: first.depot.longitude };
        const sampleTours = day.tourIds.slice(-samples);
        const feedTours = (exclude: readonly string[] = []) =>
            day.tourIds.filter((id) => !exclude.includes(id));

        // Every vehicle gets positions first (the map is on, the tours start moving).
        console.log('bench: live, first positions of every vehicle (5 s), then settling');
        const warm = startFeeder(a.url, day, feedTours(), origin, 5);
        await sleep(5_000);
        const warmFigures = await warm.stop();
        const settled: Record<string, Awaited<ReturnType<typeof settle>>> = {
            afterFirstPositions: await settle(roots, 15, 180_000),
        };
        const shown = await call<LiveSnapshot>(
            a.url,
            `/tour-commander/v1/live-status?path=${encodeURIComponent(day.scopePath)}`,
            token,
        );

        console.log('bench: live, snapshot reads (1000 each, concurrency 1 and 8), idle');
        const bytes = {
            identity: await responseBytes(snapshotUrl, token, 'identity'),
            gzip: await responseBytes(snapshotUrl, token, 'gzip'),
        };
        const idle = await measureSnapshots(snapshotUrl, token);
        console.log(`bench: live, snapshot idle ${JSON.stringify(idle)}`);
        // The page's cold load, on the quiet server (positions of every vehicle shown).
        let page: unknown;
        try {
            settled.beforeColdLoad = await settle(roots, 15, 180_000);
            console.log(
                `bench: live, cold loads of the live status page (${options.browserRuns ?? 5})`,
            );
            page = await coldLoads(
                a.url,
                logins.organisationAdmin,
                `/depot/${encodeURIComponent(day.tenantId)}/${encodeURIComponent(day.externalDepotId)}/statistics/live-status`,
                options.distDir,
                options.browserRuns ?? 5,
            );
        } catch (error) {
            page = { error: error instanceof Error ? error.message : String(error) };
        }
        console.log(`bench: live, cold load ${JSON.stringify(page).slice(0, 300)}`);

        console.log('bench: live, snapshot reads while the feeder runs');
        const feeding = startFeeder(a.url, day, feedTours(), origin, 600);
        await sleep(2_000);
        const whileFeeding = await measureSnapshots(snapshotUrl, token);
        const snapshotFeeder = await feeding.stop();
        console.log(`bench: live, snapshot while feeding ${JSON.stringify(whileFeeding)}`);

        settled.beforeEvents = await settle(roots);
        const where = b === a ? 'the same server' : 'server B, events posted to server A';
        console.log(`bench: live, event to client (${samples} samples, ${where}), idle`);
        const eventIdle = await eventToClient(a.url, b.url, token, day, sampleTours, origin);
        console.log(`bench: live, event to client idle ${JSON.stringify(eventIdle.latencyMs)}`);
        console.log('bench: live, event to client while the feeder runs');
        const eventFeeder = startFeeder(a.url, day, feedTours(sampleTours), origin, 600);
        await sleep(2_000);
        const eventBusy = await eventToClient(a.url, b.url, token, day, sampleTours, origin);
        const eventFeederFigures = await eventFeeder.stop();
        console.log(`bench: live, event to client busy ${JSON.stringify(eventBusy.latencyMs)}`);

        settled.beforeFanOut = await settle(roots);
        console.log(
            `bench: live, ${clients} WebSocket clients on ${b === a ? 'the server' : 'server B'} for ${seconds} s (and ${seconds} s without), feeder on`,
        );
        const fan = await fanOut(b.url, token, day, roots, clients, seconds, () =>
            startFeeder(a.url, day, feedTours(), origin, seconds * 2 + 240),
        );
        console.log(`bench: live, fan-out ${JSON.stringify(fan.withClients)}`);

        const snapshotP99 = Math.max(
            idle.concurrency1?.p99Ms ?? Infinity,
            whileFeeding.concurrency1?.p99Ms ?? Infinity,
        );
        const coldMs =
            page && typeof page === 'object' && 'usableAfterMs' in page
                ? (page as { usableAfterMs: { median: number } }).usableAfterMs.median
                : null;
        return {
            servers: servers.length,
            depotDay: {
                tours: day.tourIds.length,
                jobs: day.jobs,
                importMs: day.importMs,
                scopePath: day.scopePath,
                tickSec: shown.settings.refreshIntervalSec,
                withinBusinessHours: shown.settings.withinBusinessHours,
                positionsShown: shown.positions.length,
                toursByState: shown.tours.reduce<Record<string, number>>((counts, tour) => {
                    counts[tour.state] = (counts[tour.state] ?? 0) + 1;
                    return counts;
                }, {}),
            },
            /** Waits for the servers' CPU to fall under 15 % (the tour processing after positions). */
            settled,
            warmUp: { feeder: warmFigures },
            snapshot: {
                responseBytes: bytes,
                idle,
                whileFeeding: { ...whileFeeding, feeder: snapshotFeeder },
            },
            eventToClient: {
                path: where,
                idle: eventIdle,
                whileFeeding: { ...eventBusy, feeder: eventFeederFigures },
            },
            fanOut: fan,
            coldLoad: page,
            targets: {
                snapshotP99Ms: {
                    target: `< ${TARGETS.snapshotP99Ms}`,
                    measured: snapshotP99,
                    met: snapshotP99 < TARGETS.snapshotP99Ms,
                },
                eventToClientMaxMs: {
                    target: `<= tick + ${TARGETS.eventAfterTickMs} = ${eventIdle.tickSec * 1000 + TARGETS.eventAfterTickMs}`,
                    measured: Math.max(eventIdle.latencyMs.max, eventBusy.latencyMs.max),
                    met: eventIdle.withinTickPlus1s && eventBusy.withinTickPlus1s,
                },
                coldLoadMedianMs: {
                    target: `<= ${TARGETS.coldLoadMs}`,
                    measured: coldMs,
                    met: coldMs !== null && coldMs <= TARGETS.coldLoadMs,
                },
            },
        };
    } finally {
        await stopAll();
    }
}

/** The live status figures on PostgreSQL (two app servers) and PGlite (one), as asked. */
export async function measureLive(
    options: LiveBenchOptions,
    dataDir: (label: string) => string,
): Promise<Record<string, unknown>> {
    const result: Record<string, unknown> = {};
    const databases = options.databases ?? ['postgres', 'pglite'];
    if (!databases.includes('postgres')) result.postgres = { skipped: 'not asked for' };
    else if (options.postgresUrl) {
        const port = new URL(options.postgresUrl).port;
        result.postgres = await withFreshDatabase(options.postgresUrl, 'bench_live', (url) =>
            onDatabase(options, {
                env: { DATA_DIR: dataDir('pg'), DATABASE_URL: url },
                twoServers: true,
                postgresPort: port,
            }),
        );
    } else result.postgres = { skipped: 'no PostgreSQL server' };
    result.pglite = databases.includes('pglite')
        ? await onDatabase(options, { env: { DATA_DIR: dataDir('pglite') }, twoServers: false })
        : { skipped: 'not asked for' };
    return result;
}
