import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomWaypoint, DepotTourDetail } from '../../domain/contracts/depot-tours.js';
import type { DatabaseHandle } from '../../server/db/client.js';
import { listenToChannel } from '../../server/db/notifications.js';
import {
    auditLog,
    customWaypoints,
    tourProcessingQueue,
    tours,
    waypoints,
} from '../../server/db/schema/index.js';
import { ids, paths } from './helpers/fixtures.js';
import {
    depotTourUrl,
    makeTourWorld,
    settle,
    startTourGeocoder,
    type FakeGeocoder,
    type TourWorld,
} from './helpers/depot-tour-fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Custom waypoints of a depot's tour (issue 15 part 2, domain §2, §9): added by coordinates or
 * by address, applied by the next processing cycle as a stop of the tour (custom_waypoint_id set,
 * planned position as asked, ETA estimated), deleted (its stop removed unless done); bad
 * coordinates, addresses that cannot be placed, another depot's tour and a tour that is over are
 * refused with named errors, and nothing is written then.
 */

let t: TestApp;
let world: TourWorld;
let geocoder: FakeGeocoder;

beforeAll(async () => {
    geocoder = await startTourGeocoder();
    t = await createTestApp({ GEOCODER_URL: geocoder.url });
    world = await makeTourWorld(t);
});
afterAll(async () => {
    await t?.close();
    await geocoder?.close();
});

type Answer<T> = T & {
    code?: string;
    message?: string;
    details?: { field?: string; rule?: string }[];
};

