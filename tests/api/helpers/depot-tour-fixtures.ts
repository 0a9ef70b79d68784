import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DriverAppEvent } from '../../../domain/contracts/driver-app-ingestion.js';
import type { ImportJob, ImportTour } from '../../../domain/contracts/job-import.js';
import { subcontractorScopePath } from '../../../domain/scopePath.js';
import {
    subcontractors,
    tourProcessingQueue,
    tours,
    users,
    vehicles,
} from '../../../server/db/schema/index.js';
import { processQueuedTours } from '../../../server/services/tour-commander/processing.js';
import { accessTokenFor, addFixtureUsers, ids, paths, seedFixtures } from './fixtures.js';
import { machineTokenFor } from './machine-fixtures.js';
import type { TestApp } from './test-app.js';

/**
 * The world of the depot tour detail tests (issue 15 part 2), made through the job import and
 * the driver-app ingestion. Berlin (depot 110, at 52.52 / 13.405) has today's tour 10 of
 * subcontractor Spree Kurier (vehicle 1234: on the road, four stops), today's tour 30 of the same
 * subcontractor (vehicle 0007: finished), yesterday's tour 10 (vehicle 1234: never finished), and
 * today's tour 20 of a second subcontractor (vehicle 2222). Milan (another organisation) has
 * today's tour 2. Users, by what they hold:
 * - `detail`: r:tour, r:tour-details at Berlin;
 * - `device`: … plus r:tour-device at Berlin;
 * - `full`: … plus r:tour-device and r:tour-details-driver-location at Berlin;
 * - `hamburg`: every tour right at Hamburg only;
 * - `sucoTours`: r:tour, r:tour-details as a user of subcontractor Spree Kurier;
 * - `groupManager` (the shared fixtures): r:tour without r:tour-details in region A.
 */

export const DAY_MS = 86_400_000;
const berlinDay = (offsetDays: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
        new Date(Date.now() + offsetDays * DAY_MS),
    );
export const TODAY = berlinDay(0);
export const YESTERDAY = berlinDay(-1);
export const minutesAgo = (minutes: number) =>
    new Date(Date.now() - minutes * 60_000).toISOString();
export const minutesAhead = (minutes: number) =>
    new Date(Date.now() + minutes * 60_000).toISOString();

export const SECOND_SUCO = 'suco-berlin2';
export const secondSucoPath = subcontractorScopePath(paths.berlin, SECOND_SUCO);

/** Times of the world, fixed when it is made (ISO strings). */
export interface TourWorld {
    tour10: string;
    tour30: string;
    yesterday10: string;
    tour20: string;
    milan2: string;
    tokens: Record<
        'detail' | 'device' | 'full' | 'hamburg' | 'sucoTours' | 'groupManager' | 'orgAdmin',
        string
    >;
    /** When the time frame of stop J1 ended (an hour ago). */
    j1FrameEnd: string;
}

const job = (
    externalJobId: string,
    place: { latitude?: number; longitude?: number; coordinateType?: 'ROOFTOP' | 'STREET' },
    assignment: { depot: string; date: string; tour: string; sequence: number },
    timeFrame?: { from: string; to: string },
): ImportJob => ({
    externalJobId,
    type: 'DELIVERY',
    address: {
        street: `Street ${externalJobId}`,
        houseNo: '1',
        postcode: '10115',
        locality: 'Berlin',
        countryCode: 'DE',
        ...place,
    },
    ...(timeFrame ? { timeFrame } : {}),
    assignments: [
        {
            externalDepotId: assignment.depot,
            date: assignment.date,
            key: 'TOUR',
            value: assignment.tour,
            sequence: assignment.sequence,
        },
    ],
});

async function importJobs(
    t: TestApp,
    tenantId: string,
    batch: { tours: ImportTour[]; jobs: ImportJob[] },
) {
    const importer = (await machineTokenFor(t, tenantId, ['jobs:write'])).token;
    const answer = await t.app.inject({
        method: 'POST',
        url: '/data-gateway/api/v1/external/jobs',
        headers: { authorization: `Bearer ${importer}` },
        payload: batch,
    });
    expect(answer.json<{ rejected: unknown[] }>().rejected).toEqual([]);
}

