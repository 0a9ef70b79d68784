import { count, eq, sql } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
    FleetDeltaFrame,
    FleetFullFrame,
    FleetSnapshot,
    LiveDeltaFrame,
    LiveFullFrame,
    LiveServerMessage,
    LiveSnapshot,
} from '../../domain/contracts/live-status.js';
import type { DriverAppEvent } from '../../domain/contracts/driver-app-ingestion.js';
import {
    subcontractors,
    tenantConfigRevisions,
    tourProcessingQueue,
    tours,
    vehicles,
} from '../../server/db/schema/index.js';
import { processQueuedTours } from '../../server/services/tour-commander/processing.js';
import { accessTokenFor, addFixtureUsers, ids, paths, seedFixtures } from './helpers/fixtures.js';
import { machineTokenFor } from './helpers/machine-fixtures.js';
import { createSecondTestApp, createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The live status (issue 15 parts 1 and 3): the snapshot route and the live stream, filtered by
 * the caller's scopes; a malformed or unauthenticated message closes only its own connection.
 */

let t: TestApp;
let eventsToken: string;
const tokens: Record<string, string> = {};
const tourOf: Record<'berlin' | 'hamburg', string> = { berlin: '', hamburg: '' };
const DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

async function settle() {
    for (let round = 0; round < 50; round++) {
        await processQueuedTours(t.db);
        const [queued] = await t.db.select({ n: count() }).from(tourProcessingQueue);
        await t.db.transaction(async (tx) => {
            await tx.execute(sql`select 1 from tours for update`);
        });
        if (queued?.n === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
    }
}

/** Vehicle `number` of a depot and today's tour of it with two stops north of the depot. */
async function addTour(
    depot: 'berlin' | 'hamburg',
    number: string,
    origin: { latitude: number; longitude: number },
) {
    const depotIds = {
        berlin: { id: ids.berlin, external: '110', path: paths.sucoBerlin, suco: ids.sucoBerlin },
        hamburg: {
            id: ids.hamburg,
            external: '9',
            path: `${paths.hamburg}.suco-hamburg`,
            suco: 'suco-hamburg',
        },
    }[depot];
    await t.db.insert(vehicles).values({
        id: `veh-${number}`,
        tenantId: ids.north,
        depotId: depotIds.id,
        subcontractorId: depotIds.suco,
        number,
        scopePath: depotIds.path,
    });
    const importer = (await machineTokenFor(t, ids.north, ['jobs:write'])).token;
    const imported = await t.app.inject({
        method: 'POST',
        url: '/data-gateway/api/v1/external/jobs',
        headers: { authorization: `Bearer ${importer}` },
        payload: {
            jobs: [1, 2].map((sequence) => ({
                externalJobId: `${number}-J${sequence}`,
                type: 'DELIVERY',
                address: {
                    street: `Street ${number}-${sequence}`,
                    postcode: '10115',
                    countryCode: 'DE',
                    latitude: origin.latitude + 0.01 * sequence,
                    longitude: origin.longitude,
                },
                assignments: [
                    {
                        externalDepotId: depotIds.external,
                        date: DAY,
                        key: 'TOUR',
                        value: number,
                        sequence,
                    },
                ],
            })),
        },
    });
    expect(imported.json()).toMatchObject({ created: 2 });
    const [tour] = await t.db
        .select()
        .from(tours)
        .where(eq(tours.vehicleId, `veh-${number}`));
    tourOf[depot] = tour?.id ?? '';
}

const position = (tourId: string, id: string, latitude: number, longitude: number, at: string) =>
    ({
        eventId: id,
        type: 'POSITION',
        occurredAt: at,
        tourId,
        position: { latitude, longitude, speed: 8 },
    }) satisfies DriverAppEvent;

async function postEvents(batch: DriverAppEvent[]) {
    const answer = await t.app.inject({
        method: 'POST',
        url: '/tour-commander/v1/external/driver-app/events',
        headers: { authorization: `Bearer ${eventsToken}` },
        payload: { events: batch },
    });
    expect(answer.json()).toMatchObject({ rejected: [] });
}

const snapshot = (who: string, path: string) =>
    t.app.inject({
        method: 'GET',
        url: `/tour-commander/v1/live-status?path=${encodeURIComponent(path)}`,
        headers: { authorization: `Bearer ${tokens[who]}` },
    });

/** A WebSocket to the app with every message it received. */
class Client {
    readonly messages: LiveServerMessage[] = [];
    closed: { code: number; reason: string } | undefined;
    private constructor(readonly ws: WebSocket) {
        ws.on('message', (data) => this.messages.push(JSON.parse(String(data))));
        ws.on('close', (code, reason) => (this.closed = { code, reason: String(reason) }));
    }
    static async open(server = t): Promise<Client> {
        return new Client(await server.app.injectWS('/tour-commander/v1/live/socket'));
    }
    send(message: unknown) {
        this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
    }
    async waitFor<M extends LiveServerMessage>(
        test: (message: LiveServerMessage) => message is M,
        timeoutMs = 8_000,
    ): Promise<M> {
        const end = Date.now() + timeoutMs;
        for (;;) {
            const found = this.messages.find(test);
            if (found) return found;
            if (Date.now() > end)
                throw new Error(`no such message in ${JSON.stringify(this.messages)}`);
            await new Promise((resolve) => setTimeout(resolve, 25));
        }
    }
    async waitClosed(timeoutMs = 5_000) {
        const end = Date.now() + timeoutMs;
        while (!this.closed && Date.now() < end)
            await new Promise((resolve) => setTimeout(resolve, 25));
        return this.closed;
    }
}

const isFull = (m: LiveServerMessage): m is LiveFullFrame => m.type === 'full';
const isReady = (m: LiveServerMessage): m is Extract<LiveServerMessage, { type: 'ready' }> =>
    m.type === 'ready';

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
    await addFixtureUsers(
        t.db,
        [
            {
                key: 'liveBerlin',
                type: 'BackofficeManager',
                email: 'live.berlin@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-live', scopePath: paths.berlin }],
            },
            {
                key: 'liveNorth',
                type: 'BackofficeManager',
                email: 'live.north@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-live-tenant', scopePath: ids.north }],
            },
            {
                key: 'liveHamburg',
                type: 'BackofficeManager',
                email: 'live.hamburg@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-live', scopePath: paths.hamburg }],
            },
        ],
        [
            {
                id: 'role-live',
                name: 'Live',
                contexts: ['DEPOT'],
                actions: ['r:tour', 'r:live-status-map'],
            },
            {
                id: 'role-live-tenant',
                name: 'Live organisation',
                contexts: ['TENANT'],
                actions: ['r:tour', 'r:live-status-map'],
            },
        ],
    );
    await t.db.insert(subcontractors).values({
        id: 'suco-hamburg',
        tenantId: ids.north,
        depotId: ids.hamburg,
        name: 'Alster Kurier',
        code: 'AK1',
        scopePath: `${paths.hamburg}.suco-hamburg`,
    });
    // Ticks of one second (the fastest the stream goes).
    await t.db.insert(tenantConfigRevisions).values({
        id: 'cfg-north-1',
        tenantId: ids.north,
        revision: 1,
        document: { frontend: { liveDashboardRefreshIntervalInSec: 1 } },
    });
    const clientId = t.config.identity.clientId;
    for (const [key, email] of [
        ['liveBerlin', 'live.berlin@fixture.test'],
        ['liveHamburg', 'live.hamburg@fixture.test'],
        ['liveNorth', 'live.north@fixture.test'],
        ['groupManager', 'group.manager@fixture.test'],
    ] as const)
        tokens[key] = await accessTokenFor(t.app, email, clientId);
    await addTour('berlin', '1234', { latitude: 52.52, longitude: 13.405 });
    await addTour('hamburg', '5678', { latitude: 53.551, longitude: 9.993 });
    eventsToken = (await machineTokenFor(t, ids.north, ['events:write'])).token;
    await postEvents([
        position(tourOf.berlin, 'b1', 52.526, 13.405, secondsAgo(120)),
        position(tourOf.berlin, 'b2', 52.527, 13.406, secondsAgo(60)),
        position(tourOf.hamburg, 'h1', 53.557, 9.993, secondsAgo(120)),
        position(tourOf.hamburg, 'h2', 53.558, 9.994, secondsAgo(60)),
    ]);
    await settle();
});
afterAll(async () => {
    await t.close();
});

