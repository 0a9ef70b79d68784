import { asc, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../../server/db/client.js';
import { customWaypoints, tours } from '../../../server/db/schema/index.js';
import {
    type Probe,
    type RouteCase,
    type Subject,
    dayIn,
    depotTourRegion,
    inRegion,
    touches,
} from './matrix.js';
import { matrixDepots, onePerSubcontractor } from './matrix-depots.js';

/**
 * Matrix rows of a depot's tour detail and its custom waypoints (issue 15 part 2). A few tours
 * are made once, on the depots the matrix's users hold grants on (two subcontractors' vehicles
 * each where the depot has them) and on one depot of every organisation, each with one custom
 * waypoint. Where r:tour-details (with r:tour) is held is computed here from the grants,
 * independently of domain/permissionChecks.ts. A caller sees a tour asked for at its own depot
 * only when the grant covers the tour's subcontractor; anything else answers exactly like an
 * unknown tour (404) when the caller holds the code somewhere at the depot asked for, else 403.
 * The device and the driver's location are answered only with their own codes. The writes are
 * probed so that they never change anything: bad coordinates on tours the caller sees (400),
 * and custom waypoints of other tours.
 */

interface MatrixTour {
    id: string;
    depotPath: string;
    scopePath: string;
    customWaypointId: string;
}

const BASE = '/tour-commander/v1/depot-tours';
const UNKNOWN_TOUR = 'no-such-tour';

let made: Promise<MatrixTour[]> | undefined;

/** The matrix's tours (made on the first call; see the module comment). */
function matrixTours(db: Database, subjects: readonly Subject[]): Promise<MatrixTour[]> {
    made ??= (async () => {
        const result: MatrixTour[] = [];
        for (const { depot, vehicles: ofDepot } of await matrixDepots(db, subjects, {
            subcontractorGrantsFirst: true,
        })) {
            const depotId = depot.internalDepotId;
            const picked = onePerSubcontractor(ofDepot);
            for (const vehicle of picked.slice(0, 2)) {
                const n = result.length + 1;
                const tour = {
                    id: `matrix-dt-${n}`,
                    tenantId: vehicle.tenantId,
                    depotId,
                    scopePath: vehicle.scopePath,
                    tourDate: dayIn(depot.timeZone),
                    tourNumber: `MDT${n}`,
                    vehicleId: vehicle.id,
                    subcontractorId: vehicle.subcontractorId,
                };
                await db.insert(tours).values(tour);
                const customWaypointId = `matrix-cw-${n}`;
                await db.insert(customWaypoints).values({
                    id: customWaypointId,
                    tenantId: vehicle.tenantId,
                    tourId: tour.id,
                    scopePath: vehicle.scopePath,
                    name: 'Matrix',
                    latitude: depot.latitude,
                    longitude: depot.longitude,
                    processedAt: new Date(),
                });
                result.push({
                    id: tour.id,
                    depotPath: depot.scopePath,
                    scopePath: vehicle.scopePath,
                    customWaypointId,
                });
            }
        }
        if (result.length < 2) throw new Error('the demo data has too few vehicles for the matrix');
        return result;
    })();
    return made;
}

/** The depot paths to ask each tour at: its own, and those of the other matrix depots. */
const askedPaths = (all: readonly MatrixTour[]) => [...new Set(all.map((tour) => tour.depotPath))];

type Answer = {
    id?: string;
    code?: string;
    message?: string;
    device?: unknown;
    driverLocation?: unknown;
};

/** What a request should answer: the success, 404 like an unknown tour, or 403. */
function outcome(subject: Subject, tour: MatrixTour, path: string): 'seen' | 'unknown' | 'refused' {
    const region = depotTourRegion(subject, 'r:tour-details');
    if (!touches(region, path)) return 'refused';
    return path === tour.depotPath && inRegion(region, tour.scopePath) ? 'seen' : 'unknown';
}

async function assertNothingChanged(db: Database, all: readonly MatrixTour[]) {
    const rows = await db
        .select({
            id: customWaypoints.id,
            tourId: customWaypoints.tourId,
            deletedAt: customWaypoints.deletedAt,
        })
        .from(customWaypoints)
        .where(
            inArray(
                customWaypoints.tourId,
                all.map((tour) => tour.id),
            ),
        )
        .orderBy(asc(customWaypoints.id));
    expect
        .soft(rows)
        .toEqual(
            all
                .map((tour) => ({ id: tour.customWaypointId, tourId: tour.id, deletedAt: null }))
                .sort((a, b) => a.id.localeCompare(b.id)),
        );
}

export const depotTourRoutes: RouteCase[] = [
    {
        route: `GET ${BASE}/:tourId`,
        variant:
            'every matrix tour at every matrix depot; device and driver location by their codes',
        async run({ subject, get, db, subjects }: Probe) {
            const all = await matrixTours(db, subjects);
            const device = depotTourRegion(subject, 'r:tour-device');
            const location = depotTourRegion(subject, 'r:tour-details-driver-location');
            for (const path of askedPaths(all)) {
                const reference = await get<Answer>(
                    `${BASE}/${UNKNOWN_TOUR}?path=${encodeURIComponent(path)}`,
                );
                for (const tour of all) {
                    const url = `${BASE}/${tour.id}?path=${encodeURIComponent(path)}`;
                    const { status, body } = await get<Answer>(url);
                    const expected = outcome(subject, tour, path);
                    if (expected === 'seen') {
                        expect.soft([status, body.id], url).toEqual([200, tour.id]);
                        expect
                            .soft(
                                { device: 'device' in body, location: 'driverLocation' in body },
                                url,
                            )
                            .toEqual({
                                device: inRegion(device, tour.scopePath),
                                location: inRegion(location, tour.scopePath),
                            });
                    } else if (expected === 'unknown') {
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
                    } else expect.soft(status, url).toBe(403);
                }
            }
        },
    },
    {
        route: `POST ${BASE}/:tourId/custom-waypoints`,
        variant:
            'bad coordinates on every matrix tour at every matrix depot: 400 where seen, else like an unknown tour',
        async run({ subject, send, db, subjects }: Probe) {
            const all = await matrixTours(db, subjects);
            for (const path of askedPaths(all))
                for (const tour of all) {
                    const url = `${BASE}/${tour.id}/custom-waypoints?path=${encodeURIComponent(path)}`;
                    const { status, body } = await send<Answer>('POST', url, {
                        name: 'Matrix',
                        latitude: 0,
                        longitude: 0,
                    });
                    const expected = outcome(subject, tour, path);
                    const got = expected === 'refused' ? status : { status, code: body.code };
                    expect
                        .soft(got, url)
                        .toEqual(
                            expected === 'seen'
                                ? { status: 400, code: 'CUSTOM_WAYPOINT_COORDINATES_INVALID' }
                                : expected === 'unknown'
                                  ? { status: 404, code: 'NOT_FOUND' }
                                  : 403,
                        );
                }
            await assertNothingChanged(db, all);
        },
    },
    {
        route: `DELETE ${BASE}/:tourId/custom-waypoints/:customWaypointId`,
        variant:
            "another tour's custom waypoint through every matrix tour: 404 or 403, nothing deleted",
        async run({ subject, send, db, subjects }: Probe) {
            const all = await matrixTours(db, subjects);
            for (const tour of all)
                for (const other of all.filter((candidate) => candidate.id !== tour.id)) {
                    const url = `${BASE}/${tour.id}/custom-waypoints/${other.customWaypointId}?path=${encodeURIComponent(tour.depotPath)}`;
                    const { status, body } = await send<Answer>('DELETE', url);
                    if (outcome(subject, tour, tour.depotPath) === 'refused')
                        expect.soft(status, url).toBe(403);
                    else
                        expect
                            .soft({ status, code: body.code }, url)
                            .toEqual({ status: 404, code: 'NOT_FOUND' });
                }
            await assertNothingChanged(db, all);
        },
    },
];
