import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { secureService } from '../../access/route-access.js';
import { tourCommanderConfigRoutes } from './config-routes.js';
import { schedulePartitionUpkeep } from './partitions.js';

/**
 * The tour commander service (`/tour-commander/v1`): for now the tour commander's configuration
 * of each organisation (`/administration/tour-commander/tenant-config`), with the same revision,
 * history and restore semantics as the client configurations; admins only.
 */
export default fp(
    async function tourCommander(fastify: FastifyInstance, opts: { prefix: string }) {
        schedulePartitionUpkeep(fastify, fastify.appConfig.events.retentionDays);
        await fastify.register(
            async (service) => {
                secureService(service);
                await service.register(tourCommanderConfigRoutes);
            },
            { prefix: opts.prefix },
        );
    },
    { name: 'tour-commander', dependencies: ['authentication', 'database'] },
);