describe('live status snapshot', () => {
    it("answers the depot's tours, flags and positions to a user with the map right", async () => {
        const answer = await snapshot('liveBerlin', paths.berlin);
        expect(answer.statusCode).toBe(200);
        const body = answer.json<LiveSnapshot>();
        expect(body.depot).toMatchObject({ internalDepotId: ids.berlin, externalDepotId: '110' });
        expect(body.date).toBe(DAY);
        expect(body.settings).toMatchObject({
            mapAllowed: true,
            withinBusinessHours: true,
            refreshIntervalSec: 1,
        });
        expect(
            body.tours.map((tour) => [tour.tourNumber, tour.state, tour.waypointsTotal]),
        ).toEqual([['1234', 'ON_ROAD', 2]]);
        const [tour] = body.tours;
        expect(tour).toMatchObject({
            vehicleNumber: '1234',
            subcontractorName: expect.any(String),
            behindAverage: false,
            outdated: false,
            outdatedReason: null,
            mapState: 'ON_ROAD',
            appUsage: 'NORMAL',
        });
        expect(body.positions).toEqual([
            expect.objectContaining({ tourId: tourOf.berlin, latitude: 52.527, longitude: 13.406 }),
        ]);
        // The row's times are to the minute (a row changes with its figures, not every position);
        // the position keeps its exact time.
        const exact = Date.parse(body.positions[0]?.at ?? '');
        expect(Date.parse(tour?.lastPositionAt ?? '')).toBe(Math.floor(exact / 60_000) * 60_000);
        expect(exact % 60_000).not.toBe(0);
    });

    it('leaves positions out for a user without r:live-status-map', async () => {
        const answer = await snapshot('groupManager', paths.berlin);
        expect(answer.statusCode).toBe(200);
        const body = answer.json<LiveSnapshot>();
        expect(body.tours).toHaveLength(1);
        expect(body.positions).toEqual([]);
        expect(body.settings.mapAllowed).toBe(false);
    });

    it("refuses another depot's path, and a path that names no depot", async () => {
        expect((await snapshot('liveBerlin', paths.hamburg)).statusCode).toBe(403);
        const unknown = await snapshot('groupManager', `${paths.groupA}.dep-nowhere`);
        expect([unknown.statusCode, unknown.json().code]).toEqual([403, 'NO_DATA_PERMISSION']);
        const malformed = await snapshot('liveBerlin', 'north');
        expect(malformed.statusCode).toBe(400);
    });
});

