import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { secureService } from '../../access/route-access.js';
import { profileRoutes } from './profile-routes.js';
import { scopeRoutes } from './scope-routes.js';

/**
 * The back-office service (`/api`): profile, settings, users and drivers, scopes, statistics,
 * health. Every route requires a signed-in back-office user and
 * declares what else it needs (`config.access`, server/access/route-access.ts).
 */
export default fp(
    async function backOffice(fastify: FastifyInstance, opts: { prefix: string }) {
        await fastify.register(
            async (service) => {
                secureService(service);
                await service.register(profileRoutes);
                await service.register(scopeRoutes);
            },
            { prefix: opts.prefix },
        );
    },
    { name: 'back-office', dependencies: ['authentication', 'database'] },
);
