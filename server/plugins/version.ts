import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Every response carries the build id, so the browser can offer an update when it changes. */
export default fp(
    async function versionHeader(fastify: FastifyInstance, opts: { versionId: string }) {
        fastify.addHook('onSend', async (_request, reply) => {
            reply.header('x-version-id', opts.versionId);
        });
    },
    { name: 'version-header' },
);
