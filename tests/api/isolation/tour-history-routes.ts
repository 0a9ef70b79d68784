import { expect } from 'vitest';
import type { Database } from '../../../server/db/client.js';
import { tours } from '../../../server/db/schema/index.js';
import {
    dayIn,
    depotGrantPaths,
    inRegion,
    isAdminSubject,
    touches,
    type Probe,
    type Region,
    type RouteCase,
    type Subject,
} from './matrix.js';
import { matrixDepots, onePerSubcontractor } from './matrix-depots.js';

/**
 * Matrix rows of a tour's driven history (issue 16 parts 3 and 4). A few tours are made once, on
 * the depots the matrix's users hold grants on (two subcontractors' vehicles each where the depot
 * has them) and on one depot of every organisation: one of today and one of 31 days ago per
 * vehicle. Where r:tour-perf is held is computed here from the grants, independently of
 * domain/permissionChecks.ts. A caller sees a tour asked for at its own depot only when the grant
 * covers the tour's subcontractor (and then an old one is TOUR_LOCATION_HISTORY_NOT_FOUND);
 * anything else answers exactly like an unknown tour (404) when the caller holds the code
 * somewhere at the depot asked for, else 403.
 */

interface MatrixTour {
    id: string;
    depotPath: string;
    scopePath: string;
    old: boolean;
}

const BASE = '/tour-commander/v1/tour-history';
const UNKNOWN_TOUR = 'no-such-tour';
const DAY_MS = 86_400_000;
/** Past the history's 30 days (domain §9). */
const OLD_DAYS = 31;

let made: Promise<MatrixTour[]> | undefined;

/** The matrix's tours (made on the first call; see the module comment). */
function matrixTours(db: Database, subjects: readonly Subject[]): Promise<MatrixTour[]> {
    made ??= (async () => {
        const result: MatrixTour[] = [];
        for (const { depot, vehicles: ofDepot } of await matrixDepots(db, subjects, {
            subcontractorGrantsFirst: true,
        })) {
            const depotId = depot.internalDepotId;
            const today = dayIn(depot.timeZone);
            const oldDay = new Date(Date.parse(`${today}T00:00:00Z`) - OLD_DAYS * DAY_MS)
                .toISOString()
                .slice(0, 10);
            const picked = onePerSubcontractor(ofDepot);
            for (const vehicle of picked.slice(0, 2))
                for (const [tourDate, old] of [
                    [today, false],
                    [oldDay, true],
                ] as const) {
                    const n = result.length + 1;
                    // Not started: the analytics worker leaves them alone.
                    await db.insert(tours).values({
                        id: `matrix-th-${n}`,
                        tenantId: vehicle.tenantId,
                        depotId,
                        scopePath: vehicle.scopePath,
                        tourDate,
                        tourNumber: `MTH${n}`,
                        vehicleId: vehicle.id,
                        subcontractorId: vehicle.subcontractorId,
                    });
                    result.push({
                        id: `matrix-th-${n}`,
                        depotPath: depot.scopePath,
                        scopePath: vehicle.scopePath,
                        old,
                    });
                }
        }
        if (result.length < 4) throw new Error('the demo data has too few vehicles for the matrix');
        return result;
    })();
    return made;
}

/** Where r:tour-perf is held in the depot context (it needs no other code). */
function tourPerfRegion(subject: Subject): Region {
    if (isAdminSubject(subject)) return 'ALL';
    const paths = depotGrantPaths(subject, 'r:tour-perf');
    return paths.includes('') ? 'ALL' : paths;
}

type Answer = { id?: string; code?: string; message?: string };

export const tourHistoryRoutes: RouteCase[] = [
    {
        route: `GET ${BASE}/:tourId`,
        variant: "every matrix tour (today's and a 31-day-old one) at every matrix depot",
        async run({ subject, get, db, subjects }: Probe) {
            const all = await matrixTours(db, subjects);
            const region = tourPerfRegion(subject);
            for (const path of [...new Set(all.map((tour) => tour.depotPath))]) {
                const reference = await get<Answer>(
                    `${BASE}/${UNKNOWN_TOUR}?path=${encodeURIComponent(path)}`,
                );
                for (const tour of all) {
                    const url = `${BASE}/${tour.id}?path=${encodeURIComponent(path)}`;
                    const { status, body } = await get<Answer>(url);
                    if (!touches(region, path)) expect.soft(status, url).toBe(403);
                    else if (path === tour.depotPath && inRegion(region, tour.scopePath))
                        expect.soft({ status, id: body.id, code: body.code }, url).toEqual(
                            tour.old
                                ? {
                                      status: 404,
                                      id: undefined,
                                      code: 'TOUR_LOCATION_HISTORY_NOT_FOUND',
                                  }
                                : { status: 200, id: tour.id, code: undefined },
                        );
                    else
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
                                code: 'NOT_FOUND',
                                message: reference.body.message,
                            });
                }
            }
        },
    },
];
