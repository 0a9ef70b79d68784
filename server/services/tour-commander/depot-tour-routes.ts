import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { authErrors, ErrorEnvelope } from '../../../domain/contracts/common.js';
import {
    CustomWaypoint,
    CustomWaypointBody,
    CustomWaypointParams,
    DepotTourDetail,
    DepotTourParams,
    DepotTourQuery,
} from '../../../domain/contracts/depot-tours.js';
import { can } from '../../../domain/permissionChecks.js';
import { queryPath, requireAction } from '../../access/route-access.js';
import { notFound } from '../../errors.js';
import { addCustomWaypoint, deleteCustomWaypoint } from './custom-waypoint-writes.js';
import { findDepotTour, readDepotTourDetail } from './depot-tour-repository.js';

const tags = ['tour-commander'];

/**
 * A depot's tour detail (domain §2 Tour Detail View, `statistics/live-status/tour/:tourId`) and
 * its custom waypoints. Everything needs r:tour-details at the depot (`path`; subcontractor
 * users at their subcontractor under it): the spec names no write code for custom waypoints, so
 * the detail's own code covers adding and deleting them. A tour of another depot, or outside the
 * caller's scopes, is 404 like an unknown one. The device needs r:tour-device and the driver's
 * location r:tour-details-driver-location at the tour's scope; without them they are not answered.
 */
export const depotTourRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    const { db } = fastify;
    const access = requireAction(
        'r:tour-details',
        { context: 'depot', path: queryPath() },
        { coverage: 'some' },
    );
    const tourOf = async (request: FastifyRequest, depotPath: string, tourId: string) => {
        const tour = await findDepotTour(db, request.access.scopes, depotPath, tourId);
        if (!tour) throw notFound(`Tour ${tourId}`);
        return tour;
    };

    fastify.get(
        '/depot-tours/:tourId',
        {
            config: { access },
            schema: {
                tags,
                summary:
                    "One tour of the depot: its stops in planned order with states, time frames, ETA, ATA and the depot's delivery information for their address, address errors, unsuccessful jobs, planned and driven path, custom waypoints; the device (r:tour-device) and the driver's location (r:tour-details-driver-location) only with their rights",
                params: DepotTourParams,
                querystring: DepotTourQuery,
                response: { 200: DepotTourDetail, 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const tour = await tourOf(request, request.query.path, request.params.tourId);
            const { actions } = request.caller;
            const target = { context: 'depot', path: tour.scopePath } as const;
            return readDepotTourDetail(db, tour, {
                device: can(actions, 'r:tour-device', target),
                driverLocation: can(actions, 'r:tour-details-driver-location', target),
            });
        },
    );

    fastify.post(
        '/depot-tours/:tourId/custom-waypoints',
        {
            config: { access },
            schema: {
                tags,
                summary:
                    'Adds a custom waypoint to the tour, by coordinates or by address (geocoded); it becomes a stop at the next processing cycle',
                params: DepotTourParams,
                querystring: DepotTourQuery,
                body: CustomWaypointBody,
                response: {
                    201: CustomWaypoint,
                    404: ErrorEnvelope,
                    409: ErrorEnvelope,
                    422: ErrorEnvelope,
                    ...authErrors,
                },
            },
        },
        async (request, reply) => {
            const tour = await tourOf(request, request.query.path, request.params.tourId);
            const added = await addCustomWaypoint(
                db,
                request,
                tour,
                request.body,
                fastify.appConfig.geocoderUrl,
            );
            reply.status(201);
            return added;
        },
    );

    fastify.delete(
        '/depot-tours/:tourId/custom-waypoints/:customWaypointId',
        {
            config: { access },
            schema: {
                tags,
                summary:
                    'Deletes a custom waypoint of the tour; its stop is removed at the next processing cycle unless done by then',
                params: CustomWaypointParams,
                querystring: DepotTourQuery,
                response: {
                    200: CustomWaypoint,
                    404: ErrorEnvelope,
                    409: ErrorEnvelope,
                    ...authErrors,
                },
            },
        },
        async (request) => {
            const tour = await tourOf(request, request.query.path, request.params.tourId);
            return deleteCustomWaypoint(db, request, tour, request.params.customWaypointId);
        },
    );
};
