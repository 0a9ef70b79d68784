import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type {
    TourPerformanceDetail,
    TourPerformanceList,
    TourPerformanceRollups,
} from '../../../domain/contracts/tour-performance.js';
import type { Database } from '../../../server/db/client.js';
import { tourAnalytics, tours } from '../../../server/db/schema/index.js';
import {
    depotGrantPaths,
    inRegion,
    isAdminSubject,
    segmentsOf,
    sorted,
    touches,
    type Probe,
    type Region,
    type RouteCase,
    type Subject,
} from './matrix.js';
import { matrixDepots, onePerSubcontractor } from './matrix-depots.js';

/**
 * Matrix rows of tour performance (issue 16 parts 2 and 7). A few finished tours of yesterday,
 * each with its analytics row, are made once on the depots the matrix's users hold grants on
 * (two subcontractors' vehicles each) and on the first depot of every organisation. Where
 * r:tour-perf is held is computed here from the grants, independently of
 * domain/permissionChecks.ts (it needs no other code). A depot's list, roll-ups and file answer
 * exactly the depot's tours of the day under the caller's grants; a tour number's days only at
 * its own depot under them (no days elsewhere where the caller holds the code); anything else,
 * and a path that names no depot, is 403.
 */

const BASE = '/tour-commander/v1/tour-performance';
const CODE = 'r:tour-perf';

interface MatrixTour {
    id: string;
    number: string;
    depotPath: string;
    scopePath: string;
}

interface PerformanceWorld {
    tours: MatrixTour[];
    /** The matrix depots with the day asked for (yesterday at the depot), and a guessed sibling. */
    asked: { path: string; day: string; exists: boolean }[];
}

const yesterdayIn = (timeZone: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(Date.now() - 86_400_000));

let made: Promise<PerformanceWorld> | undefined;

/** The matrix's tours (made on the first call; see the module comment). */
function performanceWorld(db: Database, subjects: readonly Subject[]): Promise<PerformanceWorld> {
    made ??= (async () => {
        const result: MatrixTour[] = [];
        const asked: PerformanceWorld['asked'] = [];
        for (const { depot, vehicles: ofDepot } of await matrixDepots(db, subjects)) {
            const depotId = depot.internalDepotId;
            const day = yesterdayIn(depot.timeZone);
            asked.push({ path: depot.scopePath, day, exists: true });
            asked.push({ path: `${depot.scopePath}z`, day, exists: false });
            const picked = onePerSubcontractor(ofDepot);
            for (const vehicle of picked.slice(0, 2)) {
                const n = result.length + 1;
                const tour = {
                    id: `matrix-tp-${n}`,
                    number: `MTP${n}`,
                    depotPath: depot.scopePath,
                    scopePath: vehicle.scopePath,
                };
                // One transaction: the analytics worker never sees the started tour without figures.
                await db.transaction(async (tx) => {
                    await tx.insert(tours).values({
                        id: tour.id,
                        tenantId: vehicle.tenantId,
                        depotId,
                        scopePath: vehicle.scopePath,
                        tourDate: day,
                        tourNumber: tour.number,
                        vehicleId: vehicle.id,
                        subcontractorId: vehicle.subcontractorId,
                        state: 'FINISHED',
                        startedAt: new Date(Date.now() - 86_400_000),
                        waypointsTotal: 3,
                        waypointsDone: 3,
                    });
                    await tx.insert(tourAnalytics).values({
                        tourId: tour.id,
                        tenantId: vehicle.tenantId,
                        depotId,
                        tourDate: day,
                        appUsage: 'NORMAL',
                        figures: {},
                    });
                });
                result.push(tour);
            }
        }
        if (result.length < 2) throw new Error('the demo data has too few vehicles for the matrix');
        return { tours: result, asked };
    })();
    return made;
}

/** Where r:tour-perf is held in the depot context. */
function performanceRegion(subject: Subject): Region {
    if (isAdminSubject(subject)) return 'ALL';
    const paths = depotGrantPaths(subject, CODE);
    return paths.includes('') ? 'ALL' : paths;
}

/** The depot's tours of the day within `region`, read straight from the database. */
async function expectedTours(db: Database, path: string, day: string, region: Region) {
    const rows = await db
        .select({
            number: tours.tourNumber,
            scopePath: tours.scopePath,
            started: tours.startedAt,
            driverId: tours.driverId,
            subcontractorId: tours.subcontractorId,
        })
        .from(tours)
        .where(and(eq(tours.depotId, segmentsOf(path)[3] ?? ''), eq(tours.tourDate, day)));
    return rows.filter((row) => inRegion(region, row.scopePath));
}

