import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DriverAppEvent } from '../../../domain/contracts/driver-app-ingestion.js';
import { driverAppUserTypes } from '../../../domain/enums.js';
import type { JobImportBatch } from '../../../domain/contracts/job-import.js';
import { createMachineTokens } from '../../access/machine-tokens.js';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { apiCredentials, depots, jobs, tours, users, vehicles } from '../../db/schema/index.js';
import { createRandom } from '../random.js';
import { backfillHistory, type BackfillDepot } from './backfill.js';
import { driverOf } from './backfill-model.js';
import { driveTour, type TourIds } from './drive.js';
import { importBatches } from './import-batches.js';
import { planDepotDay } from './plan.js';
import type { DepotDayPlan, PlannedTour } from './types.js';

/**
 * The live delivery day of the demo (issue 14 part 5): for each demo depot, today's plan is
 * imported through the data gateway's job import and driven through the tour commander's
 * ingestion API, over HTTP like any integration, with an API credential of the organisation
 * ("Live-day simulator"). Events are sent when their time comes: positions every 5–15 s per
 * vehicle. The part of the day already past when the server starts is sent at once, at the
 * coarse rate. With `speed` > 1 the day runs faster: simulated time runs `speed` times as fast
 * from the start, and the events are stamped with the real time they are sent at, so nothing
 * is ever in the future. A new local day is planned when a depot's date changes.
 */

const TICK_MS = 1_000;
const HOUR_MS = 3_600_000;
/** How long the tours of a day are under way (first planned start to the last return, about). */
const DAY_SPAN_MS = 10 * HOUR_MS;
/** A day shifted to the start of the server is this far along. */
const SHIFTED_INTO_DAY_MS = 2.5 * HOUR_MS;
/**
 * Events per ingestion request, and jobs per import request: small enough that on PGlite, whose
 * one connection serves every request, a read never waits long behind one (a 1,000-job import
 * held it for about a second).
 */
const BATCH = 100;
const IMPORT_JOBS = 200;
const CREDENTIAL_PREFIX = 'sim-';
const TOKEN_REFRESH_MS = 20 * 60_000;

/** A demo depot with its vehicles and each vehicle's possible drivers (the backfill's shape). */
type DepotRow = BackfillDepot;

interface TourCursor {
    events: DriverAppEvent[];
    next: number;
}

interface DepotDay {
    depot: DepotRow;
    date: string;
    tours: TourCursor[];
}

export interface LiveSimulationOptions {
    db: Database;
    config: AppConfig;
    /** The server's own address (loopback). */
    baseUrl: string;
    seed: string;
    speed: number;
    log: FastifyBaseLogger;
}

export interface LiveSimulation {
    /** Resolves when every depot's day is imported and driving. */
    ready: Promise<void>;
    stop(): Promise<void>;
}

const localDate = (at: number, timeZone: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(at));

export async function demoDepots(db: Database): Promise<DepotRow[]> {
    const rows = await db
        .select({
            internalDepotId: depots.internalDepotId,
            externalDepotId: depots.externalDepotId,
            tenantId: depots.tenantId,
            scopePath: depots.scopePath,
            latitude: depots.latitude,
            longitude: depots.longitude,
            timeZone: depots.timeZone,
            countryCode: depots.countryCode,
            locality: depots.locality,
            postcode: depots.postcode,
        })
        .from(depots)
        .orderBy(asc(depots.tenantId), asc(depots.externalDepotId));
    const fleet = await db
        .select({
            id: vehicles.id,
            number: vehicles.number,
            depotId: vehicles.depotId,
            subcontractorId: vehicles.subcontractorId,
            scopePath: vehicles.scopePath,
            regularDriverId: vehicles.baseDriverId,
        })
        .from(vehicles)
        .orderBy(asc(vehicles.number));
    const drivers = await db
        .select({ id: users.id, subcontractorId: users.subcontractorId })
        .from(users)
        .where(and(inArray(users.type, [...driverAppUserTypes]), eq(users.active, true)));
    return rows
        .map((row) => ({
            ...row,
            vehicles: fleet
                .filter((vehicle) => vehicle.depotId === row.internalDepotId)
                .map(({ depotId: _depot, ...vehicle }) => ({
                    ...vehicle,
                    // The subcontractor's other drivers drive the vehicle on some days.
                    standInDriverIds: drivers
                        .filter(
                            (driver) =>
                                driver.subcontractorId === vehicle.subcontractorId &&
                                driver.id !== vehicle.regularDriverId,
                        )
                        .map((driver) => driver.id),
                })),
        }))
        .filter((row) => row.vehicles.length > 0);
}

