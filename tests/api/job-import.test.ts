import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob, JobImportResult } from '../../domain/contracts/job-import.js';
import {
    jobAssignments,
    jobs,
    jobStatuses,
    parcels,
    tours,
    vehicles,
    waypoints,
} from '../../server/db/schema/index.js';
import { accessTokenFor, ids, paths, seedFixtures } from './helpers/fixtures.js';
import { machineTokenFor } from './helpers/machine-fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** The data gateway's job import (issue 14 part 2): per-job rejections, idempotent re-import, tours and stops. */

let t: TestApp;
let token: string;
const URL = '/data-gateway/api/v1/external/jobs';
const DAY = '2026-11-26';

async function post(body: unknown, bearer = token) {
    const response = await t.app.inject({
        method: 'POST',
        url: URL,
        payload: body as object,
        headers: { authorization: `Bearer ${bearer}` },
    });
    return {
        status: response.statusCode,
        body: response.json<JobImportResult & { code?: string; details?: { field?: string }[] }>(),
    };
}

const job = (id: string, overrides: Partial<ImportJob> = {}): ImportJob => ({
    externalJobId: id,
    type: 'DELIVERY',
    address: {
        street: 'Invalidenstraße',
        houseNo: '10',
        postcode: '10115',
        locality: 'Berlin',
        countryCode: 'DE',
        latitude: 52.53,
        longitude: 13.38,
        coordinateType: 'ROOFTOP',
    },
    parcels: [{ parcelNumber: `${id}-P1`, trackingId: `T-${id}-1` }],
    contacts: [{ kind: 'CONSIGNEE', name: 'Anna Schmidt', phone: '+49301234567' }],
    assignments: [{ externalDepotId: '110', date: DAY, key: 'TOUR', value: '1234', sequence: 2 }],
    ...overrides,
});

const jobRow = async (externalJobId: string) =>
    (await t.db.select().from(jobs).where(eq(jobs.externalJobId, externalJobId)))[0];

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
    await t.db.insert(vehicles).values([
        {
            id: 'veh-1234',
            tenantId: ids.north,
            depotId: ids.berlin,
            subcontractorId: ids.sucoBerlin,
            number: '1234',
            scopePath: paths.sucoBerlin,
        },
        {
            id: 'veh-4321',
            tenantId: ids.north,
            depotId: ids.berlin,
            subcontractorId: ids.sucoBerlin,
            number: '4321',
            scopePath: paths.sucoBerlin,
        },
    ]);
    token = (await machineTokenFor(t, ids.north, ['jobs:write'])).token;
});
afterAll(async () => {
    await t.close();
});

