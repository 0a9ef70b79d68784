import { randomUUID } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
    DriverAppEvent,
    IngestionResult,
} from '../../domain/contracts/driver-app-ingestion.js';
import {
    driverAppLogins,
    tours,
    users,
    vehicles,
    vehicleStates,
    vehicleTrackers,
} from '../../server/db/schema/index.js';
import { driverAppEvents, positions } from '../../server/db/schema/partitioned.js';
import { accessTokenFor, addFixtureUsers, ids, paths, seedFixtures } from './helpers/fixtures.js';
import { referenceDataChanged } from '../../server/db/reference-data.js';
import { processQueuedTours } from '../../server/services/tour-commander/processing.js';
import { machineTokenFor } from './helpers/machine-fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Driver-app ingestion (issue 14 part 3): per-event rejections, idempotent retries, drivers, integrators, OsmAnd. */

let t: TestApp;
let integrator: string;
let otherOrganisation: string;
let driver: string;
let tourId: string;
let otherTourId: string;
/** A tour of another vehicle of the same depot. */
let colleagueTourId: string;
let jobIds: Record<string, string>;
// Today in the Berlin depot's time zone (the OsmAnd route finds the vehicle's tour of the depot's day).
const DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
const EVENTS = '/tour-commander/v1/external/driver-app/events';

type Answer = IngestionResult & { code?: string; details?: { field?: string }[]; message?: string };

async function post(url: string, bearer: string, events: unknown) {
    const response = await t.app.inject({
        method: 'POST',
        url,
        payload: { events } as object,
        headers: { authorization: `Bearer ${bearer}` },
    });
    return { status: response.statusCode, body: response.json<Answer>() };
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const position = (id: string, at = minutesAgo(5), tour = tourId): DriverAppEvent => ({
    eventId: id,
    type: 'POSITION',
    occurredAt: at,
    tourId: tour,
    position: { latitude: 52.52, longitude: 13.405, speed: 8, accuracy: 6 },
    battery: 81,
});

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
    const vehicle = (
        id: string,
        number: string,
        depotId: string,
        suco: string,
        path: string,
        tenantId: string,
    ) => ({
        id,
        tenantId,
        depotId,
        subcontractorId: suco,
        number,
        scopePath: path,
    });
    await t.db
        .insert(vehicles)
        .values([
            vehicle('veh-1234', '1234', ids.berlin, ids.sucoBerlin, paths.sucoBerlin, ids.north),
            vehicle('veh-2222', '2222', ids.berlin, ids.sucoBerlin, paths.sucoBerlin, ids.north),
            vehicle(
                'veh-milan',
                '3333',
                ids.milan,
                ids.sucoMilan,
                `${paths.milan}.${ids.sucoMilan}`,
                ids.north1,
            ),
        ]);
    const importer = (await machineTokenFor(t, ids.north, ['jobs:write'])).token;
    const address = {
        street: 'Invalidenstraße',
        postcode: '10115',
        countryCode: 'DE',
        latitude: 52.53,
        longitude: 13.38,
    };
    const imported = await t.app.inject({
        method: 'POST',
        url: '/data-gateway/api/v1/external/jobs',
        headers: { authorization: `Bearer ${importer}` },
        payload: {
            jobs: [
                {
                    externalJobId: 'D1',
                    type: 'DELIVERY',
                    address,
                    assignments: [
                        { externalDepotId: '110', date: DAY, key: 'TOUR', value: '1234' },
                    ],
                },
                {
                    externalJobId: 'P1',
                    type: 'PICKUP',
                    address,
                    assignments: [
                        { externalDepotId: '110', date: DAY, key: 'TOUR', value: '1234' },
                    ],
                },
                {
                    externalJobId: 'C1',
                    type: 'DELIVERY',
                    address,
                    assignments: [
                        { externalDepotId: '110', date: DAY, key: 'TOUR', value: '2222' },
                    ],
                },
            ],
        },
    });
    expect(imported.json()).toMatchObject({ created: 3, rejected: [] });
    const italian = (await machineTokenFor(t, ids.north1, ['jobs:write'])).token;
    await t.app.inject({
        method: 'POST',
        url: '/data-gateway/api/v1/external/jobs',
        headers: { authorization: `Bearer ${italian}` },
        payload: {
            jobs: [
                {
                    externalJobId: 'M1',
                    type: 'DELIVERY',
                    address: { ...address, countryCode: 'IT' },
                    assignments: [
                        { externalDepotId: '200', date: DAY, key: 'TOUR', value: '3333' },
                    ],
                },
            ],
        },
    });
    const tourRows = await t.db.query.tours.findMany();
    tourId = tourRows.find((row) => row.vehicleId === 'veh-1234')?.id ?? '';
    otherTourId = tourRows.find((row) => row.vehicleId === 'veh-milan')?.id ?? '';
    colleagueTourId = tourRows.find((row) => row.vehicleId === 'veh-2222')?.id ?? '';
    const jobRows = await t.db.query.jobs.findMany();
    jobIds = Object.fromEntries(jobRows.map((row) => [row.externalJobId, row.id]));
    integrator = (await machineTokenFor(t, ids.north, ['events:write'])).token;
    otherOrganisation = (await machineTokenFor(t, ids.north1, ['events:write'])).token;
    await addFixtureUsers(t.db, [
        {
            key: 'driver',
            type: 'Driver',
            email: 'driver@fixture.test',
            tenantId: ids.north,
            roles: [],
        },
        {
            key: 'manager',
            type: 'BackofficeManager',
            email: 'manager@fixture.test',
            tenantId: ids.north,
            roles: [],
        },
    ]);
    await t.db.update(users).set({ vehicleId: 'veh-1234' }).where(eq(users.id, 'user-driver'));
    driver = await accessTokenFor(t.app, 'driver@fixture.test', t.config.identity.clientId);
});
afterAll(async () => {
    await t.close();
});

