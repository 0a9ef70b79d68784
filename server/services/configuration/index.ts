import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { secureService } from '../../access/route-access.js';
import { clientConfigRoutes } from './client-configs-routes.js';
import { depotUploadRoutes } from './depot-upload-routes.js';
import { depotsRoutes } from './depots-routes.js';
import { mfaRequirementRoutes } from './mfa-requirement-routes.js';
import { tenantsRoutes } from './tenants-routes.js';

/**
 * The tour and tenant admin (configuration) service (`/tenant-admin/v1`): tenants, regions,
 * depots and their client configurations. Every route requires a signed-in back-office user and
 * declares what else it needs (`config.access`, server/access/route-access.ts).
 */
export default fp(
    async function configuration(fastify: FastifyInstance, opts: { prefix: string }) {
        await fastify.register(
            async (service) => {
                secureService(service);
                await service.register(tenantsRoutes);
                await service.register(depotsRoutes);
                await service.register(depotUploadRoutes);
                await service.register(clientConfigRoutes);
                await service.register(mfaRequirementRoutes);
            },
            { prefix: opts.prefix },
        );
    },
    { name: 'configuration', dependencies: ['authentication', 'database'] },
);
