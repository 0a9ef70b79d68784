import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { secureService } from '../../access/route-access.js';
import { credentialRoutes } from './credentials-routes.js';
import { createMachineTokens } from '../../access/machine-tokens.js';
import { tokenRoutes } from './token-routes.js';

/**
 * The API access management service (`/api-access/api/v1`): API credentials (a secured
 * context: every route needs a signed-in back-office user and declares its access) and the
 * token exchange of machine clients (an open context: machine clients have no user token).
 */
export default fp(
    async function apiAccess(fastify: FastifyInstance, opts: { prefix: string }) {
        const machineTokens = createMachineTokens(fastify.db, fastify.appConfig);
        await fastify.register(
            async (service) => {
                secureService(service);
                await service.register(credentialRoutes);
            },
            { prefix: opts.prefix },
        );
        await fastify.register(tokenRoutes(machineTokens), { prefix: opts.prefix });
    },
    { name: 'api-access', dependencies: ['authentication', 'database'] },
);