describe('POST /data-gateway/api/v1/external/jobs', () => {
    it('stores jobs, parcels and assignments, creates the tour and groups jobs at one place into one stop', async () => {
        const { status, body } = await post({
            tours: [
                {
                    externalDepotId: '110',
                    date: DAY,
                    tourNumber: 'T-7',
                    vehicleNumber: '4321',
                    tourType: 'TCG',
                    sequenceOptimisation: 'FIXED',
                    plannedStart: `${DAY}T06:30:00Z`,
                },
            ],
            jobs: [
                job('J1'),
                // Same coordinates as J1: the same stop; its sequence 1 puts the stop first.
                job('J2', {
                    type: 'PICKUP',
                    assignments: [
                        {
                            externalDepotId: '110',
                            date: DAY,
                            key: 'TOUR',
                            value: '1234',
                            sequence: 1,
                        },
                    ],
                }),
                job('J3', {
                    address: { street: 'Chausseestraße', postcode: '10115', countryCode: 'DE' },
                    assignments: [
                        { externalDepotId: '110', date: DAY, key: 'TOUR', value: '1234' },
                    ],
                }),
                job('J4', {
                    assignments: [{ externalDepotId: '110', date: DAY, key: 'tour', value: 'T-7' }],
                }),
                // No tour: stored with its assignment, on no tour.
                job('J5', {
                    assignments: [{ externalDepotId: '9', date: DAY, key: 'ZONE', value: 'Z1' }],
                }),
            ],
        });
        expect(status).toBe(200);
        expect(body).toEqual({ created: 5, updated: 0, unchanged: 0, tours: 2, rejected: [] });

        const tourRows = await t.db.select().from(tours).orderBy(asc(tours.tourNumber));
        expect(
            tourRows.map((r) => [
                r.tourNumber,
                r.vehicleId,
                r.tourType,
                r.sequenceOptimisation,
                r.scopePath,
            ]),
        ).toEqual([
            ['1234', 'veh-1234', 'NTC', 'FREE', paths.sucoBerlin],
            ['T-7', 'veh-4321', 'TCG', 'FIXED', paths.sucoBerlin],
        ]);
        const tour1234 = tourRows[0];
        expect([tour1234?.waypointsTotal, tour1234?.jobsTotal]).toEqual([2, 3]);
        const stops = await t.db
            .select()
            .from(waypoints)
            .where(eq(waypoints.tourId, tour1234?.id ?? ''))
            .orderBy(asc(waypoints.plannedSequence));
        expect(stops.map((s) => [s.plannedSequence, s.street, s.jobsTotal, s.state])).toEqual([
            [1, 'Invalidenstraße', 2, 'OPEN'],
            [2, 'Chausseestraße', 1, 'OPEN'],
        ]);
        const j2 = await jobRow('J2');
        expect(j2?.waypointId).toBe(stops[0]?.id);
        expect(j2?.type).toBe('PICKUP');
        expect(j2?.scopePath).toBe(paths.sucoBerlin);
        const j5 = await jobRow('J5');
        expect([j5?.tourId, j5?.depotId, j5?.scopePath]).toEqual([
            null,
            ids.hamburg,
            paths.hamburg,
        ]);
        const [parcel] = await t.db.select().from(parcels).where(eq(parcels.parcelNumber, 'J1-P1'));
        expect(parcel?.trackingId).toBe('T-J1-1');
        const assignment = await t.db
            .select()
            .from(jobAssignments)
            .where(eq(jobAssignments.jobId, j5?.id ?? ''));
        expect(assignment.map((a) => [a.assignmentKey, a.assignmentValue, a.depotId])).toEqual([
            ['ZONE', 'Z1', ids.hamburg],
        ]);
        const [statuses] = await t.db.select({ n: count() }).from(jobStatuses);
        expect(statuses?.n).toBe(5);
    });

    it('leaves jobs sent again unchanged alone, and updates changed ones in place', async () => {
        const before = await jobRow('J1');
        const same = await post({
            jobs: [
                job('J1'),
                job('J3', {
                    address: { street: 'Chausseestraße', postcode: '10115', countryCode: 'DE' },
                    assignments: [
                        { externalDepotId: '110', date: DAY, key: 'TOUR', value: '1234' },
                    ],
                }),
            ],
        });
        expect(same.body).toMatchObject({ created: 0, updated: 0, unchanged: 2 });

        const changed = await post({
            jobs: [
                job('J1', {
                    description: 'Leave at the back door',
                    parcels: [{ parcelNumber: 'J1-P2' }],
                }),
            ],
        });
        expect(changed.body).toMatchObject({ created: 0, updated: 1, unchanged: 0, rejected: [] });
        const after = await jobRow('J1');
        expect(after?.id).toBe(before?.id);
        expect(after?.description).toBe('Leave at the back door');
        const numbers = await t.db
            .select({ n: parcels.parcelNumber })
            .from(parcels)
            .where(eq(parcels.jobId, after?.id ?? ''));
        expect(numbers).toEqual([{ n: 'J1-P2' }]);
        const [total] = await t.db.select({ n: count() }).from(jobs);
        expect(total?.n).toBe(5);
    });

    it('moves a job to another tour and drops the stop it left when no job is on it', async () => {
        const { body } = await post({
            jobs: [
                job('J3', {
                    address: { street: 'Chausseestraße', postcode: '10115', countryCode: 'DE' },
                    assignments: [{ externalDepotId: '110', date: DAY, key: 'TOUR', value: 'T-7' }],
                }),
            ],
        });
        expect(body.updated).toBe(1);
        const [tour1234] = await t.db.select().from(tours).where(eq(tours.tourNumber, '1234'));
        const [tour7] = await t.db.select().from(tours).where(eq(tours.tourNumber, 'T-7'));
        expect([tour1234?.waypointsTotal, tour1234?.jobsTotal]).toEqual([1, 2]);
        expect([tour7?.waypointsTotal, tour7?.jobsTotal]).toEqual([2, 2]);
    });

    it('rejects each bad job with its index, field and reason, and stores the good ones', async () => {
        const { status, body } = await post({
            tours: [{ externalDepotId: '110', date: DAY, tourNumber: '9999' }],
            jobs: [
                job('X'.repeat(65)),
                job('BAD-TYPE', { type: 'PARCEL' }),
                job('BAD-DEPOT', {
                    assignments: [
                        { externalDepotId: '200', date: DAY, key: 'TOUR', value: '1234' },
                    ],
                }),
                job('GOOD'),
                job('BAD-LAT', {
                    address: {
                        street: 'A',
                        postcode: '1',
                        countryCode: 'DE',
                        latitude: 91,
                        longitude: 13,
                    },
                }),
                job('GOOD'),
                job('NO-VEHICLE', {
                    assignments: [
                        { externalDepotId: '110', date: DAY, key: 'TOUR', value: '5555' },
                    ],
                }),
                job('BAD-DATE', {
                    assignments: [
                        { externalDepotId: '110', date: '2026-02-30', key: 'TOUR', value: '1234' },
                    ],
                }),
            ],
        });
        expect(status).toBe(200);
        expect(body.created).toBe(1);
        expect(body.rejected.map((r) => [r.list, r.index, r.field, r.code])).toEqual([
            ['jobs', 0, '/externalJobId', 'JOB_EXTERNAL_ID_TOO_LONG'],
            ['jobs', 1, '/type', 'INVALID_JOB_TYPE'],
            // Milan's depot 200 belongs to another organisation: unknown to this credential.
            ['jobs', 2, '/assignments/0/externalDepotId', 'DEPOT_NOT_FOUND'],
            ['jobs', 4, '/address/latitude', 'COORDINATES_OUT_OF_RANGE'],
            ['jobs', 5, '/externalJobId', 'DUPLICATE_IN_BATCH'],
            ['jobs', 6, '/assignments/0/value', 'VEHICLE_NOT_FOUND'],
            ['jobs', 7, '/assignments/0/date', 'INVALID_DATE'],
            ['tours', 0, '/tourNumber', 'VEHICLE_NOT_FOUND'],
        ]);
        for (const id of ['BAD-TYPE', 'BAD-DEPOT', 'BAD-LAT', 'NO-VEHICLE', 'BAD-DATE'])
            expect(await jobRow(id)).toBeUndefined();
        expect(await jobRow('GOOD')).toBeDefined();
        const [unknownTour] = await t.db
            .select({ n: count() })
            .from(tours)
            .where(eq(tours.tourNumber, '5555'));
        expect(unknownTour?.n).toBe(0);
    });

    it('answers a malformed body with 400 naming the field, and writes nothing', async () => {
        const { status, body } = await post({
            jobs: [{ ...job('MALFORMED'), assignments: 'TOUR' }],
        });
        expect(status).toBe(400);
        expect(JSON.stringify(body.details)).toContain('/jobs/0/assignments');
        expect(await jobRow('MALFORMED')).toBeUndefined();
        const tooMany = await post({ jobs: Array.from({ length: 1001 }, (_, i) => job(`M${i}`)) });
        expect(tooMany.status).toBe(400);
    });

    it('needs a machine token with jobs:write', async () => {
        const reader = await machineTokenFor(t, ids.north, ['depots:read']);
        expect((await post({ jobs: [job('S1')] }, reader.token)).body.code).toBe(
            'INSUFFICIENT_SCOPE',
        );
        const user = await accessTokenFor(
            t.app,
            'org.admin@fixture.test',
            t.config.identity.clientId,
        );
        expect((await post({ jobs: [job('S2')] }, user)).status).toBe(401);
        expect(await jobRow('S1')).toBeUndefined();
        expect(await jobRow('S2')).toBeUndefined();
    });
});
