import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ErrorEnvelope } from '../../../domain/contracts/common.js';
import { zonedParts } from '../../../domain/formatting.js';
import type { Queryable } from '../../db/client.js';
import {
    depots,
    rateLimitCounters,
    tours,
    vehicles,
    vehicleTrackers,
} from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { countHit } from '../../identity/rate-limit.js';
import { writeBatch } from './event-writer.js';
import { decodeOsmAnd, type OsmAndParameters, type OsmAndPosition } from './osmand/protocol.js';
import { firstKeptDay, makeDayPartitions, utcDay } from './partitions.js';

/**
 * The OsmAnd HTTP protocol (Traccar Client, OsmAnd, many GPS trackers): one position per request,
 * as query parameters, a form body or Traccar Client's JSON. The tracker's identifier is its
 * credential, registered to a vehicle by the organisation (`vehicle_trackers`), as in Traccar.
 * Unknown identifiers are refused (400, as Traccar answers) and counted per address: past
 * `UNKNOWN_PER_IP_PER_MINUTE` in a minute the address gets 429 until the minute ends, so
 * identifiers cannot be guessed quickly.
 */
const BUCKET = 'osmand-unknown-tracker';
const WINDOW_MS = 60_000;
const UNKNOWN_PER_IP_PER_MINUTE = 20;
const FUTURE_TOLERANCE_MS = 5 * 60_000;

/** Query or form parameters as the decoder takes them (a repeated name becomes a list). */
function parametersOf(text: string): OsmAndParameters {
    const parameters: Record<string, string | string[]> = Object.create(null) as Record<
        string,
        string | string[]
    >;
    for (const [name, value] of new URLSearchParams(text)) {
        const seen = parameters[name];
        parameters[name] = seen === undefined ? value : [...[seen].flat(), value];
    }
    return parameters;
}

async function throttled(db: Queryable, ip: string, now: Date): Promise<boolean> {
    const windowStart = new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS);
    const [row] = await db
        .select({ hits: rateLimitCounters.hits })
        .from(rateLimitCounters)
        .where(
            and(
                eq(rateLimitCounters.bucket, BUCKET),
                eq(rateLimitCounters.subject, `ip:${ip}`),
                eq(rateLimitCounters.windowStart, windowStart),
            ),
        );
    return (row?.hits ?? 0) >= UNKNOWN_PER_IP_PER_MINUTE;
}

/** The tracker's vehicle with its depot (for the depot's day) and the vehicle's tour of that day. */
async function trackerTarget(db: Queryable, identifier: string, at: Date) {
    const [row] = await db
        .select({
            trackerId: vehicleTrackers.id,
            tenantId: vehicles.tenantId,
            vehicleId: vehicles.id,
            depotId: vehicles.depotId,
            scopePath: vehicles.scopePath,
            timeZone: depots.timeZone,
        })
        .from(vehicleTrackers)
        .innerJoin(vehicles, eq(vehicles.id, vehicleTrackers.vehicleId))
        .innerJoin(depots, eq(depots.internalDepotId, vehicles.depotId))
        .where(eq(vehicleTrackers.identifier, identifier));
    if (!row) return undefined;
    const parts = zonedParts(at, row.timeZone);
    const day = parts
        ? `${parts.year}-${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')}`
        : utcDay(at);
    const [tour] = await db
        .select({ id: tours.id })
        .from(tours)
        .where(and(eq(tours.vehicleId, row.vehicleId), eq(tours.tourDate, day)))
        .orderBy(desc(tours.plannedStart))
        .limit(1);
    return { ...row, tourId: tour?.id ?? null };
}

const refuse = (field: string, message: string) =>
    new AppError(400, 'BAD_REQUEST', `The position was not accepted: ${field} ${message}.`, [
        { field, message },
    ]);

