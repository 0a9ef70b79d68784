import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { AppError } from '../errors.js';

const Status = Type.Object({ status: Type.String() });

/** Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the database answers). */
export default fp(
    async function health(fastify: FastifyInstance) {
        fastify.get(
            '/healthz',
            { schema: { hide: true, response: { 200: Status } } },
            async () => ({ status: 'ok' }),
        );
        fastify.get(
            '/readyz',
            { schema: { hide: true, response: { 200: Status } } },
            async (request) => {
                try {
                    await fastify.database.ping();
                } catch (err) {
                    request.log.warn({ err }, 'database not reachable');
                    throw new AppError(
                        503,
                        'SERVICE_UNAVAILABLE',
                        'The database is not reachable.',
                    );
                }
                return { status: 'ready' };
            },
        );
    },
    { name: 'health', dependencies: ['database'] },
);