describe('POST /tour-commander/v1/external/driver-app/events (API credentials)', () => {
    it('stores the events, keeps the latest state of the vehicle, and stores a retried batch once', async () => {
        const batch: DriverAppEvent[] = [
            {
                eventId: 'login-1',
                type: 'LOGIN',
                occurredAt: minutesAgo(30),
                tourId,
                device: { model: 'TC52', appVersion: '4.2.0' },
            },
            position('pos-1', minutesAgo(20)),
            position('pos-2', minutesAgo(10)),
            {
                eventId: 'scan-1',
                type: 'SCAN',
                occurredAt: minutesAgo(9),
                tourId,
                jobId: 'D1',
                parcelNumber: 'X1',
            },
            {
                eventId: 'status-1',
                type: 'STATUS_CHANGE',
                occurredAt: minutesAgo(8),
                tourId,
                jobId: jobIds.D1,
                outcome: 'DELIVERED_TO_NEIGHBOUR',
            },
        ];
        const first = await post(EVENTS, integrator, batch);
        expect(first).toEqual({ status: 200, body: { accepted: 5, rejected: [] } });
        const retry = await post(EVENTS, integrator, batch);
        expect(retry.body.accepted).toBe(0);
        expect(retry.body.rejected.map((r) => [r.index, r.code])).toEqual([
            [0, 'DUPLICATE_EVENT'],
            [1, 'DUPLICATE_EVENT'],
            [2, 'DUPLICATE_EVENT'],
            [3, 'DUPLICATE_EVENT'],
            [4, 'DUPLICATE_EVENT'],
        ]);
        const [stored] = await t.db.select({ n: count() }).from(positions);
        expect(stored?.n).toBe(2);
        const others = await t.db.select().from(driverAppEvents);
        expect(others.map((row) => row.type).sort()).toEqual(['LOGIN', 'SCAN', 'STATUS_CHANGE']);
        expect(others.find((row) => row.type === 'SCAN')?.jobId).toBe(jobIds.D1);
        // The login is also kept beside the events (app licences), once although posted twice.
        const logins = await t.db.select().from(driverAppLogins);
        expect(
            logins.map((row) => [
                row.eventId,
                row.tourId,
                row.vehicleId,
                row.depotId,
                row.scopePath,
                row.userId,
                row.occurredAt.toISOString(),
            ]),
        ).toEqual([
            [
                'login-1',
                tourId,
                'veh-1234',
                ids.berlin,
                paths.sucoBerlin,
                null,
                batch[0]?.occurredAt,
            ],
        ]);
        const [state] = await t.db
            .select()
            .from(vehicleStates)
            .where(eq(vehicleStates.vehicleId, 'veh-1234'));
        expect(state?.positionAt?.toISOString()).toBe(batch[2]?.occurredAt);
        expect([state?.tourId, state?.latitude, state?.battery, state?.lastEventType]).toEqual([
            tourId,
            52.52,
            81,
            'STATUS_CHANGE',
        ]);
        expect(state?.scopePath).toBe(paths.sucoBerlin);

        // An older position arriving late is stored but does not replace the newer one.
        await post(EVENTS, integrator, [
            {
                ...position('pos-late', minutesAgo(60)),
                position: { latitude: 52.4, longitude: 13.3 },
            },
        ]);
        const [after] = await t.db
            .select()
            .from(vehicleStates)
            .where(eq(vehicleStates.vehicleId, 'veh-1234'));
        expect(after?.latitude).toBe(52.52);
    });

    it("names a login's driver by driverId: a driver-app account of the organisation, else UNKNOWN_DRIVER", async () => {
        const login = (eventId: string, driverId: string, tour = tourId): DriverAppEvent => ({
            eventId,
            type: 'LOGIN',
            occurredAt: minutesAgo(4),
            tourId: tour,
            driverId,
        });
        const { body } = await post(EVENTS, integrator, [
            login('drv-login-1', 'user-driver'),
            login('drv-login-2', 'user-manager'),
            login('drv-login-3', 'nobody'),
        ]);
        expect(body, JSON.stringify(body)).toMatchObject({ accepted: 1 });
        expect(body.rejected.map((r) => [r.index, r.field, r.code])).toEqual([
            [1, '/driverId', 'UNKNOWN_DRIVER'],
            [2, '/driverId', 'UNKNOWN_DRIVER'],
        ]);
        // Another organisation cannot name this one's driver.
        const other = await post(EVENTS, otherOrganisation, [
            login('drv-login-4', 'user-driver', otherTourId),
        ]);
        expect(other.body.rejected.map((r) => r.code)).toEqual(['UNKNOWN_DRIVER']);
        const [event] = await t.db
            .select()
            .from(driverAppEvents)
            .where(eq(driverAppEvents.eventId, 'drv-login-1'));
        expect([event?.userId, event?.payload]).toEqual(['user-driver', {}]);
        const [stored] = await t.db
            .select()
            .from(driverAppLogins)
            .where(eq(driverAppLogins.eventId, 'drv-login-1'));
        expect(stored?.userId).toBe('user-driver');
        // The processing makes the account the tour's driver.
        await processQueuedTours(t.db);
        const [tour] = await t.db.select().from(tours).where(eq(tours.id, tourId));
        expect(tour?.driverId).toBe('user-driver');
    });

    it("writes a tour's new scope path once the master data changed (a depot move)", async () => {
        await post(EVENTS, integrator, [position('scope-1', minutesAgo(3))]);
        // What a depot's move does to its tours, then the move's own signal.
        const moved = `${paths.sucoBerlin}-moved`;
        await t.db.update(tours).set({ scopePath: moved }).where(eq(tours.id, tourId));
        referenceDataChanged(t.db);
        const scan: DriverAppEvent = {
            eventId: 'scope-2',
            type: 'SCAN',
            occurredAt: minutesAgo(2),
            tourId,
            parcelNumber: 'X9',
        };
        expect((await post(EVENTS, integrator, [scan])).body.accepted).toBe(1);
        const [stored] = await t.db
            .select()
            .from(driverAppEvents)
            .where(eq(driverAppEvents.eventId, 'scope-2'));
        expect(stored?.scopePath).toBe(moved);
        await t.db.update(tours).set({ scopePath: paths.sucoBerlin }).where(eq(tours.id, tourId));
        referenceDataChanged(t.db);
    });

    it('stores an event of two concurrent batches once, and keeps the newest position of both', async () => {
        const at = (id: string, minutes: number, latitude: number): DriverAppEvent => ({
            ...position(id, minutesAgo(minutes)),
            position: { latitude, longitude: 13.405 },
        });
        // The same event (sender, id and time) in both.
        const twice = at('race-1', 1.5, 52.5);
        const [first, second] = await Promise.all([
            post(EVENTS, integrator, [twice, at('race-a', 1.4, 52.51)]),
            post(EVENTS, integrator, [twice, at('race-b', 1, 52.53)]),
        ]);
        const codes = [...first.body.rejected, ...second.body.rejected].map((r) => [
            r.index,
            r.code,
        ]);
        expect([first.body.accepted + second.body.accepted, codes]).toEqual([
            3,
            [[0, 'DUPLICATE_EVENT']],
        ]);
        const stored = await t.db
            .select({ eventId: positions.eventId })
            .from(positions)
            .where(inArray(positions.eventId, ['race-1', 'race-a', 'race-b']));
        expect(stored.map((row) => row.eventId).sort()).toEqual(['race-1', 'race-a', 'race-b']);
        const [state] = await t.db
            .select()
            .from(vehicleStates)
            .where(eq(vehicleStates.vehicleId, 'veh-1234'));
        expect(state?.latitude).toBe(52.53);
    });

    it('rejects each bad event with its index, field and reason, and stores the others', async () => {
        const future = new Date(Date.now() + 10 * 60_000).toISOString();
        const { status, body } = await post(EVENTS, integrator, [
            position('ok-1'),
            position('bad-tour', minutesAgo(5), 'no-such-tour'),
            position('foreign-tour', minutesAgo(5), otherTourId),
            { ...position('bad-lat'), position: { latitude: 95, longitude: 13 } },
            position('future', future),
            {
                eventId: 'bad-outcome',
                type: 'STATUS_CHANGE',
                occurredAt: minutesAgo(4),
                tourId,
                jobId: 'P1',
                outcome: 'DELIVERED_TO_CONSIGNEE',
            },
            {
                eventId: 'no-reason',
                type: 'STATUS_CHANGE',
                occurredAt: minutesAgo(4),
                tourId,
                jobId: 'D1',
                outcome: 'DELIVERY_FAILED',
            },
            {
                eventId: 'bad-job',
                type: 'STATUS_CHANGE',
                occurredAt: minutesAgo(4),
                tourId,
                jobId: 'M1',
                outcome: 'DELIVERED_TO_CONSIGNEE',
            },
            { eventId: 'no-position', type: 'POSITION', occurredAt: minutesAgo(4), tourId },
            position('ok-1'),
            {
                eventId: 'failed',
                type: 'STATUS_CHANGE',
                occurredAt: minutesAgo(3),
                tourId,
                jobId: 'P1',
                outcome: 'PICKUP_FAILED',
                reason: 'ABSENT',
            },
        ]);
        expect(status).toBe(200);
        expect(body.accepted).toBe(2);
        expect(body.rejected.map((r) => [r.index, r.field, r.code])).toEqual([
            [1, '/tourId', 'UNKNOWN_TOUR'],
            // Another organisation's tour is unknown to this credential.
            [2, '/tourId', 'UNKNOWN_TOUR'],
            [3, '/position/latitude', 'COORDINATES_OUT_OF_RANGE'],
            [4, '/occurredAt', 'TIMESTAMP_IN_FUTURE'],
            [5, '/outcome', 'OUTCOME_NOT_FOR_JOB_TYPE'],
            [6, '/reason', 'MISSING_FIELD'],
            [7, '/jobId', 'UNKNOWN_JOB'],
            [8, '/position', 'MISSING_FIELD'],
            [9, '/eventId', 'DUPLICATE_EVENT'],
        ]);
        const ids_ = (await t.db.select({ id: positions.eventId }).from(positions)).map(
            (r) => r.id,
        );
        expect(ids_).toContain('ok-1');
        for (const id of ['bad-tour', 'foreign-tour', 'bad-lat', 'future'])
            expect(ids_).not.toContain(id);
    });

    it('answers a malformed batch with 400 naming the field and stores nothing of it', async () => {
        const { status, body } = await post(EVENTS, integrator, [
            { ...position('malformed'), type: 'TELEPORT' },
        ]);
        expect(status).toBe(400);
        expect(JSON.stringify(body.details)).toContain('/events/0/type');
        const tooMany = await post(
            EVENTS,
            integrator,
            Array.from({ length: 501 }, (_, i) => position(`m${i}`)),
        );
        expect(tooMany.status).toBe(400);
        const [none] = await t.db
            .select({ n: count() })
            .from(positions)
            .where(eq(positions.eventId, 'malformed'));
        expect(none?.n).toBe(0);
    });

    it('refuses user tokens and tokens without events:write', async () => {
        expect((await post(EVENTS, driver, [position('u1')])).status).toBe(401);
        const reader = (await machineTokenFor(t, ids.north, ['depots:read'])).token;
        expect((await post(EVENTS, reader, [position('u2')])).body.code).toBe('INSUFFICIENT_SCOPE');
        expect(
            (await post(EVENTS, otherOrganisation, [position('u3')])).body.rejected[0]?.code,
        ).toBe('UNKNOWN_TOUR');
    });
});

