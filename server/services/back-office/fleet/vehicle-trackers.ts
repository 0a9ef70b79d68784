import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, eq } from 'drizzle-orm';
import { authErrors, ErrorEnvelope } from '../../../../domain/contracts/common.js';
import {
    IdParams,
    VehicleTracker,
    VehicleTrackerBody,
    VehicleTrackerParams,
} from '../../../../domain/contracts/fleet.js';
import { Type } from 'typebox';
import { requireAction } from '../../../access/route-access.js';
import type { Queryable } from '../../../db/client.js';
import { newId } from '../../../db/ids.js';
import { vehicleTrackers } from '../../../db/schema/index.js';
import { conflict, notFound } from '../../../errors.js';
import { findVehicle } from './vehicles-repository.js';

const tags = ['back-office'];
const depotContext = { context: 'depot' } as const;
const some = { coverage: 'some' } as const;

const toWire = (row: typeof vehicleTrackers.$inferSelect): VehicleTracker => ({
    id: row.id,
    vehicleId: row.vehicleId,
    identifier: row.identifier,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt ? row.lastSeenAt.toISOString() : null,
});

const trackersOf = async (db: Queryable, vehicleId: string) =>
    (
        await db
            .select()
            .from(vehicleTrackers)
            .where(eq(vehicleTrackers.vehicleId, vehicleId))
            .orderBy(asc(vehicleTrackers.createdAt), asc(vehicleTrackers.id))
    ).map(toWire);

/**
 * The trackers of a vehicle (issue 14 part 3): positions in the OsmAnd protocol name their
 * tracker by identifier, which the organisation registers to a vehicle here. Read with r:suco,
 * changed with u:suco at the vehicle's subcontractor; a vehicle outside the caller's scopes is
 * 404 like an unknown one. Identifiers are unique across organisations (the protocol names
 * nothing else), so a taken one is 409 DUPLICATE_TRACKER.
 */
export const vehicleTrackerRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    const { db } = fastify;

    fastify.get(
        '/vehicles/:id/trackers',
        {
            config: { access: requireAction('r:suco', depotContext, some) },
            schema: {
                tags,
                summary: "The vehicle's trackers (OsmAnd protocol identifiers)",
                params: IdParams,
                response: { 200: Type.Array(VehicleTracker), 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const vehicle = await findVehicle(db, request.access.scopes, request.params.id);
            if (!vehicle) throw notFound(`Vehicle ${request.params.id}`);
            return trackersOf(db, vehicle.id);
        },
    );

    fastify.post(
        '/vehicles/:id/trackers',
        {
            config: { access: requireAction('u:suco', depotContext, some) },
            schema: {
                tags,
                summary: 'Registers a tracker to the vehicle (its OsmAnd identifier)',
                params: IdParams,
                body: VehicleTrackerBody,
                response: {
                    201: VehicleTracker,
                    404: ErrorEnvelope,
                    409: ErrorEnvelope,
                    ...authErrors,
                },
            },
        },
        async (request, reply) => {
            const vehicle = await findVehicle(db, request.access.scopes, request.params.id);
            if (!vehicle) throw notFound(`Vehicle ${request.params.id}`);
            const [row] = await db
                .insert(vehicleTrackers)
                .values({
                    id: newId(),
                    tenantId: vehicle.tenantId,
                    vehicleId: vehicle.id,
                    identifier: request.body.identifier,
                    createdBy: request.caller.userId,
                })
                .onConflictDoNothing()
                .returning();
            if (!row)
                throw conflict(
                    'DUPLICATE_TRACKER',
                    'A tracker with this identifier is registered already.',
                    [
                        {
                            field: '/body/identifier',
                            message: 'is registered already',
                            rule: 'DUPLICATE_TRACKER',
                        },
                    ],
                );
            reply.status(201);
            return toWire(row);
        },
    );

    fastify.delete(
        '/vehicles/:id/trackers/:trackerId',
        {
            config: { access: requireAction('u:suco', depotContext, some) },
            schema: {
                tags,
                summary:
                    'Removes a tracker from the vehicle: its positions are refused from then on',
                params: VehicleTrackerParams,
                response: { 200: VehicleTracker, 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const vehicle = await findVehicle(db, request.access.scopes, request.params.id);
            if (!vehicle) throw notFound(`Vehicle ${request.params.id}`);
            const [row] = await db
                .delete(vehicleTrackers)
                .where(
                    and(
                        eq(vehicleTrackers.id, request.params.trackerId),
                        eq(vehicleTrackers.vehicleId, vehicle.id),
                    ),
                )
                .returning();
            if (!row) throw notFound(`Tracker ${request.params.trackerId}`);
            return toWire(row);
        },
    );
};
