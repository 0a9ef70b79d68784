import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CustomWaypoint, CustomWaypointBody } from '../../../domain/contracts/depot-tours.js';
import {
    CUSTOM_WAYPOINT_MAX_DISTANCE_KM,
    CUSTOM_WAYPOINTS_PER_TOUR_MAX,
    customWaypointCoordinatesProblem,
    tourIsOver,
    type CoordinatesProblem,
} from '../../../domain/depotTourDetail.js';
import type { TourState } from '../../../domain/tours.js';
import type { LatLon } from '../../../domain/geo.js';
import type { Database, Queryable } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { rowsOf } from '../../db/raw-results.js';
import { customWaypoints } from '../../db/schema/index.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import { geocode } from '../../geocoding/geocoder.js';
import { appendAudit } from '../../shared/audit-repository.js';
import {
    countLiveCustomWaypoints,
    customWaypointOf,
    findLiveCustomWaypoint,
} from './custom-waypoints-repository.js';
import type { DepotTourRow } from './depot-tour-repository.js';

/**
 * Custom waypoints added to and deleted from a depot's tour by depot staff (domain §2 Tour
 * Detail View). A write stores the change and queues the tour for the processing (NOTIFY
 * `tour_events`, like the ingestion), which turns it into a change of the tour's waypoints
 * within seconds (custom-waypoint-processing.ts). Tours that are over take no changes.
 */

const coordinateMessages: Record<CoordinatesProblem, string> = {
    OUT_OF_RANGE: 'must be numbers within -90..90 (latitude) and -180..180 (longitude)',
    NULL_ISLAND: 'must not be 0/0 (an unset position)',
    TOO_FAR: `must lie within ${CUSTOM_WAYPOINT_MAX_DISTANCE_KM} km of the depot`,
};

function coordinatesInvalid(problem: CoordinatesProblem): AppError {
    const message = coordinateMessages[problem];
    return badRequest(
        `The coordinates ${message}.`,
        ['latitude', 'longitude'].map((field) => ({
            field: `/body/${field}`,
            message: `${field} ${message}`,
            rule: problem,
            params: { km: CUSTOM_WAYPOINT_MAX_DISTANCE_KM },
        })),
        'CUSTOM_WAYPOINT_COORDINATES_INVALID',
    );
}

const ADDRESS_FIELDS = ['street', 'houseNo', 'postcode', 'locality', 'countryCode'];

function addressNotFound(why: string, rule: string): AppError {
    return new AppError(
        422,
        'CUSTOM_WAYPOINT_ADDRESS_NOT_FOUND',
        `The address ${why}. Check it, or place the waypoint on the map instead.`,
        ADDRESS_FIELDS.map((field) => ({
            field: `/body/address/${field}`,
            message: `address ${why}`,
            rule,
            params: { km: CUSTOM_WAYPOINT_MAX_DISTANCE_KM },
        })),
    );
}

const tourFinished = () =>
    conflict(
        'CUSTOM_WAYPOINT_TOUR_FINISHED',
        'The tour is over: its waypoints can no longer be changed.',
    );

/** Locks the tour against the processing and reads its state again; refuses a tour that is over. */
async function lockOpenTour(tx: Queryable, tour: DepotTourRow, now: Date): Promise<void> {
    const [locked] = rowsOf<{ state: TourState; tour_date: string }>(
        await tx.execute(
            sql`select state, tour_date::text as tour_date from tours where id = ${tour.id} for no key update`,
        ),
    );
    if (
        !locked ||
        tourIsOver({ state: locked.state, tourDate: locked.tour_date }, tour.depotTimeZone, now)
    )
        throw tourFinished();
}

/** Queues the tour for the processing and wakes the processing workers of every app server. */
async function queueTour(tx: Queryable, tourId: string): Promise<void> {
    await tx.execute(
        sql`insert into tour_processing_queue (tour_id) values (${tourId}) on conflict do nothing`,
    );
    await tx.execute(sql`select pg_notify('tour_events', '')`);
}

/** Either coordinates or an address, not both and not neither (400 BAD_REQUEST naming the fields). */
function oneKindOfPlace(body: CustomWaypointBody): void {
    const byCoordinates = body.latitude !== undefined || body.longitude !== undefined;
    if (byCoordinates && body.address !== undefined)
        throw badRequest('Give either latitude and longitude or an address, not both.', [
            { field: '/body/address', message: 'address cannot be combined with coordinates' },
        ]);
    const missing = (['latitude', 'longitude'] as const).filter(
        (field) => body[field] === undefined,
    );
    if (body.address === undefined && missing.length > 0)
        throw badRequest(
            'latitude and longitude (or an address) are required.',
            missing.map((field) => ({ field: `/body/${field}`, message: `${field} is required` })),
        );
}