describe('live stream', () => {
    it('sends a full frame, then only the changes the subscriber may see, with sequence numbers', async () => {
        const berlin = await Client.open();
        const hamburg = await Client.open();
        for (const [client, who, path] of [
            [berlin, 'liveBerlin', paths.berlin],
            [hamburg, 'liveHamburg', paths.hamburg],
        ] as const) {
            client.send({ type: 'auth', token: tokens[who] });
            await client.waitFor(isReady);
            client.send({ type: 'subscribe', path });
        }
        const full = await berlin.waitFor(isFull);
        expect(full.snapshot.tours.map((tour) => tour.id)).toEqual([tourOf.berlin]);
        expect(full.snapshot.positions.map((p) => p.tourId)).toEqual([tourOf.berlin]);
        await hamburg.waitFor(isFull);

        await postEvents([
            position(tourOf.berlin, 'b3', 52.529, 13.407, secondsAgo(1)),
            position(tourOf.hamburg, 'h3', 53.559, 9.995, secondsAgo(1)),
        ]);
        const moved = await berlin.waitFor(
            (m): m is LiveDeltaFrame =>
                m.type === 'delta' && m.positions.some((p) => p.latitude === 52.529),
        );
        expect(moved.seq).toBeGreaterThan(full.seq);
        expect(moved.stream).toBe(full.stream);
        await hamburg.waitFor(
            (m): m is LiveDeltaFrame =>
                m.type === 'delta' && m.positions.some((p) => p.latitude === 53.559),
        );
        // Nothing of Hamburg ever reached the Berlin user, and nothing of Berlin the Hamburg user.
        expect(JSON.stringify(berlin.messages)).not.toContain(tourOf.hamburg);
        expect(JSON.stringify(berlin.messages)).not.toContain('53.55');
        expect(JSON.stringify(hamburg.messages)).not.toContain(tourOf.berlin);
        expect(JSON.stringify(hamburg.messages)).not.toContain('52.52');

        // A reconnecting client resumes from its number: no full frame, the changes after it.
        const again = await Client.open();
        again.send({ type: 'auth', token: tokens.liveBerlin });
        await again.waitFor(isReady);
        await postEvents([position(tourOf.berlin, 'b4', 52.531, 13.408, secondsAgo(0))]);
        again.send({
            type: 'subscribe',
            path: paths.berlin,
            resume: { stream: moved.stream, seq: moved.seq },
        });
        const resumed = await again.waitFor(
            (m): m is LiveDeltaFrame =>
                m.type === 'delta' && m.positions.some((p) => p.latitude === 52.531),
        );
        expect(resumed.seq).toBeGreaterThan(moved.seq);
        expect(again.messages.some(isFull)).toBe(false);

        // An unknown stream (another server, or changes no longer kept) gets a full frame.
        const other = await Client.open();
        other.send({ type: 'auth', token: tokens.liveBerlin });
        await other.waitFor(isReady);
        other.send({ type: 'subscribe', path: paths.berlin, resume: { stream: 'gone', seq: 3 } });
        expect((await other.waitFor(isFull)).snapshot.positions[0]?.latitude).toBe(52.531);
        for (const client of [berlin, hamburg, again, other]) client.ws.close();
    });

    it('brings an event ingested through one app server to a subscriber of another', async () => {
        const second = await createSecondTestApp(t);
        try {
            const client = await Client.open(second);
            client.send({ type: 'auth', token: tokens.liveBerlin });
            await client.waitFor(isReady);
            client.send({ type: 'subscribe', path: paths.berlin });
            await client.waitFor(isFull);
            // Ingested through the first server (postEvents uses it).
            await postEvents([position(tourOf.berlin, 'b-cross', 52.5333, 13.41, secondsAgo(0))]);
            await client.waitFor(
                (m): m is LiveDeltaFrame =>
                    m.type === 'delta' && m.positions.some((p) => p.latitude === 52.5333),
            );
            client.ws.close();
        } finally {
            await second.close();
        }
    });

    it('refuses a subscription to another depot with an error and keeps the connection', async () => {
        const client = await Client.open();
        client.send({ type: 'auth', token: tokens.liveBerlin });
        await client.waitFor(isReady);
        client.send({ type: 'subscribe', path: paths.hamburg });
        const refused = await client.waitFor(
            (m): m is Extract<LiveServerMessage, { type: 'error' }> => m.type === 'error',
        );
        // The same code as the snapshot route answers for that path.
        const http = await snapshot('liveBerlin', paths.hamburg);
        expect(refused.code).toBe(http.json().code);
        client.send({ type: 'ping' });
        await client.waitFor((m): m is { type: 'pong' } => m.type === 'pong');
        expect(client.closed).toBeUndefined();
        client.ws.close();
    });

    it('closes a connection that sends garbage or no token first, and only that one', async () => {
        const bystander = await Client.open();
        bystander.send({ type: 'auth', token: tokens.liveBerlin });
        await bystander.waitFor(isReady);
        bystander.send({ type: 'subscribe', path: paths.berlin });
        await bystander.waitFor(isFull);

        const garbage = await Client.open();
        garbage.send('not json');
        expect(await garbage.waitClosed()).toMatchObject({ code: 4400 });

        const unknownType = await Client.open();
        unknownType.send({ type: 'auth', token: tokens.liveBerlin, extra: 1 });
        expect(await unknownType.waitClosed()).toMatchObject({ code: 4400 });

        const noAuth = await Client.open();
        noAuth.send({ type: 'subscribe', path: paths.berlin });
        expect(await noAuth.waitClosed()).toMatchObject({ code: 4401 });

        const badToken = await Client.open();
        badToken.send({ type: 'auth', token: 'a.b.c' });
        expect(await badToken.waitClosed()).toMatchObject({ code: 4401 });
        expect(badToken.messages.some(isFull)).toBe(false);

        // The bystander still follows its depot.
        bystander.send({ type: 'ping' });
        await bystander.waitFor((m): m is { type: 'pong' } => m.type === 'pong');
        expect(bystander.closed).toBeUndefined();
        bystander.ws.close();
    });
});

