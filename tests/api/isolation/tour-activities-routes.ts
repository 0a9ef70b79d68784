import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../../server/db/client.js';
import { depots, tours } from '../../../server/db/schema/index.js';
import { positions } from '../../../server/db/schema/partitioned.js';
import { makeDayPartitions } from '../../../server/services/tour-commander/partitions.js';
import {
    covers,
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
 * Matrix rows of daily activities (issue 16 part 1): a depot's day, one tour, and its location
 * history. A few tours of today, each with one position, are made once on the depots the
 * matrix's users hold grants on (two subcontractors' vehicles each) and on the first depot of
 * every organisation. Where each code is held is computed here from the grants, independently of
 * domain/permissionChecks.ts (every extra code needs r:tour-activity). The day lists exactly the
 * depot's tours under the caller's r:tour-activity, each with the RTT category, recommendations
 * and full figures only under their own codes; a tour is seen only at its own depot under the
 * caller's code, else answered exactly like an unknown one (404) where the caller holds the code
 * at the depot asked for, else 403.
 */

const BASE = '/tour-commander/v1/tour-activities';
const UNKNOWN_TOUR = 'no-such-tour';
const ACTIVITY = 'r:tour-activity';
const extras = {
    rtt: 'r:rtt',
    recommendations: 'r:tour-activity-recommendations',
    full: 'r:tour-activity-full',
} as const;

/** Where `code` is held in the depot context, together with r:tour-activity. */
function activityRegion(subject: Subject, code: string): Region {
    if (isAdminSubject(subject)) return 'ALL';
    const of = (wanted: string): Region => {
        const paths = depotGrantPaths(subject, wanted);
        return paths.includes('') ? 'ALL' : paths;
    };
    const own = of(code);
    const base = of(ACTIVITY);
    if (own === 'ALL') return base;
    if (base === 'ALL') return own;
    const both = new Set<string>();
    for (const left of own)
        for (const right of base)
            if (covers(left, right)) both.add(right);
            else if (covers(right, left)) both.add(left);
    return [...both];
}

interface MatrixTour {
    id: string;
    depotPath: string;
    scopePath: string;
}

let made: Promise<{ tours: MatrixTour[]; depotPaths: string[] }> | undefined;

/** The matrix's tours (made on the first call; see the module comment). */
function matrixTours(db: Database, subjects: readonly Subject[]) {
    made ??= (async () => {
        const today = new Date().toISOString().slice(0, 10);
        await makeDayPartitions(db, today, today);
        const result: MatrixTour[] = [];
        for (const { depot, vehicles: ofDepot } of await matrixDepots(db, subjects)) {
            const depotId = depot.internalDepotId;
            const picked = onePerSubcontractor(ofDepot);
            for (const vehicle of picked.slice(0, 2)) {
                const n = result.length + 1;
                const id = `matrix-act-${n}`;
                await db.insert(tours).values({
                    id,
                    tenantId: vehicle.tenantId,
                    depotId,
                    scopePath: vehicle.scopePath,
                    tourDate: dayIn(depot.timeZone),
                    tourNumber: `MACT${n}`,
                    vehicleId: vehicle.id,
                    subcontractorId: vehicle.subcontractorId,
                });
                await db.insert(positions).values({
                    tenantId: vehicle.tenantId,
                    vehicleId: vehicle.id,
                    tourId: id,
                    occurredAt: new Date(),
                    latitude: depot.latitude,
                    longitude: depot.longitude,
                    sourceKey: 'matrix',
                    eventId: id,
                });
                result.push({ id, depotPath: depot.scopePath, scopePath: vehicle.scopePath });
            }
        }
        if (result.length < 2) throw new Error('the demo data has too few vehicles for the matrix');
        return { tours: result, depotPaths: [...new Set(result.map((tour) => tour.depotPath))] };
    })();
    return made;
}

/** Today's tours of a depot with their scope path. */
async function toursOfDepot(db: Database, depotPath: string) {
    const depotId = segmentsOf(depotPath)[3] ?? '';
    const [depot] = await db.select().from(depots).where(eq(depots.internalDepotId, depotId));
    if (!depot) return [];
    return db
        .select({ id: tours.id, scopePath: tours.scopePath })
        .from(tours)
        .where(and(eq(tours.depotId, depotId), eq(tours.tourDate, dayIn(depot.timeZone))));
}

type Answer = {
    code?: string;
    message?: string;
    tourId?: string;
    tour?: Record<string, unknown> & { id?: string };
    tours?: (Record<string, unknown> & { id: string; scopePath?: string })[];
    rights?: Record<string, boolean>;
};