async function call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    token: string,
    payload?: unknown,
) {
    const answer = await t.app.inject({
        method,
        url,
        headers: {
            authorization: `Bearer ${token}`,
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(payload === undefined
            ? {}
            : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    });
    return { status: answer.statusCode, body: answer.json<Answer<T>>() };
}

const add = (tourId: string, payload: unknown, token = world.tokens.full, path = paths.berlin) =>
    call<CustomWaypoint>('POST', depotTourUrl(tourId, path, '/custom-waypoints'), token, payload);
const remove = (tourId: string, id: string, token = world.tokens.full, path = paths.berlin) =>
    call<CustomWaypoint>('DELETE', depotTourUrl(tourId, path, `/custom-waypoints/${id}`), token);
const detail = async (tourId: string) =>
    (await call<DepotTourDetail>('GET', depotTourUrl(tourId), world.tokens.full)).body;

/** What the writes leave behind: custom waypoints, queued tours, audit entries. */
async function written() {
    const [stored] = await t.db.select({ n: count() }).from(customWaypoints);
    const [queued] = await t.db.select({ n: count() }).from(tourProcessingQueue);
    const [audited] = await t.db
        .select({ n: count() })
        .from(auditLog)
        .where(eq(auditLog.entityType, 'custom-waypoint'));
    return { stored: stored?.n, queued: queued?.n, audited: audited?.n };
}

/** The stops of a tour as `sequence street-or-name state`. */
const stopsOf = (tour: DepotTourDetail) =>
    tour.waypoints.map(
        (stop) => `${stop.plannedSequence} ${stop.name ?? stop.street} ${stop.state}`,
    );

describe('adding a custom waypoint', () => {
    it('stores it pending, queues the tour and wakes the processing, then the processing makes it a stop before the position asked', async () => {
        await settle(t);
        const handle: DatabaseHandle = {
            db: t.db,
            driver: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
            ping: async () => undefined,
            close: async () => undefined,
        };
        let told = 0;
        let listening!: () => void;
        const ready = new Promise<void>((resolve) => (listening = resolve));
        const stop = await listenToChannel(handle, 'tour_events', {
            onNotify: () => (told += 1),
            onListening: (on) => on && listening(),
        });
        await ready;
        const before = await written();
        const { status, body } = await add(world.tour10, {
            name: '  Pick up keys  ',
            latitude: 52.546,
            longitude: 13.41,
            position: 3,
        });
        expect(status).toBe(201);
        expect(body).toEqual({
            id: expect.any(String),
            name: 'Pick up keys',
            latitude: 52.546,
            longitude: 13.41,
            street: null,
            houseNo: null,
            postcode: null,
            locality: null,
            countryCode: null,
            position: 3,
            status: 'PENDING',
            waypointId: null,
            createdAt: expect.any(String),
        });
        expect(
            await t.db
                .select({ tourId: tourProcessingQueue.tourId })
                .from(tourProcessingQueue)
                .where(eq(tourProcessingQueue.tourId, world.tour10)),
        ).toEqual([{ tourId: world.tour10 }]);
        expect(await written()).toEqual({
            stored: (before.stored ?? 0) + 1,
            queued: (before.queued ?? 0) + 1,
            audited: (before.audited ?? 0) + 1,
        });
        await expect.poll(() => told, { timeout: 2_000 }).toBeGreaterThan(0);
        await stop();
        // Pending: the tour's stops are as they were, the custom waypoint is listed as pending.
        const pending = await detail(world.tour10);
        expect(pending.waypoints).toHaveLength(4);
        expect(pending.customWaypoints.map((c) => [c.id, c.status])).toEqual([
            [body.id, 'PENDING'],
        ]);

        await settle(t);
        const applied = await detail(world.tour10);
        expect(stopsOf(applied)).toEqual([
            '1 Street J1 DONE',
            '2 Street J2 DONE',
            '3 Pick up keys CURRENT',
            '4 Street J3 OPEN',
            '5 Street J4 OPEN',
        ]);
        const stopOfCustom = applied.waypoints[2];
        expect(stopOfCustom).toMatchObject({
            customWaypointId: body.id,
            latitude: 52.546,
            longitude: 13.41,
            jobsTotal: 0,
        });
        // The ETAs were estimated again at once: the new stop has one, and J3 comes after it.
        expect(stopOfCustom?.eta).not.toBeNull();
        expect(Date.parse(applied.waypoints[3]?.eta ?? '')).toBeGreaterThan(
            Date.parse(stopOfCustom?.eta ?? ''),
        );
        expect(applied.waypointsTotal).toBe(5);
        expect(applied.customWaypoints).toEqual([
            expect.objectContaining({
                id: body.id,
                status: 'APPLIED',
                waypointId: stopOfCustom?.id,
            }),
        ]);
        // A custom waypoint is placed on purpose: it is no address error.
        expect(applied.addressErrors.map((error) => error.plannedSequence)).toEqual([2, 4, 5]);

        // Deleted: the stop is removed by the next cycle; the next stop is J3 again.
        const deleted = await remove(world.tour10, body.id);
        expect(deleted.status).toBe(200);
        expect(deleted.body).toMatchObject({ id: body.id, status: 'REMOVING' });
        expect((await detail(world.tour10)).customWaypoints.map((c) => c.status)).toEqual([
            'REMOVING',
        ]);
        await settle(t);
        const removed = await detail(world.tour10);
        expect(stopsOf(removed)).toEqual([
            '1 Street J1 DONE',
            '2 Street J2 DONE',
            '4 Street J3 CURRENT',
            '5 Street J4 OPEN',
        ]);
        expect(removed.waypointsTotal).toBe(4);
        expect(removed.customWaypoints).toEqual([]);
        expect(
            await t.db.select().from(waypoints).where(eq(waypoints.customWaypointId, body.id)),
        ).toEqual([]);
    });

    it('puts one without a position (or past the end) last', async () => {
        const last = await add(world.tour20, { name: 'Fuel', latitude: 52.5, longitude: 13.42 });
        const beyond = await add(world.tour20, {
            name: 'Lunch',
            latitude: 52.49,
            longitude: 13.42,
            position: 99,
        });
        expect([last.status, beyond.status]).toEqual([201, 201]);
        await settle(t);
        expect(stopsOf(await detail(world.tour20))).toEqual([
            '1 Street H1 CURRENT',
            '2 Fuel OPEN',
            '3 Lunch OPEN',
        ]);
        for (const id of [last.body.id, beyond.body.id]) await remove(world.tour20, id);
        await settle(t);
        expect(stopsOf(await detail(world.tour20))).toEqual(['1 Street H1 CURRENT']);
    });

    it('places one by address through the geocoder', async () => {
        const { status, body } = await add(world.tour20, {
            name: 'Depot annex',
            address: {
                street: 'Invalidenstraße',
                houseNo: '10',
                postcode: '10115',
                locality: 'Berlin',
                countryCode: 'DE',
            },
        });
        expect(status).toBe(201);
        expect(body).toMatchObject({
            latitude: 52.515,
            longitude: 13.39,
            street: 'Invalidenstraße',
            houseNo: '10',
            postcode: '10115',
            locality: 'Berlin',
            countryCode: 'DE',
            status: 'PENDING',
        });
        await settle(t);
        const tour = await detail(world.tour20);
        expect(tour.waypoints.at(-1)).toMatchObject({
            customWaypointId: body.id,
            name: 'Depot annex',
            street: 'Invalidenstraße',
            houseNo: '10',
            postcode: '10115',
            countryCode: 'DE',
        });
        await remove(world.tour20, body.id);
        await settle(t);
    });

    it('never makes a stop of one deleted before the processing took it', async () => {
        const { body } = await add(world.tour20, { name: 'Gone', latitude: 52.5, longitude: 13.4 });
        await remove(world.tour20, body.id);
        await settle(t);
        const [row] = await t.db
            .select()
            .from(customWaypoints)
            .where(eq(customWaypoints.id, body.id));
        expect(row?.processedAt).not.toBeNull();
        expect(row?.waypointId).toBeNull();
        expect(stopsOf(await detail(world.tour20))).toEqual(['1 Street H1 CURRENT']);
    });

    it('keeps the stop of a deleted custom waypoint that was done by then', async () => {
        const { body } = await add(world.tour20, {
            name: 'Visited',
            latitude: 52.5,
            longitude: 13.4,
        });
        await settle(t);
        const [stop] = await t.db
            .select()
            .from(waypoints)
            .where(eq(waypoints.customWaypointId, body.id));
        // The driver was there meanwhile (set directly: the geofence rules have tests of their own).
        await t.db
            .update(waypoints)
            .set({ state: 'DONE', confirmation: 'SYSTEM', ata: new Date() })
            .where(eq(waypoints.id, stop?.id ?? ''));
        await remove(world.tour20, body.id);
        await settle(t);
        const tour = await detail(world.tour20);
        expect(tour.waypoints.find((w) => w.customWaypointId === body.id)?.state).toBe('DONE');
        expect(tour.customWaypoints).toEqual([]);
    });

    it('discards one whose tour finished before the processing took it', async () => {
        const { body } = await add(world.tour20, { name: 'Late', latitude: 52.5, longitude: 13.4 });
        await t.db.update(tours).set({ state: 'FINISHED' }).where(eq(tours.id, world.tour20));
        await settle(t);
        const tour = await detail(world.tour20);
        expect(tour.customWaypoints.map((c) => [c.id, c.status, c.waypointId])).toContainEqual([
            body.id,
            'DISCARDED',
            null,
        ]);
        expect(tour.waypoints.some((w) => w.customWaypointId === body.id)).toBe(false);
        await t.db.update(tours).set({ state: 'NOT_STARTED' }).where(eq(tours.id, world.tour20));
    });
});

describe('refusals, with nothing written', () => {
    const refusal = <T>(answer: { status: number; body: Answer<T> }) => ({
        status: answer.status,
        code: answer.body.code,
    });

    it.each([
        ['a latitude out of range', { latitude: 91, longitude: 13.4 }, 'OUT_OF_RANGE'],
        ['a longitude out of range', { latitude: 52.5, longitude: -180.5 }, 'OUT_OF_RANGE'],
        ['0/0', { latitude: 0, longitude: 0 }, 'NULL_ISLAND'],
        [
            'a place 255 km from the depot (Hamburg)',
            { latitude: 53.55, longitude: 9.99 },
            'TOO_FAR',
        ],
    ])('refuses %s with CUSTOM_WAYPOINT_COORDINATES_INVALID', async (_, place, rule) => {
        const before = await written();
        const answer = await add(world.tour10, { name: 'Bad', ...place });
        expect(refusal(answer)).toEqual({
            status: 400,
            code: 'CUSTOM_WAYPOINT_COORDINATES_INVALID',
        });
        expect(answer.body.details?.map((d) => [d.field, d.rule])).toEqual([
            ['/body/latitude', rule],
            ['/body/longitude', rule],
        ]);
        expect(await written()).toEqual(before);
    });

    it('refuses a coordinate that JSON turns into infinity (the schema takes finite numbers only)', async () => {
        const before = await written();
        const answer = await add(world.tour10, '{"name":"Bad","latitude":1e999,"longitude":13.4}');
        expect(refusal(answer)).toEqual({ status: 400, code: 'BAD_REQUEST' });
        expect(await written()).toEqual(before);
    });

    it.each([
        ['no name', { latitude: 52.5, longitude: 13.4 }],
        ['an empty name', { name: '', latitude: 52.5, longitude: 13.4 }],
        ['a name of spaces', { name: '   ', latitude: 52.5, longitude: 13.4 }],
        ['a name of 101 characters', { name: 'x'.repeat(101), latitude: 52.5, longitude: 13.4 }],
        ['a latitude without longitude', { name: 'A', latitude: 52.5 }],
        [
            'coordinates and an address',
            {
                name: 'A',
                latitude: 52.5,
                longitude: 13.4,
                address: { street: 'Hauptstraße', postcode: '10115', countryCode: 'DE' },
            },
        ],
        [
            'an address without street',
            { name: 'A', address: { postcode: '10115', countryCode: 'DE' } },
        ],
        ['a position of 0', { name: 'A', latitude: 52.5, longitude: 13.4, position: 0 }],
    ])('refuses %s with BAD_REQUEST', async (_, payload) => {
        const before = await written();
        expect(refusal(await add(world.tour10, payload))).toEqual({
            status: 400,
            code: 'BAD_REQUEST',
        });
        expect(await written()).toEqual(before);
    });

    it('refuses an address the geocoder cannot find, or finds far from the depot', async () => {
        const before = await written();
        const address = (locality: string) => ({
            name: 'Somewhere',
            address: { street: 'Hauptstraße', postcode: '10115', locality, countryCode: 'DE' },
        });
        const nowhere = await add(world.tour10, address('Nowhere'));
        expect(refusal(nowhere)).toEqual({
            status: 422,
            code: 'CUSTOM_WAYPOINT_ADDRESS_NOT_FOUND',
        });
        expect(nowhere.body.details?.[0]).toMatchObject({
            field: '/body/address/street',
            rule: 'addressNotFound',
        });
        const hamburg = await add(world.tour10, address('Hamburg'));
        expect(refusal(hamburg)).toEqual({
            status: 422,
            code: 'CUSTOM_WAYPOINT_ADDRESS_NOT_FOUND',
        });
        expect(hamburg.body.details?.[0]?.rule).toBe('TOO_FAR');
        expect(await written()).toEqual(before);
    });

    it('answers another depot’s tour, a foreign subcontractor’s and an unknown one alike (404)', async () => {
        const before = await written();
        const payload = { name: 'A', latitude: 52.5, longitude: 13.4 };
        const answers = [
            await add(world.tour10, payload, world.tokens.orgAdmin, paths.munich),
            await add(world.milan2, payload, world.tokens.orgAdmin),
            await add(world.tour20, payload, world.tokens.sucoTours),
            await add('no-such-tour', payload),
            await remove(world.tour20, 'anything', world.tokens.sucoTours),
        ];
        expect(answers.map(refusal)).toEqual(
            answers.map(() => ({ status: 404, code: 'NOT_FOUND' })),
        );
        expect(await written()).toEqual(before);
    });

    it('refuses callers without r:tour-details', async () => {
        const before = await written();
        const answer = await add(
            world.tour10,
            { name: 'A', latitude: 52.5, longitude: 13.4 },
            world.tokens.groupManager,
        );
        expect(refusal(answer)).toEqual({ status: 403, code: 'NO_PERMISSION' });
        expect(await written()).toEqual(before);
    });

    it('refuses a finished tour and a tour of a past day with CUSTOM_WAYPOINT_TOUR_FINISHED', async () => {
        // A custom waypoint stored on tour 30 before it finished (written directly).
        await t.db.insert(customWaypoints).values({
            id: 'cw-before-finish',
            tenantId: ids.north,
            tourId: world.tour30,
            scopePath: paths.sucoBerlin,
            name: 'Earlier',
            latitude: 52.5,
            longitude: 13.4,
            processedAt: new Date(),
        });
        const before = await written();
        const payload = { name: 'A', latitude: 52.5, longitude: 13.4 };
        const answers = [
            await add(world.tour30, payload),
            await add(world.yesterday10, payload),
            await remove(world.tour30, 'cw-before-finish'),
        ];
        expect(answers.map(refusal)).toEqual(
            answers.map(() => ({ status: 409, code: 'CUSTOM_WAYPOINT_TOUR_FINISHED' })),
        );
        expect(await written()).toEqual(before);
        const [kept] = await t.db
            .select()
            .from(customWaypoints)
            .where(eq(customWaypoints.id, 'cw-before-finish'));
        expect(kept?.deletedAt).toBeNull();
    });

    it('refuses deleting a custom waypoint that is not on the tour or already deleted', async () => {
        const { body } = await add(world.tour20, { name: 'Once', latitude: 52.5, longitude: 13.4 });
        expect((await remove(world.tour10, body.id)).status).toBe(404);
        expect((await remove(world.tour20, body.id)).status).toBe(200);
        expect(refusal(await remove(world.tour20, body.id))).toEqual({
            status: 404,
            code: 'NOT_FOUND',
        });
        await settle(t);
    });

    it('refuses more than 50 custom waypoints on one tour with CUSTOM_WAYPOINT_LIMIT_REACHED', async () => {
        await t.db.insert(customWaypoints).values(
            Array.from({ length: 50 }, (_, index) => ({
                id: `cw-limit-${index}`,
                tenantId: ids.north,
                tourId: world.tour20,
                scopePath: paths.sucoBerlin,
                name: `Stop ${index}`,
                latitude: 52.5,
                longitude: 13.4,
                processedAt: new Date(),
            })),
        );
        const before = await written();
        const answer = await add(world.tour20, {
            name: 'One more',
            latitude: 52.5,
            longitude: 13.4,
        });
        expect(refusal(answer)).toEqual({ status: 409, code: 'CUSTOM_WAYPOINT_LIMIT_REACHED' });
        expect(await written()).toEqual(before);
    });
});

describe('an installation without address lookup', () => {
    it('asks for coordinates instead of an address (CUSTOM_WAYPOINT_COORDINATES_REQUIRED)', async () => {
        const plain = await createTestApp();
        try {
            const other = await makeTourWorld(plain);
            const answer = await plain.app.inject({
                method: 'POST',
                url: depotTourUrl(other.tour10, paths.berlin, '/custom-waypoints'),
                headers: { authorization: `Bearer ${other.tokens.full}` },
                payload: {
                    name: 'By address',
                    address: { street: 'Hauptstraße', postcode: '10115', countryCode: 'DE' },
                },
            });
            expect(answer.statusCode).toBe(400);
            expect(answer.json<{ code: string }>().code).toBe(
                'CUSTOM_WAYPOINT_COORDINATES_REQUIRED',
            );
            const [stored] = await plain.db.select({ n: count() }).from(customWaypoints);
            expect(stored?.n).toBe(0);
        } finally {
            await plain.close();
        }
    }, 60_000);
});
