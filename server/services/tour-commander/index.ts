import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { secureService } from '../../access/route-access.js';

/** The tour commander service (`/tour-commander/v1`): for now the tour commander tenant configurations. */
export default fp(
    async function tourCommander(fastify: FastifyInstance, opts: { prefix: string }) {
        await fastify.register(
            async (service) => {
                secureService(service);
            },
            { prefix: opts.prefix },
        );
    },
    { name: 'tour-commander', dependencies: ['authentication', 'database'] },
);