describe('POST /tour-commander/v1/driver-app/events (the driver app)', () => {
    const URL = '/tour-commander/v1/driver-app/events';

    it('refuses a driver posting as another account (UNKNOWN_DRIVER), and takes their own id', async () => {
        const as = (eventId: string, driverId: string): DriverAppEvent => ({
            ...position(eventId),
            driverId,
        });
        const { body } = await post(URL, driver, [
            as('drv-as-1', 'user-manager'),
            as('drv-as-2', 'user-driver'),
        ]);
        expect(body.accepted).toBe(1);
        expect(body.rejected.map((r) => [r.index, r.field, r.code])).toEqual([
            [0, '/driverId', 'UNKNOWN_DRIVER'],
        ]);
    });

    it("stores the driver's events for their own vehicle's tour and refuses other tours", async () => {
        const { body } = await post(URL, driver, [
            position('drv-1'),
            position('drv-2', minutesAgo(5), colleagueTourId),
            position('drv-4', minutesAgo(5), otherTourId),
        ]);
        expect(body.accepted).toBe(1);
        expect(body.rejected.map((r) => [r.index, r.code])).toEqual([
            [1, 'NOT_YOUR_TOUR'],
            [2, 'UNKNOWN_TOUR'],
        ]);
        await t.db.update(users).set({ vehicleId: 'veh-2222' }).where(eq(users.id, 'user-driver'));
        const moved = await post(URL, driver, [position('drv-3')]);
        expect(moved.body.rejected.map((r) => r.code)).toEqual(['NOT_YOUR_TOUR']);
        await t.db.update(users).set({ vehicleId: 'veh-1234' }).where(eq(users.id, 'user-driver'));
    });

    it('refuses back-office users and machine tokens', async () => {
        const manager = await accessTokenFor(
            t.app,
            'manager@fixture.test',
            t.config.identity.clientId,
        );
        const refused = await post(URL, manager, [position('bo-1')]);
        expect([refused.status, refused.body.code]).toEqual([403, 'NO_PERMISSION']);
        expect((await post(URL, integrator, [position('bo-2')])).status).toBe(401);
    });
});

