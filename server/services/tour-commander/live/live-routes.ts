import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authErrors } from '../../../../domain/contracts/common.js';
import {
    FleetSnapshot,
    LiveFleetQuery,
    LiveSnapshot,
    LiveStatusQuery,
} from '../../../../domain/contracts/live-status.js';
import { queryPath, requireAction } from '../../../access/route-access.js';
import {
    depotOfPath,
    fleetViewerFor,
    LIVE_MAP_ACTION,
    LIVE_STATUS_ACTION,
    viewerFor,
} from './live-access.js';
import type { LiveHub } from './live-hub.js';
import { SnapshotBodies } from './snapshot-bodies.js';

/**
 * The live status snapshot (domain §2 Live Status): what the page shows before its stream
 * connects, and what integrations may poll. The same feed as the stream answers it, each read
 * serialised once per viewer (`SnapshotBodies`).
 */
export const liveStatusRoutes: FastifyPluginAsyncTypebox<{ hub: LiveHub }> = async (
    fastify,
    { hub },
) => {
    const snapshotBodies = new SnapshotBodies(LiveSnapshot);
    const fleetBodies = new SnapshotBodies(FleetSnapshot);

    fastify.get(
        '/live-status',
        {
            config: {
                access: requireAction(
                    LIVE_STATUS_ACTION,
                    { context: 'depot', path: queryPath() },
                    { coverage: 'some' },
                ),
            },
            schema: {
                tags: ['tour-commander'],
                summary:
                    "Today's tours of a depot with their progress, flags and positions (positions need r:live-status-map and business hours), and the stops whose window is at risk",
                querystring: LiveStatusQuery,
                response: { 200: LiveSnapshot, ...authErrors },
            },
        },
        async (request, reply) => {
            const { path } = request.query;
            const depot = await depotOfPath(fastify.db, path);
            const feed = await hub.fresh(hub.depotFeed(depot));
            const viewer = viewerFor(request.caller.actions, path);
            return snapshotBodies.send(
                reply,
                request.headers['accept-encoding'],
                feed,
                viewer,
                () => feed.snapshot(viewer),
            );
        },
    );

    fastify.get(
        '/live-fleet',
        {
            config: {
                access: requireAction(
                    LIVE_MAP_ACTION,
                    { context: 'tenant', path: queryPath('tenantId') },
                    { coverage: 'some' },
                ),
            },
            schema: {
                tags: ['tour-commander'],
                summary:
                    "The organisation's live map: its depots the caller may see with their vehicles by map colour, and the positions of today's tours within each depot's business hours",
                querystring: LiveFleetQuery,
                response: { 200: FleetSnapshot, ...authErrors },
            },
        },
        async (request, reply) => {
            const { tenantId } = request.query;
            const feed = await hub.fresh(hub.fleetFeed(tenantId));
            const viewer = fleetViewerFor(request.caller.actions, tenantId);
            return fleetBodies.send(
                reply,
                request.headers['accept-encoding'],
                feed,
                viewer,
                () => feed.fullMessage(viewer).fleet,
            );
        },
    );
};