describe("the organisation's live map", () => {
    const fleet = (who: string, tenantId: string) =>
        t.app.inject({
            method: 'GET',
            url: `/tour-commander/v1/live-fleet?tenantId=${tenantId}`,
            headers: { authorization: `Bearer ${tokens[who]}` },
        });

    it('shows every depot of the organisation with its vehicles to an organisation role', async () => {
        const answer = await fleet('liveNorth', ids.north);
        expect(answer.statusCode).toBe(200);
        const body = answer.json<FleetSnapshot>();
        expect(body.depots.map((depot) => depot.internalDepotId).sort()).toEqual(
            [ids.berlin, ids.hamburg, ids.munich].sort(),
        );
        expect(body.depots.find((depot) => depot.internalDepotId === ids.berlin)?.vehicles).toEqual(
            {
                COMPLETED: 0,
                OUTDATED: 0,
                BEHIND: 0,
                ON_ROAD: 1,
                NOT_STARTED: 0,
            },
        );
        expect(body.vehicles.map((vehicle) => [vehicle.id, vehicle.depotId]).sort()).toEqual(
            [
                [tourOf.berlin, ids.berlin],
                [tourOf.hamburg, ids.hamburg],
            ].sort(),
        );
    });

    it('refuses a depot role and another organisation', async () => {
        expect((await fleet('liveBerlin', ids.north)).statusCode).toBe(403);
        expect((await fleet('liveNorth', ids.north1)).statusCode).toBe(403);
    });

    it('streams the vehicles of the organisation, and refuses a depot role on the socket', async () => {
        const client = await Client.open();
        client.send({ type: 'auth', token: tokens.liveNorth });
        await client.waitFor(isReady);
        client.send({ type: 'subscribeFleet', tenantId: ids.north });
        const full = await client.waitFor((m): m is FleetFullFrame => m.type === 'fleetFull');
        expect(full.fleet.vehicles).toHaveLength(2);
        await postEvents([position(tourOf.hamburg, 'h9', 53.571, 9.996, secondsAgo(0))]);
        await client.waitFor(
            (m): m is FleetDeltaFrame =>
                m.type === 'fleetDelta' && m.vehicles.some((v) => v.latitude === 53.571),
        );
        client.ws.close();

        const depotUser = await Client.open();
        depotUser.send({ type: 'auth', token: tokens.liveBerlin });
        await depotUser.waitFor(isReady);
        depotUser.send({ type: 'subscribeFleet', tenantId: ids.north });
        await depotUser.waitFor(
            (m): m is Extract<LiveServerMessage, { type: 'error' }> => m.type === 'error',
        );
        expect(depotUser.messages.some((m) => m.type === 'fleetFull')).toBe(false);
        depotUser.ws.close();
    });
});