/** What a request for one tour should answer: the tour, 404 like an unknown tour, or 403. */
function outcome(region: Region, tour: MatrixTour, path: string): 'seen' | 'unknown' | 'refused' {
    if (!touches(region, path)) return 'refused';
    return path === tour.depotPath && inRegion(region, tour.scopePath) ? 'seen' : 'unknown';
}

/** The extras present on a row, and those the caller's grants cover for the tour's scope. */
function extrasOf(subject: Subject, row: Record<string, unknown>, scopePath: string) {
    return {
        present: Object.keys(extras).filter((key) => key in row),
        expected: Object.entries(extras)
            .filter(([, code]) => inRegion(activityRegion(subject, code), scopePath))
            .map(([key]) => key),
    };
}

/** Probes `url(tour, path)` for every matrix tour at every matrix depot. */
async function probeTours(
    { subject, get, db, subjects }: Probe,
    code: string,
    rest: string,
    seen: (tour: MatrixTour, body: Answer, status: number, url: string) => void,
) {
    const { tours: all, depotPaths } = await matrixTours(db, subjects);
    const region = activityRegion(subject, code);
    for (const path of depotPaths) {
        const query = `?path=${encodeURIComponent(path)}`;
        const reference = await get<Answer>(`${BASE}/${UNKNOWN_TOUR}${rest}${query}`);
        for (const tour of all) {
            const url = `${BASE}/${tour.id}${rest}${query}`;
            const { status, body } = await get<Answer>(url);
            const expected = outcome(region, tour, path);
            if (expected === 'seen') seen(tour, body, status, url);
            else if (expected === 'unknown')
                expect
                    .soft(
                        {
                            status,
                            code: body.code,
                            message: body.message?.replaceAll(tour.id, UNKNOWN_TOUR),
                        },
                        url,
                    )
                    .toEqual({
                        status: 404,
                        code: 'TOUR_ACTIVITY_NOT_FOUND',
                        message: reference.body.message,
                    });
            else expect.soft(status, url).toBe(403);
        }
    }
}

export const tourActivitiesRoutes: RouteCase[] = [
    {
        route: `GET ${BASE}`,
        variant:
            'every matrix depot and a sibling guess: exactly the tours under r:tour-activity, extras by their codes',
        async run({ subject, get, db, subjects }: Probe) {
            const { depotPaths } = await matrixTours(db, subjects);
            const region = activityRegion(subject, ACTIVITY);
            for (const path of [...depotPaths, ...depotPaths.map((p) => `${p}z`)]) {
                const url = `${BASE}?path=${encodeURIComponent(path)}`;
                const { status, body } = await get<Answer>(url);
                if (!depotPaths.includes(path) || !touches(region, path)) {
                    expect.soft(status, url).toBe(403);
                    continue;
                }
                expect.soft(status, url).toBe(200);
                const visible = (await toursOfDepot(db, path)).filter((tour) =>
                    inRegion(region, tour.scopePath),
                );
                expect
                    .soft(sorted((body.tours ?? []).map((tour) => tour.id)), url)
                    .toEqual(sorted(visible.map((tour) => tour.id)));
                expect.soft(body.rights, url).toEqual({
                    ...Object.fromEntries(
                        Object.entries(extras).map(([key, code]) => [
                            key,
                            touches(activityRegion(subject, code), path),
                        ]),
                    ),
                    locationHistory: touches(
                        activityRegion(subject, 'r:tour-location-history'),
                        path,
                    ),
                });
                const scopeOf = new Map(visible.map((tour) => [tour.id, tour.scopePath]));
                for (const row of body.tours ?? []) {
                    const { present, expected } = extrasOf(
                        subject,
                        row,
                        scopeOf.get(row.id) ?? '?',
                    );
                    expect.soft(present, `${url}: ${row.id}`).toEqual(expected);
                }
            }
        },
    },
    {
        route: `GET ${BASE}/:tourId`,
        variant: 'every matrix tour at every matrix depot; extras by their codes',
        run: (probe) =>
            probeTours(probe, ACTIVITY, '', (tour, body, status, url) => {
                expect.soft([status, body.tour?.id], url).toEqual([200, tour.id]);
                const { present, expected } = extrasOf(
                    probe.subject,
                    body.tour ?? {},
                    tour.scopePath,
                );
                expect.soft(present, url).toEqual(expected);
            }),
    },
    {
        route: `GET ${BASE}/:tourId/location-history`,
        variant: 'every matrix tour at every matrix depot under r:tour-location-history',
        run: (probe) =>
            probeTours(
                probe,
                'r:tour-location-history',
                '/location-history',
                (tour, body, status, url) =>
                    expect.soft([status, body.tourId], url).toEqual([200, tour.id]),
            ),
    },
];
