import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { profileRoutes } from './profile-routes.js';
import { scopeRoutes } from './scope-routes.js';

/**
 * The back-office service (`/api`): profile, settings, users and drivers, scopes, statistics,
 * health. Every route requires a signed-in back-office user.
 */
export default fp(
    async function backOffice(fastify: FastifyInstance, opts: { prefix: string }) {
        await fastify.register(
            async (service) => {
                service.addHook('onRequest', fastify.authenticate);
                await service.register(profileRoutes);
                await service.register(scopeRoutes);
            },
            { prefix: opts.prefix },
        );
    },
    { name: 'back-office', dependencies: ['authentication', 'database'] },
);
