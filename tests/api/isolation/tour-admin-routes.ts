import { asc } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../../server/db/client.js';
import { tours, vehicles } from '../../../server/db/schema/index.js';
import { encode, isAdminSubject, type Probe, type RouteCase } from './matrix.js';

/**
 * Matrix rows of the tour commander's admin tour pages (issue 14 part 6): the tours of every
 * organisation are for admins only. Everyone else gets 403 NO_PERMISSION, for a tour that
 * exists as for one that does not, so nothing tells them apart.
 */

type Answer = { code?: string; id?: string };
const BASE = '/tour-commander/v1/tours';
const TODAY = new Date().toISOString().slice(0, 10);

let tourOfTheMatrix:
    Promise<{ id: string; tourDate: string; tenantId: string; depotId: string }> | undefined;

/** A tour of the demo data (made once on its first vehicle when the demo has none yet). */
function someTour(db: Database) {
    tourOfTheMatrix ??= (async () => {
        const [stored] = await db.select().from(tours).orderBy(asc(tours.id)).limit(1);
        if (stored) return stored;
        const [vehicle] = await db.select().from(vehicles).orderBy(asc(vehicles.id)).limit(1);
        if (!vehicle) throw new Error('the demo data has no vehicle');
        const [made] = await db
            .insert(tours)
            .values({
                id: 'matrix-tour',
                tenantId: vehicle.tenantId,
                depotId: vehicle.depotId,
                scopePath: vehicle.scopePath,
                tourDate: TODAY,
                tourNumber: 'M1',
                vehicleId: vehicle.id,
                subcontractorId: vehicle.subcontractorId,
            })
            .returning();
        if (!made) throw new Error('no tour made');
        return made;
    })();
    return tourOfTheMatrix;
}

const refused = (status: number, body: Answer) => ({ status, code: body.code });
const NO_PERMISSION = { status: 403, code: 'NO_PERMISSION' };

export const tourAdminRoutes: RouteCase[] = [
    {
        route: `GET ${BASE}`,
        variant: "every organisation's tours of the day: admins only",
        async run({ subject, get, db }: Probe) {
            const tour = await someTour(db);
            // Its depot's tours of its day: other rows make tours of that day elsewhere too, and
            // the list is paged.
            const url = `${BASE}?filter=${encode({ date: tour.tourDate, tenantId: tour.tenantId, depotId: tour.depotId })}`;
            const { status, body } = await get<Answer[] & Answer>(url);
            if (isAdminSubject(subject)) {
                expect.soft(status, url).toBe(200);
                expect
                    .soft(Array.isArray(body) && body.some((row) => row.id === tour.id))
                    .toBe(true);
            } else expect.soft(refused(status, body), url).toEqual(NO_PERMISSION);
        },
    },
    {
        route: `GET ${BASE}/:tourId`,
        variant: 'a tour that exists and one that does not: admins 200 and 404, others 403 both',
        async run({ subject, get, db }: Probe) {
            const tour = await someTour(db);
            const known = await get<Answer>(`${BASE}/${tour.id}`);
            const unknown = await get<Answer>(`${BASE}/no-such-tour`);
            if (isAdminSubject(subject)) {
                expect.soft([known.status, known.body.id]).toEqual([200, tour.id]);
                expect.soft(refused(unknown.status, unknown.body)).toEqual({
                    status: 404,
                    code: 'NOT_FOUND',
                });
            } else {
                expect.soft(refused(known.status, known.body)).toEqual(NO_PERMISSION);
                expect.soft(refused(unknown.status, unknown.body)).toEqual(NO_PERMISSION);
            }
        },
    },
];
