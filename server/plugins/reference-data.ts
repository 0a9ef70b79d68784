import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ReferenceCache, shareReferenceCache } from '../db/reference-data.js';
import { dropOnChange } from './drop-on-change.js';

/**
 * Keeps this server's copy of the master data (`referenceData(fastify.db)`) current: database
 * triggers notify channel `reference_changed` on every write to its tables (migration 0008);
 * see `dropOnChange` for the rest.
 */
export default fp(
    async function referenceDataCache(fastify: FastifyInstance) {
        const cache = new ReferenceCache(fastify.db);
        await dropOnChange(fastify, 'reference_changed', cache);
        shareReferenceCache(fastify.db, cache);
    },
    { name: 'reference-data', dependencies: ['database'] },
);
