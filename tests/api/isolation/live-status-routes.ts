import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { FleetSnapshot, LiveSnapshot } from '../../../domain/contracts/live-status.js';
import type { Database } from '../../../server/db/client.js';
import { depots, tours, vehicleStates } from '../../../server/db/schema/index.js';
import {
    isAdminSubject,
    segmentsOf,
    sorted,
    tenantGrantPaths,
    type Probe,
    type RouteCase,
    type Subject,
    dayIn,
    depotTourRegion,
    inRegion,
    touches,
    type Region,
} from './matrix.js';
import { matrixDepots, onePerSubcontractor } from './matrix-depots.js';

/**
 * Matrix rows of the live status (issue 15 parts 1 and 5): a depot's snapshot and the
 * organisation's map. A few tours of today with a position are made once (the last vehicle of
 * each subcontractor of the depots the matrix's users hold grants on, and of the first depot of
 * every organisation). Where r:tour and r:live-status-map are held is computed here from the
 * grants, independently of domain/permissionChecks.ts. The answer lists exactly the tours of the
 * depot asked for under the caller's r:tour, positions only under r:live-status-map (and within
 * business hours); the organisation map exactly the vehicles under the caller's organisation-level
 * r:live-status-map. Anything else is refused.
 */

/** Where r:live-status-map is held in the organisation context. */
function tenantMapRegion(subject: Subject): Region {
    if (isAdminSubject(subject)) return 'ALL';
    const paths = tenantGrantPaths(subject, 'r:live-status-map');
    return paths.includes('') ? 'ALL' : paths;
}

interface LiveWorld {
    /** Depot scope paths with matrix tours. */
    depotPaths: string[];
    madeTourIds: Set<string>;
}

let made: Promise<LiveWorld> | undefined;

