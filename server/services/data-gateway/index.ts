import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { secureService } from '../../access/route-access.js';
import { createMachineTokens } from '../../access/machine-tokens.js';
import { secureMachineContext } from '../../access/machine-auth.js';
import { machineRoutes } from './machine-routes.js';

/**
 * The data gateway (`/data-gateway/api/v1`): reads for machine clients holding API credentials
 * (`/external/*`, machine tokens only) and, in a secured context of their own, the back-office
 * pages' calls (`/backoffice/*`, signed-in users; later).
 */
export default fp(
    async function dataGateway(fastify: FastifyInstance, opts: { prefix: string }) {
        const machineTokens = createMachineTokens(fastify.db, fastify.appConfig);
        await fastify.register(
            async (service) => {
                secureService(service);
            },
            { prefix: opts.prefix },
        );
        await fastify.register(
            async (machine) => {
                secureMachineContext(machine, machineTokens);
                await machine.register(machineRoutes);
            },
            { prefix: opts.prefix },
        );
    },
    { name: 'data-gateway', dependencies: ['authentication', 'database'] },
);