async function store(fastify: FastifyInstance, position: OsmAndPosition, ip: string) {
    const now = new Date();
    if (position.occurredAt.getTime() > now.getTime() + FUTURE_TOLERANCE_MS)
        throw refuse('timestamp', 'is more than 5 minutes in the future');
    if (utcDay(position.occurredAt) < firstKeptDay(now, fastify.appConfig.events.retentionDays))
        throw refuse('timestamp', 'is older than the positions kept');
    const target = await trackerTarget(fastify.db, position.deviceId, position.occurredAt);
    if (!target) {
        await countHit(fastify.db, BUCKET, `ip:${ip}`, WINDOW_MS, now);
        throw new AppError(400, 'UNKNOWN_TRACKER', 'No vehicle has a tracker with this id.', [
            { field: 'id', message: 'is not registered to a vehicle' },
        ]);
    }
    const day = utcDay(position.occurredAt);
    if (day < utcDay(now, -1)) await makeDayPartitions(fastify.db, day, day);
    const occurredAt = position.occurredAt.toISOString();
    await writeBatch(fastify.db, {
        positions: [
            {
                tenantId: target.tenantId,
                vehicleId: target.vehicleId,
                tourId: target.tourId,
                occurredAt,
                latitude: position.latitude,
                longitude: position.longitude,
                accuracy: position.accuracy ?? null,
                speed: position.speedMps ?? null,
                heading: position.heading ?? null,
                altitude: position.altitude ?? null,
                battery: position.battery ?? null,
                sourceKey: `t:${target.trackerId}`,
                // The protocol has no event id: a position is its tracker and time.
                eventId: String(position.occurredAt.getTime()),
            },
        ],
        events: [],
        logins: [],
        vehicleStates: [
            {
                vehicleId: target.vehicleId,
                tenantId: target.tenantId,
                depotId: target.depotId,
                scopePath: target.scopePath,
                tourId: target.tourId,
                latitude: position.latitude,
                longitude: position.longitude,
                accuracy: position.accuracy ?? null,
                speed: position.speedMps ?? null,
                heading: position.heading ?? null,
                battery: position.battery ?? null,
                positionAt: occurredAt,
                appState: null,
                lastEventAt: occurredAt,
                lastEventType: 'POSITION',
            },
        ],
    });
    await fastify.db
        .update(vehicleTrackers)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(vehicleTrackers.id, target.trackerId));
}

const description =
    "One position in the OsmAnd protocol, as Traccar Client, OsmAnd and many GPS trackers send it: parameters `id` (or `deviceid`), `lat` and `lon` (or `location=lat,lon`), `timestamp` (seconds, milliseconds, ISO 8601 or `yyyy-MM-dd HH:mm:ss`; the time of receipt when absent), `speed` (knots), `bearing` (or `heading`), `altitude` and `accuracy` (metres), `hdop`, `batt` (percent), `valid`; in the query string, a form body, or Traccar Client's JSON (`{ location: { timestamp, coords: { latitude, longitude, speed (m/s), heading, accuracy, altitude }, battery: { level } }, device_id }`). Point the tracker's server URL at this address. The identifier is the credential: the organisation registers it to a vehicle; an unknown identifier is 400 UNKNOWN_TRACKER, and an address sending too many unknown identifiers gets 429 for the rest of the minute. A stored position is answered with an empty 200.";

/** The OsmAnd endpoint, outside the user-token and machine-token contexts: the tracker id is the credential. */
export async function osmandRoutes(fastify: FastifyInstance): Promise<void> {
    fastify.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 16 * 1024 },
        (_request, body, done) => done(null, parametersOf(body as string)),
    );
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
        const now = new Date();
        if (await throttled(fastify.db, request.ip, now))
            throw new AppError(
                429,
                'TOO_MANY_REQUESTS',
                'Too many positions of unknown trackers from this address; try again in a minute.',
            );
        const query = request.raw.url?.split('?')[1] ?? '';
        const input = query !== '' ? parametersOf(query) : request.body;
        const decoded = decodeOsmAnd(input, now);
        if (!decoded.ok) throw refuse(decoded.field, decoded.message);
        await store(fastify, decoded.position, request.ip);
        return reply.code(200).send();
    };
    const schema = {
        tags: ['tour-commander'],
        summary: 'A position in the OsmAnd protocol (Traccar Client, GPS trackers)',
        description,
        response: {
            200: Type.Null({ description: 'The position is stored (an empty answer)' }),
            400: ErrorEnvelope,
            429: ErrorEnvelope,
        },
    };
    // Trackers are given a server URL and add their parameters with or without a slash.
    for (const url of ['/osmand', '/osmand/']) {
        const hidden = url.endsWith('/') ? { ...schema, hide: true } : schema;
        fastify.get(url, { schema: hidden, config: { highRate: true } }, handle);
        fastify.post(
            url,
            { schema: hidden, bodyLimit: 16 * 1024, config: { highRate: true } },
            handle,
        );
    }
}
