import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { secureService } from '../../access/route-access.js';

/** The API access management service (`/api-access/api/v1`): API credentials and the token exchange of machine clients. */
export default fp(
    async function apiAccess(fastify: FastifyInstance, opts: { prefix: string }) {
        await fastify.register(
            async (service) => {
                secureService(service);
            },
            { prefix: opts.prefix },
        );
    },
    { name: 'api-access', dependencies: ['authentication', 'database'] },
);
