import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { depotsRoutes } from './depots-routes.js';

/**
 * The tour and tenant admin (configuration) service (`/tenant-admin/v1`): tenants, regions,
 * depots and their client configurations. Every route requires a signed-in back-office user.
 */
export default fp(
    async function configuration(fastify: FastifyInstance, opts: { prefix: string }) {
        await fastify.register(
            async (service) => {
                service.addHook('onRequest', fastify.authenticate);
                await service.register(depotsRoutes);
            },
            { prefix: opts.prefix },
        );
    },
    { name: 'configuration', dependencies: ['authentication', 'database'] },
);
