import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { secureService } from '../../access/route-access.js';

/** The data gateway (`/data-gateway/api/v1`): reads for machine clients holding API credentials. */
export default fp(
    async function dataGateway(fastify: FastifyInstance, opts: { prefix: string }) {
        await fastify.register(
            async (service) => {
                secureService(service);
            },
            { prefix: opts.prefix },
        );
    },
    { name: 'data-gateway', dependencies: ['authentication', 'database'] },
);
