import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { secureMachineContext } from '../../access/machine-auth.js';
import { createMachineTokens } from '../../access/machine-tokens.js';
import { secureService } from '../../access/route-access.js';
import { addressDeliveryInfoRoutes } from './address-delivery-info-routes.js';
import { scheduleTourAnalytics } from './analytics/analytics-worker.js';
import { tourCommanderConfigRoutes } from './config-routes.js';
import { driverIngestionRoutes, machineIngestionRoutes } from './ingestion-routes.js';
import { osmandRoutes } from './osmand-routes.js';
import { schedulePartitionUpkeep } from './partitions.js';
import { scheduleTourProcessing } from './processing.js';
import { depotTourRoutes } from './depot-tour-routes.js';
import { rttDashboardRoutes } from './rtt-dashboard/rtt-dashboard-routes.js';
import { tourPerformanceRoutes } from './performance/tour-performance-routes.js';
import { tourActivityRoutes } from './activities/tour-activity-routes.js';
import { tourHistoryRoutes } from './history/tour-history-routes.js';
import { tourRoutes } from './tour-routes.js';
import { LiveHub } from './live/live-hub.js';
import { liveStatusRoutes } from './live/live-routes.js';
import { liveSettingsOf } from './live/live-settings.js';
import { liveSocketRoutes } from './live/live-socket.js';

/**
 * The tour commander service (`/tour-commander/v1`): the tour commander's configuration of each
 * organisation (admins), and the ingestion of driver-app events in three contexts of their own:
 * drivers with their own sign-in (`/driver-app/events`), integrations with API credentials
 * (`/external/driver-app/events`, machine tokens only), and trackers speaking the OsmAnd
 * protocol (`/osmand`, the tracker id is the credential). Keeps the day partitions of the event
 * tables current and processes the tours' new events. The depots' live status: a snapshot
 * (`/live-status`) and the live stream (`/live/socket`, authenticated by its first message).
 */
export default fp(
    async function tourCommander(fastify: FastifyInstance, opts: { prefix: string }) {
        schedulePartitionUpkeep(fastify, fastify.appConfig.events.retentionDays);
        scheduleTourProcessing(fastify);
        scheduleTourAnalytics(fastify);
        const machineTokens = createMachineTokens(fastify.db, fastify.appConfig);
        const hub = new LiveHub(
            fastify.database,
            (tenantId, depotId) => liveSettingsOf(fastify.db, tenantId, depotId),
            fastify.log,
        );
        fastify.addHook('onReady', () => hub.start());
        fastify.addHook('onClose', () => hub.stop());
        await fastify.register(
            async (service) => {
                secureService(service);
                await service.register(tourCommanderConfigRoutes);
                await service.register(driverIngestionRoutes);
                await service.register(tourRoutes);
                await service.register(addressDeliveryInfoRoutes);
                await service.register(depotTourRoutes);
                await service.register(rttDashboardRoutes);
                await service.register(tourPerformanceRoutes);
                await service.register(tourActivityRoutes);
                await service.register(tourHistoryRoutes);
                await service.register(liveStatusRoutes, { hub });
            },
            { prefix: opts.prefix },
        );
        await fastify.register(
            async (machine) => {
                secureMachineContext(machine, machineTokens);
                await machine.register(machineIngestionRoutes);
            },
            { prefix: opts.prefix },
        );
        await fastify.register(osmandRoutes, { prefix: opts.prefix });
        await fastify.register(liveSocketRoutes, { prefix: opts.prefix, hub });
    },
    { name: 'tour-commander', dependencies: ['authentication', 'database'] },
);
