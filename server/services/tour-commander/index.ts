import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { secureMachineContext } from '../../access/machine-auth.js';
import { createMachineTokens } from '../../access/machine-tokens.js';
import { secureService } from '../../access/route-access.js';
import { tourCommanderConfigRoutes } from './config-routes.js';
import { driverIngestionRoutes, machineIngestionRoutes } from './ingestion-routes.js';
import { osmandRoutes } from './osmand-routes.js';
import { schedulePartitionUpkeep } from './partitions.js';
import { scheduleTourProcessing } from './processing.js';
import { tourRoutes } from './tour-routes.js';

/**
 * The tour commander service (`/tour-commander/v1`): the tour commander's configuration of each
 * organisation (admins), and the ingestion of driver-app events in three contexts of their own:
 * drivers with their own sign-in (`/driver-app/events`), integrations with API credentials
 * (`/external/driver-app/events`, machine tokens only), and trackers speaking the OsmAnd
 * protocol (`/osmand`, the tracker id is the credential). Keeps the day partitions of the event
 * tables current and processes the tours' new events.
 */
export default fp(
    async function tourCommander(fastify: FastifyInstance, opts: { prefix: string }) {
        schedulePartitionUpkeep(fastify, fastify.appConfig.events.retentionDays);
        scheduleTourProcessing(fastify);
        const machineTokens = createMachineTokens(fastify.db, fastify.appConfig);
        await fastify.register(
            async (service) => {
                secureService(service);
                await service.register(tourCommanderConfigRoutes);
                await service.register(driverIngestionRoutes);
                await service.register(tourRoutes);
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
    },
    { name: 'tour-commander', dependencies: ['authentication', 'database'] },
);