/** The organisation's simulator credential (made once), and a fresh machine token for it. */
async function simulatorToken(db: Database, config: AppConfig, tenantId: string): Promise<string> {
    const id = `${CREDENTIAL_PREFIX}${tenantId}`;
    const clientId = `pbo_simulator_${tenantId}`;
    await db
        .insert(apiCredentials)
        .values({
            id,
            tenantId,
            clientId,
            name: 'Live-day simulator (demo)',
            scopes: ['jobs:write', 'events:write'],
            // No secret opens it: the simulator runs inside the server and is issued its tokens.
            secretHash: `unusable:${randomBytes(16).toString('hex')}`,
        })
        .onConflictDoNothing();
    const { token } = await createMachineTokens(db, config).issue(
        { credentialId: id, clientId, tenantId, scopes: ['jobs:write', 'events:write'] },
        config.apiAccess.tokenTtlSeconds,
    );
    return token;
}

export function startLiveSimulation(options: LiveSimulationOptions): LiveSimulation {
    const { db, config, baseUrl, seed, speed, log } = options;
    const anchor = Date.now();
    /** Simulated now. */
    const simNow = () => anchor + (Date.now() - anchor) * speed;
    /** The real time an event of simulated time `at` is sent at (and stamped with). */
    const realTime = (at: number) => (at <= anchor ? at : anchor + (at - anchor) / speed);
    const tokens = new Map<string, { token: string; at: number }>();
    const days = new Map<string, DepotDay>();
    const counts = { sent: 0, rejected: 0 };
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    let ticking: Promise<void> = Promise.resolve();

    const tokenOf = async (tenantId: string) => {
        const known = tokens.get(tenantId);
        if (known && Date.now() - known.at < TOKEN_REFRESH_MS) return known.token;
        const token = await simulatorToken(db, config, tenantId);
        tokens.set(tenantId, { token, at: Date.now() });
        return token;
    };
    const post = async <T>(tenantId: string, path: string, body: unknown): Promise<T> => {
        const response = await fetch(`${baseUrl}${path}`, {
            method: 'POST',
            headers: {
                authorization: `Bearer ${await tokenOf(tenantId)}`,
                'content-type': 'application/json',
            },
            body: JSON.stringify(body),
        });
        if (!response.ok)
            throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
        return (await response.json()) as T;
    };

    /** The server's ids of a tour: its id, its jobs by external id, its waypoints by stop. */
    const idsOf = async (depot: DepotRow, tour: PlannedTour): Promise<TourIds | undefined> => {
        const [row] = await db
            .select({ id: tours.id })
            .from(tours)
            .where(
                and(
                    eq(tours.depotId, depot.internalDepotId),
                    eq(tours.tourDate, tour.date),
                    eq(tours.tourNumber, tour.tourNumber),
                ),
            );
        if (!row) return undefined;
        const externalIds = tour.stops.flatMap((stop) => stop.jobs.map((job) => job.externalJobId));
        const jobRows = await db
            .select({ id: jobs.id, externalJobId: jobs.externalJobId, waypointId: jobs.waypointId })
            .from(jobs)
            .where(
                and(eq(jobs.tenantId, depot.tenantId), inArray(jobs.externalJobId, externalIds)),
            );
        const byExternal = new Map(jobRows.map((job) => [job.externalJobId, job]));
        const waypointIds = tour.stops.map(
            (stop) => byExternal.get(stop.jobs[0]?.externalJobId ?? '')?.waypointId ?? '',
        );
        if (waypointIds.some((id) => id === '')) return undefined;
        return {
            tourId: row.id,
            jobIds: new Map(jobRows.map((job) => [job.externalJobId, job.id])),
            waypointIds,
        };
    };

    /**
     * The demo shows moving tours whenever it starts: when the server starts while a depot's
     * tours would not be driving (at night, say), the depot's day is shifted in time so that its
     * tours are about 2.5 hours under way. Planned starts, time frames and every event move
     * together; the tours keep their date.
     */
    const shiftIntoDay = (plan: DepotDayPlan, now: number): DepotDayPlan => {
        const first = Math.min(...plan.tours.map((tour) => Date.parse(tour.plannedStart)));
        if (
            !Number.isFinite(first) ||
            (now >= first + HOUR_MS / 2 && now <= first + DAY_SPAN_MS - HOUR_MS)
        )
            return plan;
        const shift = now - (first + SHIFTED_INTO_DAY_MS);
        const moved = (iso: string) => new Date(Date.parse(iso) + shift).toISOString();
        return {
            ...plan,
            tours: plan.tours.map((tour) => ({
                ...tour,
                plannedStart: moved(tour.plannedStart),
                stops: tour.stops.map((stop) => ({
                    ...stop,
                    jobs: stop.jobs.map((job) =>
                        job.timeFrame
                            ? {
                                  ...job,
                                  timeFrame: {
                                      from: moved(job.timeFrame.from),
                                      to: moved(job.timeFrame.to),
                                  },
                              }
                            : job,
                    ),
                })),
            })),
        };
    };

    /** Imports the depot's day and prepares its events: the past at the coarse rate, the rest live. */
    const planDay = async (depot: DepotRow, date: string): Promise<DepotDay> => {
        const plan = shiftIntoDay(
            planDepotDay({
                depot,
                vehicles: depot.vehicles.map((vehicle) => vehicle.number),
                date,
                seed,
            }),
            simNow(),
        );
        for (const batch of importBatches(plan, IMPORT_JOBS))
            await post<unknown>(
                depot.tenantId,
                '/data-gateway/api/v1/external/jobs',
                batch satisfies JobImportBatch,
            );
        const now = simNow();
        const cursors: TourCursor[] = [];
        for (const tour of plan.tours) {
            const ids = await idsOf(depot, tour);
            if (!ids) {
                log.warn(
                    { depot: depot.externalDepotId, tour: tour.tourNumber },
                    'simulated tour not found after import',
                );
                continue;
            }
            const past = driveTour(tour, ids, { seed, detail: 'coarse' }).filter(
                (event) => Date.parse(event.occurredAt) <= now,
            );
            const future = driveTour(tour, ids, { seed, detail: 'live' }).filter(
                (event) => Date.parse(event.occurredAt) > now,
            );
            // The day's driver signs in (the backfill picks a day's driver the same way).
            const vehicle = depot.vehicles.find((v) => v.number === tour.vehicleNumber);
            const driverId = vehicle
                ? driverOf(
                      createRandom(seed, `driver:${vehicle.id}:${date}`),
                      vehicle.regularDriverId,
                      vehicle.standInDriverIds,
                  )
                : null;
            const signedIn = (event: DriverAppEvent): DriverAppEvent =>
                event.type === 'LOGIN' && driverId ? { ...event, driverId } : event;
            cursors.push({ events: [...past, ...future].map(signedIn), next: 0 });
        }
        return { depot, date, tours: cursors };
    };

    /** Sends every event whose time has come, per organisation in batches. */
    const tick = async () => {
        const now = simNow();
        const due = new Map<string, DriverAppEvent[]>();
        for (const day of days.values()) {
            const list = due.get(day.depot.tenantId) ?? [];
            for (const cursor of day.tours) {
                while (cursor.next < cursor.events.length) {
                    const event = cursor.events[cursor.next] as DriverAppEvent;
                    const at = Date.parse(event.occurredAt);
                    if (at > now) break;
                    list.push(
                        speed === 1
                            ? event
                            : { ...event, occurredAt: new Date(realTime(at)).toISOString() },
                    );
                    cursor.next += 1;
                }
            }
            due.set(day.depot.tenantId, list);
        }
        await Promise.all(
            [...due].map(async ([tenantId, events]) => {
                for (let start = 0; start < events.length && !stopped; start += BATCH) {
                    const answer = await post<{ accepted: number; rejected: unknown[] }>(
                        tenantId,
                        '/tour-commander/v1/external/driver-app/events',
                        { events: events.slice(start, start + BATCH) },
                    );
                    counts.sent += answer.accepted;
                    counts.rejected += answer.rejected.length;
                }
            }),
        );
    };

    /** Plans the depots whose local date changed (first start, or midnight). */
    const planDue = async (all: DepotRow[]) => {
        for (const depot of all) {
            if (stopped) return;
            const date = localDate(simNow(), depot.timeZone);
            if (days.get(depot.internalDepotId)?.date === date) continue;
            days.set(depot.internalDepotId, await planDay(depot, date));
        }
    };

    /**
     * 15 weeks of history for the analysis screens, written once through the bulk path
     * (backfill.ts) in the background after today is under way; a later start finds it and skips.
     */
    const aborter = new AbortController();
    let backfilling: Promise<void> = Promise.resolve();
    const backfill = async (all: DepotRow[]) => {
        try {
            let reported = 0;
            const result = await backfillHistory(db, {
                depots: all,
                seed,
                today: new Date(),
                signal: aborter.signal,
                onProgress: (progress) => {
                    if (Date.now() - reported < 15_000) return;
                    reported = Date.now();
                    log.info(
                        {
                            days: `${progress.daysDone}/${progress.daysTotal}`,
                            rows: progress.rows,
                            ms: progress.elapsedMs,
                            simulateMs: progress.simulateMs,
                            writeMs: progress.writeMs,
                        },
                        'demo history: writing 15 weeks in the background',
                    );
                },
            });
            if (!result.locked && !result.aborted && result.daysDone > 0)
                log.info(
                    {
                        days: result.daysDone,
                        rows: result.rows,
                        ms: result.elapsedMs,
                        simulateMs: result.simulateMs,
                        writeMs: result.writeMs,
                        simulatedIn: result.simulatedIn,
                    },
                    'demo history written',
                );
        } catch (error) {
            log.error({ err: error }, 'demo history backfill failed');
        }
    };

    const ready = (async () => {
        const all = await demoDepots(db);
        const started = Date.now();
        await planDue(all);
        const tourCount = [...days.values()].reduce((sum, day) => sum + day.tours.length, 0);
        log.info(
            { depots: days.size, tours: tourCount, ms: Date.now() - started, speed },
            'live-day simulator: today imported; driving',
        );
        let lastReport = Date.now();
        const loop = async () => {
            if (stopped) return;
            ticking = (async () => {
                try {
                    await planDue(all);
                    await tick();
                } catch (error) {
                    log.warn({ err: error }, 'live-day simulator tick failed; retrying');
                }
            })();
            await ticking;
            if (Date.now() - lastReport >= 60_000) {
                lastReport = Date.now();
                log.info(counts, 'live-day simulator: events sent');
            }
            if (!stopped) timer = setTimeout(() => void loop(), TICK_MS);
        };
        await loop();
        backfilling = backfill(all);
    })();
    ready.catch((error: unknown) =>
        log.error({ err: error }, 'live-day simulator failed to start'),
    );

    return {
        ready,
        stop: async () => {
            stopped = true;
            aborter.abort();
            await backfilling;
            if (timer) clearTimeout(timer);
            await ticking.catch(() => undefined);
        },
    };
}