/** Where the body places the waypoint: its coordinates, or its address through the geocoder. */
async function placeOf(
    body: CustomWaypointBody,
    depot: LatLon,
    geocoderUrl: string | undefined,
): Promise<LatLon> {
    oneKindOfPlace(body);
    const { address } = body;
    if (address === undefined) {
        const latitude = body.latitude ?? Number.NaN;
        const longitude = body.longitude ?? Number.NaN;
        const problem = customWaypointCoordinatesProblem(latitude, longitude, depot);
        if (problem) throw coordinatesInvalid(problem);
        return { latitude, longitude };
    }
    if (!geocoderUrl)
        throw badRequest(
            'No address lookup is configured: place the waypoint by its coordinates (on the map).',
            [{ field: '/body/address', message: 'address lookup is not available' }],
            'CUSTOM_WAYPOINT_COORDINATES_REQUIRED',
        );
    const found = await geocode(geocoderUrl, {
        street: address.street,
        houseNo: address.houseNo ?? null,
        postcode: address.postcode,
        locality: address.locality ?? '',
        countryCode: address.countryCode,
    });
    if (!found) throw addressNotFound('could not be found', 'addressNotFound');
    if (customWaypointCoordinatesProblem(found.latitude, found.longitude, depot))
        throw addressNotFound(
            `lies more than ${CUSTOM_WAYPOINT_MAX_DISTANCE_KM} km from the depot`,
            'TOO_FAR',
        );
    return found;
}

const trimmed = (value: string | undefined) => value?.trim() || null;

/**
 * Adds a custom waypoint to the tour (pending until the processing applies it). Refuses bad
 * coordinates, an address that cannot be placed, a tour that is over and a tour with
 * CUSTOM_WAYPOINTS_PER_TOUR_MAX custom waypoints; writes nothing then.
 */
export async function addCustomWaypoint(
    db: Database,
    request: FastifyRequest,
    tour: DepotTourRow,
    body: CustomWaypointBody,
    geocoderUrl: string | undefined,
    now = new Date(),
): Promise<CustomWaypoint> {
    if (tourIsOver(tour, tour.depotTimeZone, now)) throw tourFinished();
    const depot = { latitude: tour.depotLatitude, longitude: tour.depotLongitude };
    const place = await placeOf(body, depot, geocoderUrl);
    const { address } = body;
    const row = {
        id: newId(),
        tenantId: tour.tenantId,
        tourId: tour.id,
        scopePath: tour.scopePath,
        name: body.name.trim(),
        latitude: place.latitude,
        longitude: place.longitude,
        street: trimmed(address?.street),
        houseNo: trimmed(address?.houseNo),
        postcode: trimmed(address?.postcode),
        locality: trimmed(address?.locality),
        countryCode: address?.countryCode ?? null,
        position: body.position ?? null,
        createdBy: request.caller.userId,
    };
    const stored = await db.transaction(async (tx) => {
        await lockOpenTour(tx, tour, now);
        if ((await countLiveCustomWaypoints(tx, tour.id)) >= CUSTOM_WAYPOINTS_PER_TOUR_MAX)
            throw conflict(
                'CUSTOM_WAYPOINT_LIMIT_REACHED',
                `A tour takes at most ${CUSTOM_WAYPOINTS_PER_TOUR_MAX} custom waypoints; delete one first.`,
            );
        const [inserted] = await tx.insert(customWaypoints).values(row).returning();
        await queueTour(tx, tour.id);
        await appendAudit(tx, request, {
            action: 'create',
            entityType: 'custom-waypoint',
            entityId: row.id,
            changes: { after: row },
        });
        return inserted;
    });
    const answer = stored && customWaypointOf(stored);
    if (!answer) throw new AppError(500, 'SERVER_ERROR', 'The custom waypoint was not stored.');
    return answer;
}

/**
 * Deletes a custom waypoint of the tour: marked deleted at once, its waypoint removed by the
 * processing unless done by then. 404 for one that is not on the tour or deleted already.
 */
export async function deleteCustomWaypoint(
    db: Database,
    request: FastifyRequest,
    tour: DepotTourRow,
    customWaypointId: string,
    now = new Date(),
): Promise<CustomWaypoint> {
    if (tourIsOver(tour, tour.depotTimeZone, now)) throw tourFinished();
    const stored = await db.transaction(async (tx) => {
        await lockOpenTour(tx, tour, now);
        const before = await findLiveCustomWaypoint(tx, tour.id, customWaypointId);
        if (!before) throw notFound(`Custom waypoint ${customWaypointId}`);
        const [deleted] = await tx
            .update(customWaypoints)
            // Processed again: the processing removes its waypoint.
            .set({ deletedAt: now, processedAt: null })
            .where(eq(customWaypoints.id, before.id))
            .returning();
        await queueTour(tx, tour.id);
        await appendAudit(tx, request, {
            action: 'delete',
            entityType: 'custom-waypoint',
            entityId: before.id,
            changes: {
                before: { name: before.name, tourId: before.tourId, waypointId: before.waypointId },
            },
        });
        return deleted;
    });
    const answer = stored && customWaypointOf(stored);
    if (!answer) throw new AppError(500, 'SERVER_ERROR', 'The custom waypoint was not deleted.');
    return answer;
}
