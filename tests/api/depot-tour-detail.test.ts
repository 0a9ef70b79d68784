import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepotTourDetail } from '../../domain/contracts/depot-tours.js';
import { ids, paths } from './helpers/fixtures.js';
import {
    depotTourUrl,
    makeTourWorld,
    minutesAgo,
    secondSucoPath,
    type TourWorld,
} from './helpers/depot-tour-fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * A depot's tour detail (issue 15 part 2, domain §2 Tour Detail View): the stops with their
 * states, confirmations, time frames (15 minutes' tolerance), ETA and ATA; address errors;
 * unsuccessful jobs; planned and driven path; the device only with r:tour-device, the driver's
 * location only with r:tour-details-driver-location; the depot's address delivery information
 * at the stops' addresses; and a tour outside the caller's depot or scopes answered exactly like
 * an unknown one.
 */

let t: TestApp;
let world: TourWorld;
/** When the world was made: its events were posted "n minutes ago" between these two instants. */
const made = { from: 0, until: 0 };

beforeAll(async () => {
    t = await createTestApp();
    made.from = Date.now();
    world = await makeTourWorld(t);
    made.until = Date.now();
});
afterAll(async () => {
    await t.close();
});

type Answer = DepotTourDetail & { code?: string; message?: string };

async function read(token: string, tourId: string, path: string = paths.berlin) {
    const answer = await t.app.inject({
        method: 'GET',
        url: depotTourUrl(tourId, path),
        headers: { authorization: `Bearer ${token}` },
    });
    return { status: answer.statusCode, body: answer.json<Answer>() };
}

/** The minute of an ISO time. */
const minute = (iso: string | null | undefined) => iso?.slice(0, 16);

/**
 * Checks that an ISO time is "n minutes ago" as of when the world was made (within a minute):
 * comparing with "n minutes ago" as of now fails when a minute boundary passes in between.
 */
function expectPostedMinutesAgo(iso: string | null | undefined, minutes: number) {
    const at = Date.parse(iso ?? '');
    const slack = 60_000;
    expect(at).toBeGreaterThanOrEqual(made.from - minutes * 60_000 - slack);
    expect(at).toBeLessThanOrEqual(made.until - minutes * 60_000 + slack);
}

describe('the tour detail', () => {
    it('answers the stops in planned order with states, confirmations, time frames, ETA and ATA', async () => {
        const { status, body } = await read(world.tokens.detail, world.tour10);
        expect(status).toBe(200);
        expect(body).toMatchObject({
            id: world.tour10,
            tourNumber: '10',
            vehicleNumber: '1234',
            driverName: 'driver1234 Fixture',
            subcontractorName: 'Spree Kurier',
            state: 'ON_ROAD',
            waypointsDone: 2,
            waypointsTotal: 4,
            jobsTotal: 5,
            jobsSuccessful: 2,
            jobsFailed: 1,
            depot: { id: ids.berlin, externalId: '110', timeZone: 'Europe/Berlin' },
            depotLocation: { latitude: 52.52, longitude: 13.405 },
        });
        expect(
            body.waypoints.map((stop) => [
                stop.plannedSequence,
                stop.street,
                stop.state,
                stop.confirmation,
                stop.timeFrameCheck,
                stop.customWaypointId,
            ]),
        ).toEqual([
            // J1: its frame ended an hour ago; reached 34 minutes ago (later than 15 minutes after).
            [1, 'Street J1', 'DONE', 'DRIVER', 'MISSED', null],
            [2, 'Street J2', 'DONE', 'DRIVER', null, null],
            // J3: the next stop; its frame ends in three hours.
            [3, 'Street J3', 'CURRENT', null, 'PENDING', null],
            [4, 'Street J4', 'OPEN', null, null, null],
        ]);
        const [j1, j2, j3, j4] = body.waypoints;
        expectPostedMinutesAgo(j1?.ata, 34);
        expect(minute(j1?.timeFrameTo)).toBe(minute(world.j1FrameEnd));
        expectPostedMinutesAgo(j2?.ata, 29);
        expect(j1?.jobsTotal).toBe(2);
        expect(j1?.jobsSuccessful).toBe(2);
        expect(j2?.jobsFailed).toBe(1);
        // J3 is 222 m north of the last position (10 minutes ago): its ETA is ahead, not yet reached.
        expect(j3?.ata).toBeNull();
        expect(Date.parse(j3?.eta ?? '')).toBeGreaterThan(Date.parse(minutesAgo(11)));
        // J4 has no coordinates: no ETA.
        expect(j4?.eta).toBeNull();
        expect(Date.parse(body.checkedAt)).toBeGreaterThan(Date.now() - 60_000);
    });

    it('lists the address errors: no coordinates, street level, reported by the driver', async () => {
        const { body } = await read(world.tokens.detail, world.tour10);
        const sequenceOf = new Map(body.waypoints.map((stop) => [stop.id, stop.plannedSequence]));
        expect(
            body.addressErrors.map((error) => [
                sequenceOf.get(error.waypointId),
                error.plannedSequence,
                error.problems,
            ]),
        ).toEqual([
            [2, 2, ['REPORTED_BY_DRIVER']],
            [3, 3, ['STREET_LEVEL']],
            [4, 4, ['NO_COORDINATES']],
        ]);
    });

    it('lists the unsuccessful jobs with their reasons and stops', async () => {
        const { body } = await read(world.tokens.detail, world.tour10);
        expect(body.unsuccessfulJobs).toEqual([
            expect.objectContaining({
                externalJobId: 'J2',
                outcome: 'DELIVERY_FAILED',
                reason: 'ADDRESS_PROBLEM',
                plannedSequence: 2,
            }),
        ]);
    });

    it('answers the planned path through the stops with coordinates, and no custom waypoints yet', async () => {
        const { body } = await read(world.tokens.detail, world.tour10);
        expect(body.plannedPath).toEqual([
            { latitude: 52.52, longitude: 13.405 },
            { latitude: 52.53, longitude: 13.405 },
            { latitude: 52.54, longitude: 13.405 },
            { latitude: 52.55, longitude: 13.405 },
        ]);
        expect(body.customWaypoints).toEqual([]);
    });
});

describe('the delivery information of the depot at the stops’ addresses', () => {
    const HEADER =
        'street,houseNumber,zipCode,locality,country,latitude,longitude,coordinateType,deliveryNote,accessCode,safePlace,openingHours';

    async function upload(path: string, ...rows: string[]) {
        const answer = await t.app.inject({
            method: 'POST',
            url: `/tour-commander/v1/address-delivery-infos/upload?path=${path}`,
            headers: {
                authorization: `Bearer ${world.tokens.orgAdmin}`,
                'content-type': 'text/csv',
            },
            payload: `${HEADER}\r\n${rows.join('\r\n')}\r\n`,
        });
        expect(answer.statusCode, answer.body).toBe(200);
    }

    beforeAll(async () => {
        // Berlin: J1's address spelled otherwise (same normalised address), J2's with a note only,
        // and an address no stop of the tour has.
        await upload(
            paths.berlin,
            'STREET-J1,1,10115,Berlin,DE,52.5301,13.4051,HANDOVER,"Rear door, ring twice",4711,Garage,Mo-Fr 8-17',
            'Street J2,1,10115,,DE,,,,Side entrance,,,',
            'Street J9,1,10115,Berlin,DE,,,,Not on the tour,,,',
        );
        // Hamburg: the same addresses as J1 and J3 of the Berlin tour.
        await upload(
            paths.hamburg,
            'Street J1,1,10115,Berlin,DE,,,,Hamburg note for J1,9999,,',
            'Street J3,1,10115,Berlin,DE,53.55,9.99,ROOFTOP,Hamburg note for J3,1234,Porch,Mo-Su',
        );
    });

    it('attaches the depot’s entry to a stop at its address and null to the others', async () => {
        const { status, body } = await read(world.tokens.detail, world.tour10);
        expect(status).toBe(200);
        const [j1, j2, j3, j4] = body.waypoints;
        expect(j1?.deliveryInfo).toEqual({
            deliveryNote: 'Rear door, ring twice',
            accessCode: '4711',
            safePlace: 'Garage',
            openingHours: 'Mo-Fr 8-17',
            latitude: 52.5301,
            longitude: 13.4051,
            coordinateType: 'HANDOVER',
            updatedAt: expect.any(String),
        });
        expect(Date.now() - Date.parse(j1?.deliveryInfo?.updatedAt ?? '')).toBeLessThan(600_000);
        expect(j2?.deliveryInfo).toEqual({
            deliveryNote: 'Side entrance',
            accessCode: null,
            safePlace: null,
            openingHours: null,
            latitude: null,
            longitude: null,
            coordinateType: null,
            updatedAt: expect.any(String),
        });
        // J3's address has an entry at Hamburg only; J4's has none at all.
        expect(j3?.deliveryInfo).toBeNull();
        expect(j4?.deliveryInfo).toBeNull();
    });

    it('never attaches another depot’s entry, even at the same address', async () => {
        const { body } = await read(world.tokens.detail, world.tour10);
        const notes = body.waypoints.map((stop) => stop.deliveryInfo?.deliveryNote ?? null);
        expect(notes).toEqual(['Rear door, ring twice', 'Side entrance', null, null]);
        expect(JSON.stringify(body)).not.toContain('Hamburg note');
    });

    it('answers the same to a caller with the device and location rights', async () => {
        const { body } = await read(world.tokens.full, world.tour10);
        expect(body.waypoints.map((stop) => stop.deliveryInfo?.accessCode ?? null)).toEqual([
            '4711',
            null,
            null,
            null,
        ]);
    });
});

describe('the rights for the device and the driver location', () => {
    it('answers neither without r:tour-device and r:tour-details-driver-location', async () => {
        const { status, body } = await read(world.tokens.detail, world.tour10);
        expect(status).toBe(200);
        expect('device' in body).toBe(false);
        expect('driverLocation' in body).toBe(false);
        // The driven path ends at the arrival at the last stop done (J2, 29 minutes ago): the
        // positions 20 and 10 minutes ago, on the way to J3, are not answered.
        expect(body.drivenPath.map((point) => point.latitude)).toEqual([52.525, 52.53, 52.54]);
    });

    it('answers the device with r:tour-device: model, app version, battery, last contact', async () => {
        const { body } = await read(world.tokens.device, world.tour10);
        expect(body.device).toEqual({
            model: 'Zebra TC58',
            appVersion: '7.2.0',
            signedInAt: expect.any(String),
            battery: 80,
            appState: 'FOREGROUND',
            lastContactAt: expect.any(String),
        });
        expectPostedMinutesAgo(body.device?.signedInAt, 45);
        expectPostedMinutesAgo(body.device?.lastContactAt, 10);
        expect('driverLocation' in body).toBe(false);
        expect(body.drivenPath).toHaveLength(3);
    });

    it('answers the driver location and the whole driven path with r:tour-details-driver-location', async () => {
        const { body } = await read(world.tokens.full, world.tour10);
        expect(body.device?.model).toBe('Zebra TC58');
        expect(body.driverLocation).toEqual({
            latitude: 52.548,
            longitude: 13.405,
            accuracy: 5,
            speed: 8,
            heading: null,
            positionAt: expect.any(String),
        });
        expectPostedMinutesAgo(body.driverLocation?.positionAt, 10);
        expect(body.drivenPath.map((point) => point.latitude)).toEqual([
            52.525, 52.53, 52.54, 52.545, 52.548,
        ]);
    });

    it('answers a device without data as empty fields, and no location for a tour without positions', async () => {
        const { body } = await read(world.tokens.full, world.tour20);
        expect(body.device).toEqual({
            model: null,
            appVersion: null,
            signedInAt: null,
            battery: null,
            appState: null,
            lastContactAt: null,
        });
        expect(body.driverLocation).toBeNull();
    });

    it('shows the whole driven path of a finished tour without the location right', async () => {
        const { body } = await read(world.tokens.detail, world.tour30);
        expect(body.state).toBe('FINISHED');
        expect(body.drivenPath.map((point) => point.latitude)).toEqual([52.53]);
    });
});

describe('who sees which tour', () => {
    const notFound = { status: 404, code: 'NOT_FOUND' };
    const refusal = (answer: { status: number; body: Answer }) => ({
        status: answer.status,
        code: answer.body.code,
    });

    it('answers another depot’s tour exactly like an unknown one', async () => {
        const unknown = await read(world.tokens.orgAdmin, 'no-such-tour', paths.munich);
        const milan = await read(world.tokens.orgAdmin, world.tour10, paths.munich);
        expect(refusal(unknown)).toEqual(notFound);
        expect(refusal(milan)).toEqual(notFound);
        expect(milan.body.message).toBe(
            unknown.body.message?.replace('no-such-tour', world.tour10),
        );
        // The organisation admin sees the tour at its own depot.
        expect((await read(world.tokens.orgAdmin, world.tour10)).status).toBe(200);
    });

    it('answers a depot path that is not the tour’s real depot path like an unknown tour', async () => {
        // The Berlin depot id under another region (a path the caller may name, not the depot's).
        const wrongRegion = `${ids.north}.DE.${ids.groupB}.${ids.berlin}`;
        expect(refusal(await read(world.tokens.orgAdmin, world.tour10, wrongRegion))).toEqual(
            notFound,
        );
    });

    it('refuses a depot the caller has no right at, and a caller without r:tour-details', async () => {
        // The platform's answer for a depot where the caller does not have the feature (domain §6).
        const hamburgAtBerlin = await read(world.tokens.hamburg, world.tour10);
        expect(refusal(hamburgAtBerlin)).toEqual({ status: 403, code: 'CHANGE_SCOPE' });
        // At its own depot, Hamburg finds no Berlin tour.
        expect(refusal(await read(world.tokens.hamburg, world.tour10, paths.hamburg))).toEqual(
            notFound,
        );
        const noDetail = await read(world.tokens.groupManager, world.tour10);
        expect(refusal(noDetail)).toEqual({ status: 403, code: 'NO_PERMISSION' });
    });

    it('shows a subcontractor user their own tours and answers the other subcontractor’s as unknown', async () => {
        const own = await read(world.tokens.sucoTours, world.tour10);
        expect(own.status).toBe(200);
        expect(own.body.id).toBe(world.tour10);
        const foreign = await read(world.tokens.sucoTours, world.tour20);
        expect(refusal(foreign)).toEqual(notFound);
        // Naming the other subcontractor's path instead is no way round: it is not a depot path.
        const bySucoPath = await read(world.tokens.sucoTours, world.tour20, secondSucoPath);
        expect(bySucoPath.status).toBe(400);
    });

    it('refuses a malformed depot path', async () => {
        const answer = await t.app.inject({
            method: 'GET',
            url: `/tour-commander/v1/depot-tours/${world.tour10}`,
            headers: { authorization: `Bearer ${world.tokens.detail}` },
        });
        expect(answer.statusCode).toBe(400);
    });
});
