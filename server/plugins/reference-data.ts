import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { listenToChannel } from '../db/notifications.js';
import { ReferenceCache, shareReferenceCache } from '../db/reference-data.js';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Keeps this server's copy of the master data (`referenceData(fastify.db)`) current: database
 * triggers notify channel `reference_changed` on every write to its tables (migration 0008),
 * from this server and every other writer; this server also drops its copy when one of its own
 * write requests answers, so a client never reads a name it has just changed in its old form,
 * even before the notification arrives. While notifications are not received, nothing is kept.
 */
export default fp(
    async function referenceDataCache(fastify: FastifyInstance) {
        const cache = new ReferenceCache(fastify.db);
        cache.setEnabled(false);
        const stopListening = await listenToChannel(fastify.database, 'reference_changed', {
            onNotify: () => cache.clear(),
            onListening: (listening) => cache.setEnabled(listening),
        });
        shareReferenceCache(fastify.db, cache);
        fastify.addHook('onClose', async () => stopListening());
        fastify.addHook('onSend', async (request) => {
            if (!READ_METHODS.has(request.method)) cache.clear();
        });
    },
    { name: 'reference-data', dependencies: ['database'] },
);