function liveWorld(db: Database, subjects: readonly Subject[]): Promise<LiveWorld> {
    made ??= (async () => {
        const madeTourIds = new Set<string>();
        let n = 0;
        const chosen = await matrixDepots(db, subjects);
        for (const { depot, vehicles: ofDepot } of chosen) {
            const depotId = depot.internalDepotId;
            // The last vehicle of each subcontractor (other rows take the first ones).
            const picked = onePerSubcontractor(ofDepot, 'last');
            for (const vehicle of picked) {
                n++;
                const id = `matrix-live-${n}`;
                await db.insert(tours).values({
                    id,
                    tenantId: vehicle.tenantId,
                    depotId,
                    scopePath: vehicle.scopePath,
                    tourDate: dayIn(depot.timeZone),
                    tourNumber: `MLV${n}`,
                    vehicleId: vehicle.id,
                    subcontractorId: vehicle.subcontractorId,
                    state: 'ON_ROAD',
                    waypointsTotal: 10,
                });
                await db
                    .insert(vehicleStates)
                    .values({
                        vehicleId: vehicle.id,
                        tenantId: vehicle.tenantId,
                        depotId,
                        scopePath: vehicle.scopePath,
                        tourId: id,
                        latitude: depot.latitude + 0.001 * n,
                        longitude: depot.longitude,
                        positionAt: new Date(),
                    })
                    .onConflictDoUpdate({
                        target: vehicleStates.vehicleId,
                        set: { tourId: id, positionAt: new Date() },
                    });
                madeTourIds.add(id);
            }
        }
        if (madeTourIds.size < 2)
            throw new Error('the demo data has too few vehicles for the matrix');
        return {
            depotPaths: chosen.map(({ depot }) => depot.scopePath),
            madeTourIds,
        };
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

/** The scope paths of tours by id. */
async function scopesOfTours(db: Database, ids: readonly string[]) {
    if (ids.length === 0) return new Map<string, string>();
    const rows = await db
        .select({ id: tours.id, scopePath: tours.scopePath })
        .from(tours)
        .where(inArray(tours.id, [...ids]));
    return new Map(rows.map((row) => [row.id, row.scopePath]));
}

type SnapshotAnswer = LiveSnapshot & { code?: string };
type FleetAnswer = FleetSnapshot & { code?: string };

export const liveStatusRoutes: RouteCase[] = [
    {
        route: 'GET /tour-commander/v1/live-status',
        variant:
            'every matrix depot and a sibling guess: exactly the tours under r:tour, positions under r:live-status-map',
        async run({ subject, get, db, subjects }: Probe) {
            const world = await liveWorld(db, subjects);
            const tourRegion = depotTourRegion(subject, 'r:tour');
            const mapRegion = depotTourRegion(subject, 'r:live-status-map');
            const guesses = world.depotPaths.map((path) => `${path}z`);
            for (const path of [...world.depotPaths, ...guesses]) {
                const url = `/tour-commander/v1/live-status?path=${encodeURIComponent(path)}`;
                let { status, body } = await get<SnapshotAnswer>(url);
                const exists = world.depotPaths.includes(path);
                if (!exists || !touches(tourRegion, path)) {
                    expect.soft(status, url).toBe(403);
                    continue;
                }
                expect.soft(status, url).toBe(200);
                const all = await toursOfDepot(db, path);
                const visible = all.filter((tour) => inRegion(tourRegion, tour.scopePath));
                // The snapshot answers the state the server holds, read again in the background
                // at most every second: tours another row just made may show one read later.
                const ids = (answer: SnapshotAnswer) =>
                    sorted((answer.tours ?? []).map((tour) => tour.id)).join();
                if (ids(body) !== sorted(visible.map((tour) => tour.id)).join()) {
                    await new Promise((resolve) => setTimeout(resolve, 1_500));
                    ({ status, body } = await get<SnapshotAnswer>(url));
                }
                expect
                    .soft(sorted((body.tours ?? []).map((tour) => tour.id)), url)
                    .toEqual(sorted(visible.map((tour) => tour.id)));
                const positions = (body.positions ?? []).map((position) => position.tourId);
                // Never a position outside the map region, whatever the time.
                for (const tourId of positions) {
                    const tour = all.find((candidate) => candidate.id === tourId);
                    expect
                        .soft(
                            tour &&
                                inRegion(mapRegion, tour.scopePath) &&
                                inRegion(tourRegion, tour.scopePath),
                            `${url}: ${tourId}`,
                        )
                        .toBe(true);
                }
                expect.soft(body.settings?.mapAllowed, url).toBe(touches(mapRegion, path));
                if (body.settings?.withinBusinessHours) {
                    const expected = visible.filter(
                        (tour) =>
                            world.madeTourIds.has(tour.id) && inRegion(mapRegion, tour.scopePath),
                    );
                    expect
                        .soft(
                            sorted(positions.filter((id) => world.madeTourIds.has(id))),
                            `${url}: positions of the matrix tours`,
                        )
                        .toEqual(sorted(expected.map((tour) => tour.id)));
                } else expect.soft(positions, `${url}: outside business hours`).toEqual([]);
            }
        },
    },
    {
        route: 'GET /tour-commander/v1/live-fleet',
        variant:
            'every organisation and an unknown one: exactly the vehicles under r:live-status-map',
        async run({ subject, get, db, subjects, world }: Probe) {
            const live = await liveWorld(db, subjects);
            const region = tenantMapRegion(subject);
            const madeScope = await scopesOfTours(db, [...live.madeTourIds]);
            for (const tenantId of [...world.tenantIds, 'zz-unknown']) {
                const url = `/tour-commander/v1/live-fleet?tenantId=${tenantId}`;
                const { status, body } = await get<FleetAnswer>(url);
                if (!touches(region, tenantId) || (region !== 'ALL' && tenantId === 'zz-unknown')) {
                    expect.soft(status, url).toBe(403);
                    continue;
                }
                expect.soft(status, url).toBe(200);
                const expectedDepots = world.depots.filter(
                    (depot) => depot.tenantId === tenantId && touches(region, depot.path),
                );
                expect
                    .soft(sorted((body.depots ?? []).map((depot) => depot.internalDepotId)), url)
                    .toEqual(sorted(expectedDepots.map((depot) => depot.id)));
                const open = new Set(
                    (body.depots ?? [])
                        .filter((depot) => depot.withinBusinessHours)
                        .map((depot) => depot.internalDepotId),
                );
                // Never a vehicle outside the caller's region or organisation, whatever the time.
                const scopes = await scopesOfTours(
                    db,
                    (body.vehicles ?? []).map((vehicle) => vehicle.id),
                );
                for (const vehicle of body.vehicles ?? []) {
                    const scopePath = scopes.get(vehicle.id) ?? '?';
                    expect
                        .soft(
                            segmentsOf(scopePath)[0] === tenantId && inRegion(region, scopePath),
                            `${url}: ${vehicle.id}`,
                        )
                        .toBe(true);
                }
                const expectedMade = [...madeScope].filter(
                    ([, scopePath]) =>
                        segmentsOf(scopePath)[0] === tenantId &&
                        inRegion(region, scopePath) &&
                        open.has(segmentsOf(scopePath)[3] ?? ''),
                );
                expect
                    .soft(
                        sorted(
                            (body.vehicles ?? [])
                                .map((vehicle) => vehicle.id)
                                .filter((id) => live.madeTourIds.has(id)),
                        ),
                        `${url}: the matrix vehicles`,
                    )
                    .toEqual(sorted(expectedMade.map(([id]) => id)));
            }
        },
    },
];