export async function postEvents(t: TestApp, token: string, url: string, events: DriverAppEvent[]) {
    const answer = await t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}` },
        payload: { events },
    });
    expect(answer.json()).toEqual({ accepted: events.length, rejected: [] });
}

/** Runs the processing until no tour is queued (the app's own worker may hold one meanwhile). */
export async function settle(t: TestApp): Promise<void> {
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

const detailActions = ['r:tour', 'r:tour-details'];
const allTourActions = [...detailActions, 'r:tour-device', 'r:tour-details-driver-location'];

/** Makes the world on a fresh test app (see the module comment). */
export async function makeTourWorld(t: TestApp): Promise<TourWorld> {
    await seedFixtures(t.db);
    await t.db.insert(subcontractors).values({
        id: SECOND_SUCO,
        tenantId: ids.north,
        depotId: ids.berlin,
        name: 'Havel Express',
        code: 'HE1',
        scopePath: secondSucoPath,
    });
    const vehicle = (id: string, number: string, subcontractorId: string, scopePath: string) => ({
        id,
        tenantId: ids.north,
        depotId: ids.berlin,
        subcontractorId,
        number,
        scopePath,
    });
    await t.db.insert(vehicles).values([
        vehicle('veh-1234', '1234', ids.sucoBerlin, paths.sucoBerlin),
        vehicle('veh-0007', '0007', ids.sucoBerlin, paths.sucoBerlin),
        vehicle('veh-2222', '2222', SECOND_SUCO, secondSucoPath),
        {
            id: 'veh-0500',
            tenantId: ids.north1,
            depotId: ids.milan,
            subcontractorId: ids.sucoMilan,
            number: '0500',
            scopePath: `${paths.milan}.${ids.sucoMilan}`,
        },
    ]);
    const j1FrameEnd = minutesAgo(60);
    const at = (tour: string, sequence: number, date = TODAY) => ({
        depot: '110',
        date,
        tour,
        sequence,
    });
    await importJobs(t, ids.north, {
        tours: [
            { externalDepotId: '110', date: TODAY, tourNumber: '10', vehicleNumber: '1234' },
            { externalDepotId: '110', date: TODAY, tourNumber: '30', vehicleNumber: '0007' },
            { externalDepotId: '110', date: YESTERDAY, tourNumber: '10', vehicleNumber: '1234' },
            { externalDepotId: '110', date: TODAY, tourNumber: '20', vehicleNumber: '2222' },
        ],
        jobs: [
            // J1 (two jobs at one stop): its time frame ended an hour ago, reached 35 minutes ago.
            job(
                'J1',
                { latitude: 52.53, longitude: 13.405, coordinateType: 'ROOFTOP' },
                at('10', 1),
                { from: minutesAgo(120), to: j1FrameEnd },
            ),
            job(
                'J1b',
                { latitude: 52.53, longitude: 13.405, coordinateType: 'ROOFTOP' },
                at('10', 1),
            ),
            // J2: the driver reports an address problem.
            job('J2', { latitude: 52.54, longitude: 13.405 }, at('10', 2)),
            // J3: placed on the street only; its time frame ends in three hours.
            job(
                'J3',
                { latitude: 52.55, longitude: 13.405, coordinateType: 'STREET' },
                at('10', 3),
                { from: minutesAgo(10), to: minutesAhead(180) },
            ),
            // J4: no coordinates at all.
            job('J4', {}, at('10', 4)),
            job('K1', { latitude: 52.53, longitude: 13.41 }, at('30', 1)),
            job('Y1', { latitude: 52.53, longitude: 13.405 }, at('10', 1, YESTERDAY)),
            job('H1', { latitude: 52.51, longitude: 13.4 }, at('20', 1)),
        ],
    });
    await importJobs(t, ids.north1, {
        tours: [{ externalDepotId: '200', date: TODAY, tourNumber: '2', vehicleNumber: '0500' }],
        jobs: [
            job(
                'M1',
                { latitude: 45.47, longitude: 9.19 },
                { depot: '200', date: TODAY, tour: '2', sequence: 1 },
            ),
        ],
    });
    const tourIds = new Map<string, string>();
    for (const tour of await t.db.select().from(tours))
        tourIds.set(`${tour.depotId} ${tour.tourDate} ${tour.tourNumber}`, tour.id);
    const tourId = (depot: string, date: string, number: string) => {
        const id = tourIds.get(`${depot} ${date} ${number}`);
        if (!id) throw new Error(`no tour ${depot} ${date} ${number}`);
        return id;
    };
    const world = {
        tour10: tourId(ids.berlin, TODAY, '10'),
        tour30: tourId(ids.berlin, TODAY, '30'),
        yesterday10: tourId(ids.berlin, YESTERDAY, '10'),
        tour20: tourId(ids.berlin, TODAY, '20'),
        milan2: tourId(ids.milan, TODAY, '2'),
    };

    await addFixtureUsers(
        t.db,
        [
            {
                key: 'driver1234',
                type: 'Driver',
                email: 'driver.1234@fixture.test',
                tenantId: ids.north,
                roles: [],
            },
            {
                key: 'detail',
                type: 'BackofficeManager',
                email: 'detail@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-tour-detail', scopePath: paths.berlin }],
            },
            {
                key: 'device',
                type: 'BackofficeManager',
                email: 'device@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-tour-device', scopePath: paths.berlin }],
            },
            {
                key: 'full',
                type: 'BackofficeManager',
                email: 'full@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-tour-full', scopePath: paths.berlin }],
            },
            {
                key: 'hamburg',
                type: 'BackofficeManager',
                email: 'hamburg@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-tour-full', scopePath: paths.hamburg }],
            },
            {
                key: 'sucoTours',
                type: 'SubContractorUser',
                email: 'suco.tours@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-suco-tours', scopePath: paths.sucoBerlin }],
            },
        ],
        [
            {
                id: 'role-tour-detail',
                name: 'Tour detail',
                contexts: ['DEPOT'],
                actions: detailActions,
            },
            {
                id: 'role-tour-device',
                name: 'Tour device',
                contexts: ['DEPOT'],
                actions: [...detailActions, 'r:tour-device'],
            },
            {
                id: 'role-tour-full',
                name: 'Tour full',
                contexts: ['DEPOT'],
                actions: allTourActions,
            },
            {
                id: 'role-suco-tours',
                name: 'SuCo tours',
                contexts: ['SUBCONTRACTOR'],
                actions: detailActions,
            },
        ],
    );
    await t.db.update(users).set({ vehicleId: 'veh-1234' }).where(eq(users.id, 'user-driver1234'));
    const clientId = t.config.identity.clientId;
    const driverToken = await accessTokenFor(t.app, 'driver.1234@fixture.test', clientId);
    await postEvents(t, driverToken, '/tour-commander/v1/driver-app/events', [
        {
            eventId: 'login',
            type: 'LOGIN',
            occurredAt: minutesAgo(45),
            tourId: world.tour10,
            device: { model: 'Zebra TC58', appVersion: '7.2.0' },
        },
        {
            eventId: 'fg',
            type: 'APP_STATE',
            occurredAt: minutesAgo(44),
            tourId: world.tour10,
            appState: 'FOREGROUND',
            battery: 80,
        },
    ]);
    const integrator = (await machineTokenFor(t, ids.north, ['events:write'])).token;
    const external = '/tour-commander/v1/external/driver-app/events';
    const position = (eventId: string, minutes: number, latitude: number, tour = world.tour10) => ({
        eventId,
        type: 'POSITION' as const,
        occurredAt: minutesAgo(minutes),
        tourId: tour,
        position: { latitude, longitude: 13.405, speed: 8, accuracy: 5 },
    });
    const status = (
        eventId: string,
        minutes: number,
        jobId: string,
        outcome: 'DELIVERED_TO_CONSIGNEE' | 'DELIVERY_FAILED',
        tour = world.tour10,
    ): DriverAppEvent => ({
        eventId,
        type: 'STATUS_CHANGE',
        occurredAt: minutesAgo(minutes),
        tourId: tour,
        jobId,
        outcome,
        ...(outcome === 'DELIVERY_FAILED' ? { reason: 'ADDRESS_PROBLEM' as const } : {}),
    });
    await postEvents(t, integrator, external, [
        position('a1', 40, 52.525),
        position('a2', 35, 52.53),
        status('a3', 34, 'J1', 'DELIVERED_TO_CONSIGNEE'),
        status('a4', 33, 'J1b', 'DELIVERED_TO_CONSIGNEE'),
        position('a5', 30, 52.54),
        status('a6', 29, 'J2', 'DELIVERY_FAILED'),
        // The vehicle drives on towards J3 after its last stop done.
        position('a7', 20, 52.545),
        position('a8', 10, 52.548),
        // Tour 30 delivers its one stop and signs out: finished.
        position('b1', 50, 52.53, world.tour30),
        status('b2', 48, 'K1', 'DELIVERED_TO_CONSIGNEE', world.tour30),
        { eventId: 'b3', type: 'LOGOUT', occurredAt: minutesAgo(46), tourId: world.tour30 },
    ]);
    await settle(t);
    const token = (email: string) => accessTokenFor(t.app, email, clientId);
    return {
        ...world,
        j1FrameEnd,
        tokens: {
            detail: await token('detail@fixture.test'),
            device: await token('device@fixture.test'),
            full: await token('full@fixture.test'),
            hamburg: await token('hamburg@fixture.test'),
            sucoTours: await token('suco.tours@fixture.test'),
            groupManager: await token('group.manager@fixture.test'),
            orgAdmin: await token('org.admin@fixture.test'),
        },
    };
}

/** The URL of a tour of a depot (`path` its scope path). */
export const depotTourUrl = (tourId: string, path = paths.berlin, rest = '') =>
    `/tour-commander/v1/depot-tours/${tourId}${rest}?path=${encodeURIComponent(path)}`;

export interface FakeGeocoder {
    url: string;
    close(): Promise<void>;
}

/**
 * A Nominatim-compatible geocoder on 127.0.0.1: a query naming Berlin is at 52.515 / 13.39, one
 * naming Hamburg at 53.5511 / 9.9937 (far from Berlin), anything else is not found.
 */
export async function startTourGeocoder(): Promise<FakeGeocoder> {
    const server: Server = createServer((request, response) => {
        const q = new URL(request.url ?? '/', 'http://localhost').searchParams.get('q') ?? '';
        const hit = q.includes('Berlin')
            ? [{ lat: '52.515', lon: '13.39' }]
            : q.includes('Hamburg')
              ? [{ lat: '53.5511', lon: '9.9937' }]
              : [];
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(hit));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
        url: `http://127.0.0.1:${port}/search`,
        close: () => new Promise((resolve) => server.close(() => resolve())),
    };
}
