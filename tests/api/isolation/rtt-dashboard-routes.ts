import { and, between, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { RttDashboard } from '../../../domain/contracts/rtt-dashboard.js';
import type { Database } from '../../../server/db/client.js';
import { tourAnalytics, tours } from '../../../server/db/schema/index.js';
import {
    breaches,
    dayIn,
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
 * Matrix rows of the tracking dashboard (issue 16 part 5). On the depots the matrix's users hold
 * grants on and on the first depot of every organisation, the vehicles of up to two
 * subcontractors each get a tour on the last working day (Monday to Saturday) up to today and on
 * the day before, with stored deviations that make the working day's tour Blocked (200 minutes
 * the day before). Where r:rtt-dashboard is held is computed here from the grants, independently
 * of domain/permissionChecks.ts (it needs no other code). The answer counts exactly the depot's
 * tours under that region over its 15 weeks, and lists as Blocked only tours under it: the
 * matrix tours exactly where the region covers them. Anything else is refused.
 */

const BASE = '/tour-commander/v1/rtt-dashboard';
const DAY_MS = 86_400_000;

interface RttWorld {
    depotPaths: string[];
    /** The working day asked for, per depot path. */
    dateOf: Map<string, string>;
    /** The matrix tours of the working day: id → scope path. */
    blockedScope: Map<string, string>;
}

let made: Promise<RttWorld> | undefined;

/** The last Monday-to-Saturday day up to today in `timeZone`, and the day before it. */
function workingDayIn(timeZone: string): { day: string; before: string } {
    let day = dayIn(timeZone);
    while (new Date(`${day}T00:00:00Z`).getUTCDay() === 0)
        day = new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
    const before = new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
    return { day, before };
}

function rttWorld(db: Database, subjects: readonly Subject[]): Promise<RttWorld> {
    made ??= (async () => {
        const world: RttWorld = { depotPaths: [], dateOf: new Map(), blockedScope: new Map() };
        let n = 0;
        for (const { depot, vehicles: ofDepot } of await matrixDepots(db, subjects)) {
            const depotId = depot.internalDepotId;
            const { day, before } = workingDayIn(depot.timeZone);
            world.depotPaths.push(depot.scopePath);
            world.dateOf.set(depot.scopePath, day);
            const picked = onePerSubcontractor(ofDepot);
            for (const vehicle of picked.slice(0, 2)) {
                n++;
                for (const [date, minutes] of [
                    [before, 200],
                    [day, 150],
                ] as const) {
                    const id = `matrix-rtt-${n}-${date}`;
                    await db.insert(tours).values({
                        id,
                        tenantId: vehicle.tenantId,
                        depotId,
                        scopePath: vehicle.scopePath,
                        tourDate: date,
                        tourNumber: `MRT${n}`,
                        vehicleId: vehicle.id,
                        subcontractorId: vehicle.subcontractorId,
                        state: 'FINISHED',
                    });
                    await db.insert(tourAnalytics).values({
                        tourId: id,
                        tenantId: vehicle.tenantId,
                        depotId,
                        tourDate: date,
                        appUsage: 'NORMAL',
                        etaDeviationMinutes: minutes,
                        etaStops: 10,
                        figures: {},
                    });
                    if (date === day) world.blockedScope.set(id, vehicle.scopePath);
                }
            }
        }
        if (world.blockedScope.size < 2)
            throw new Error('the demo data has too few vehicles for the matrix');
        return world;
    })();
    return made;
}

/** Where r:rtt-dashboard is held in the depot context. */
function rttRegion(subject: Subject): Region {
    if (isAdminSubject(subject)) return 'ALL';
    const held = depotGrantPaths(subject, 'r:rtt-dashboard');
    return held.includes('') ? 'ALL' : held;
}

/** The depot's tours from `from` to `to` with their scope paths. */
async function toursBetween(db: Database, depotPath: string, from: string, to: string) {
    const depotId = segmentsOf(depotPath)[3] ?? '';
    return db
        .select({ id: tours.id, date: tours.tourDate, scopePath: tours.scopePath })
        .from(tours)
        .where(and(eq(tours.depotId, depotId), between(tours.tourDate, from, to)));
}

type Answer = RttDashboard & { code?: string };

export const rttDashboardRoutes: RouteCase[] = [
    {
        route: `GET ${BASE}`,
        variant:
            'every matrix depot and a sibling guess: exactly the tours under r:rtt-dashboard, counted and Blocked',
        async run({ subject, get, db, subjects, expected }: Probe) {
            const world = await rttWorld(db, subjects);
            const region = rttRegion(subject);
            for (const path of [...world.depotPaths, ...world.depotPaths.map((p) => `${p}z`)]) {
                const date = world.dateOf.get(path) ?? world.dateOf.get(path.slice(0, -1)) ?? '';
                const url = `${BASE}?path=${encodeURIComponent(path)}&date=${date}`;
                const { status, body } = await get<Answer>(url);
                if (!world.depotPaths.includes(path) || !touches(region, path)) {
                    expect.soft(status, url).toBe(403);
                    continue;
                }
                expect.soft(status, url).toBe(200);
                const from = body.weeks?.[0]?.from ?? date;
                const all = await toursBetween(db, path, from, date);
                const visible = all.filter((tour) => inRegion(region, tour.scopePath));
                expect
                    .soft(
                        (body.weeks ?? []).reduce((sum, week) => sum + week.tours, 0),
                        `${url}: tours counted`,
                    )
                    .toBe(visible.length);
                const scopeOf = new Map(all.map((tour) => [tour.id, tour.scopePath]));
                const blocked = (body.blocked?.tours ?? []).map((tour) => tour.id);
                for (const id of blocked)
                    expect
                        .soft(inRegion(region, scopeOf.get(id) ?? '?'), `${url}: ${id}`)
                        .toBe(true);
                expect
                    .soft(
                        breaches(
                            expected,
                            blocked.map((id) => scopeOf.get(id) ?? '?'),
                        ),
                        url,
                    )
                    .toEqual([]);
                const ofDepot = [...world.blockedScope].filter(([id]) => scopeOf.has(id));
                expect
                    .soft(
                        sorted(blocked.filter((id) => world.blockedScope.has(id))),
                        `${url}: the matrix tours Blocked`,
                    )
                    .toEqual(
                        sorted(
                            ofDepot
                                .filter(([, scopePath]) => inRegion(region, scopePath))
                                .map(([id]) => id),
                        ),
                    );
            }
        },
    },
];