describe('the OsmAnd protocol (/tour-commander/v1/osmand)', () => {
    const osmand = (
        query: string,
        init: {
            method?: 'GET' | 'POST';
            payload?: string | object;
            type?: string;
            ip?: string;
        } = {},
    ) =>
        t.app.inject({
            method: init.method ?? 'GET',
            url: `/tour-commander/v1/osmand${query}`,
            payload: init.payload,
            headers: init.type ? { 'content-type': init.type } : {},
            remoteAddress: init.ip ?? '127.0.0.10',
        });
    const identifier = `tracker-${randomUUID().slice(0, 8)}`;

    it('refuses an unknown tracker id with 400, and throttles an address that keeps sending them', async () => {
        const unknown = await osmand(`/?id=unknown-1&lat=52.5&lon=13.4`, { ip: '127.0.0.77' });
        expect(unknown.statusCode).toBe(400);
        expect(unknown.json()).toMatchObject({ code: 'UNKNOWN_TRACKER' });
        for (let n = 0; n < 19; n++)
            await osmand(`/?id=unknown-${n}&lat=52.5&lon=13.4`, { ip: '127.0.0.77' });
        expect(
            (await osmand(`/?id=unknown-x&lat=52.5&lon=13.4`, { ip: '127.0.0.77' })).statusCode,
        ).toBe(429);
        // Another address is not affected.
        expect(
            (await osmand(`/?id=unknown-y&lat=52.5&lon=13.4`, { ip: '127.0.0.78' })).statusCode,
        ).toBe(400);
    });

    it('accepts positions of a tracker registered to a vehicle, as query, form and JSON, once per time', async () => {
        const orgAdmin = await accessTokenFor(
            t.app,
            'org.admin@fixture.test',
            t.config.identity.clientId,
        );
        const registered = await t.app.inject({
            method: 'POST',
            url: '/api/vehicles/veh-1234/trackers',
            headers: { authorization: `Bearer ${orgAdmin}` },
            payload: { identifier },
        });
        expect(registered.statusCode).toBe(201);
        const taken = await t.app.inject({
            method: 'POST',
            url: '/api/vehicles/veh-2222/trackers',
            headers: { authorization: `Bearer ${orgAdmin}` },
            payload: { identifier },
        });
        expect([taken.statusCode, taken.json<{ code: string }>().code]).toEqual([
            409,
            'DUPLICATE_TRACKER',
        ]);

        const seconds = Math.floor(Date.now() / 1000) - 60;
        const query = await osmand(
            `/?id=${identifier}&timestamp=${seconds}&lat=52.51&lon=13.39&speed=10&bearing=90&altitude=40&accuracy=5&batt=64`,
        );
        expect([query.statusCode, query.body]).toEqual([200, '']);
        const again = await osmand(`/?id=${identifier}&timestamp=${seconds}&lat=52.51&lon=13.39`);
        expect(again.statusCode).toBe(200);
        const form = await osmand('', {
            method: 'POST',
            type: 'application/x-www-form-urlencoded',
            payload: `id=${identifier}&timestamp=${seconds + 10}&lat=52.512&lon=13.391`,
        });
        expect(form.statusCode).toBe(200);
        const json = await osmand('', {
            method: 'POST',
            type: 'application/json',
            payload: {
                device_id: identifier,
                location: {
                    timestamp: new Date((seconds + 20) * 1000).toISOString(),
                    coords: {
                        latitude: 52.513,
                        longitude: 13.392,
                        speed: 4.5,
                        heading: 180,
                        accuracy: 8,
                    },
                    battery: { level: 0.5, is_charging: false },
                },
            },
        });
        expect(json.statusCode).toBe(200);
        const [tracker] = await t.db
            .select()
            .from(vehicleTrackers)
            .where(eq(vehicleTrackers.identifier, identifier));
        const stored = await t.db
            .select()
            .from(positions)
            .where(eq(positions.sourceKey, `t:${tracker?.id}`));
        expect(stored.map((row) => [row.latitude, row.tourId]).sort()).toEqual([
            [52.51, tourId],
            [52.512, tourId],
            [52.513, tourId],
        ]);
        // 10 knots in metres per second.
        expect(stored.find((row) => row.latitude === 52.51)?.speed).toBeCloseTo(5.1444, 3);
        const [state] = await t.db
            .select()
            .from(vehicleStates)
            .where(eq(vehicleStates.vehicleId, 'veh-1234'));
        expect([state?.latitude, state?.battery]).toEqual([52.513, 50]);
        expect(tracker?.lastSeenAt).not.toBeNull();
    });

    it('answers a position it cannot read with 400 naming the parameter', async () => {
        const missing = await osmand(`/?id=${identifier}&lat=52.5`);
        expect(missing.statusCode).toBe(400);
        expect(missing.json<{ details: { field: string }[] }>().details[0]?.field).toBe('lon');
        const future = await osmand(
            `/?id=${identifier}&lat=52.5&lon=13.4&timestamp=${Math.floor(Date.now() / 1000) + 3600}`,
        );
        expect(future.json<{ details: { field: string }[] }>().details[0]?.field).toBe('timestamp');
    });
});