const rangeOf = (path: string, day: string) =>
    `path=${encodeURIComponent(path)}&from=${day}&to=${day}`;

/** Probes `url` at every matrix depot and guess: 403 where refused, else `seen`. */
async function probeDepots(
    probe: Probe,
    url: (path: string, day: string) => string,
    seen: (path: string, day: string, region: Region, url: string) => Promise<void>,
) {
    const { asked } = await performanceWorld(probe.db, probe.subjects);
    const region = performanceRegion(probe.subject);
    for (const { path, day, exists } of asked) {
        const target = url(path, day);
        if (exists && touches(region, path)) await seen(path, day, region, target);
        else {
            const { status } = await probe.get<{ code?: string }>(target);
            expect.soft(status, target).toBe(403);
        }
    }
}

type Refusal = { code?: string };

export const tourPerformanceRoutes: RouteCase[] = [
    {
        route: `GET ${BASE}`,
        variant:
            "every matrix depot and a sibling guess: exactly the day's tours under r:tour-perf",
        run: (probe) =>
            probeDepots(
                probe,
                (path, day) => `${BASE}?${rangeOf(path, day)}`,
                async (path, day, region, url) => {
                    const { status, body } = await probe.get<TourPerformanceList & Refusal>(url);
                    const expected = await expectedTours(probe.db, path, day, region);
                    expect
                        .soft(
                            { status, tours: sorted((body.tours ?? []).map((t) => t.tourNumber)) },
                            url,
                        )
                        .toEqual({ status: 200, tours: sorted(expected.map((t) => t.number)) });
                },
            ),
    },
    {
        route: `GET ${BASE}/tours/:tourNumber`,
        variant:
            'every matrix tour number at every matrix depot: its day only at its depot under the grant',
        async run(probe) {
            const { tours: all } = await performanceWorld(probe.db, probe.subjects);
            const region = performanceRegion(probe.subject);
            await probeDepots(
                probe,
                (path, day) => `${BASE}/tours/${all[0]?.number}?${rangeOf(path, day)}`,
                async (path, day) => {
                    for (const tour of all) {
                        const url = `${BASE}/tours/${tour.number}?${rangeOf(path, day)}`;
                        const { status, body } = await probe.get<TourPerformanceDetail & Refusal>(
                            url,
                        );
                        const visible = path === tour.depotPath && inRegion(region, tour.scopePath);
                        expect
                            .soft({ status, days: (body.days ?? []).map((d) => d.tourId) }, url)
                            .toEqual({ status: 200, days: visible ? [tour.id] : [] });
                    }
                },
            );
        },
    },
    {
        route: `GET ${BASE}/rollups`,
        variant:
            "every matrix depot and a sibling guess: the started tours' tour numbers, drivers and subcontractors under r:tour-perf",
        run: (probe) =>
            probeDepots(
                probe,
                (path, day) => `${BASE}/rollups?${rangeOf(path, day)}`,
                async (path, day, region, url) => {
                    const { status, body } = await probe.get<TourPerformanceRollups & Refusal>(url);
                    const started = (await expectedTours(probe.db, path, day, region)).filter(
                        (row) => row.started !== null,
                    );
                    const distinct = (values: (string | null)[]) =>
                        sorted(new Set(values.map((value) => value ?? '(none)')));
                    expect
                        .soft(
                            {
                                status,
                                tourNumbers: sorted(
                                    (body.tourNumbers ?? []).map((t) => t.tourNumber),
                                ),
                                drivers: distinct((body.drivers ?? []).map((d) => d.id)),
                                subcontractors: distinct(
                                    (body.subcontractors ?? []).map((s) => s.id),
                                ),
                            },
                            url,
                        )
                        .toEqual({
                            status: 200,
                            tourNumbers: sorted(started.map((row) => row.number)),
                            drivers: distinct(started.map((row) => row.driverId)),
                            subcontractors: distinct(started.map((row) => row.subcontractorId)),
                        });
                },
            ),
    },
    {
        route: `GET ${BASE}/export`,
        variant: 'every matrix depot and a sibling guess: a file under r:tour-perf, else 403',
        run: (probe) =>
            probeDepots(
                probe,
                (path, day) => `${BASE}/export?${rangeOf(path, day)}&format=csv`,
                async (_path, _day, _region, url) => {
                    // The file is no JSON: the probe's reader fails on it where one is sent.
                    const answer = await probe.get<Refusal>(url).then(
                        ({ status }) => ({ file: false, status }),
                        (error: unknown) => {
                            if (error instanceof SyntaxError) return { file: true, status: 200 };
                            throw error;
                        },
                    );
                    expect.soft(answer, url).toEqual({ file: true, status: 200 });
                },
            ),
    },
];
