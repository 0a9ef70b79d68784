import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/client.js';

declare module 'fastify' {
    interface FastifyInstance {
        db: Database;
        database: DatabaseHandle;
    }
}

/** Makes the opened database available to every plugin. The caller owns opening and closing it. */
export default fp(
    async function database(fastify: FastifyInstance, opts: { handle: DatabaseHandle }) {
        fastify.decorate('database', opts.handle);
        fastify.decorate('db', opts.handle.db);
    },
    { name: 'database' },
);
