import type { FastifyInstance } from 'fastify';
import { listenToChannel } from '../db/notifications.js';

/** A server-side cache that database notifications keep current. */
export interface DroppableCache {
    /** Forgets everything. */
    clear(): void;
    /** False while notifications are not received: nothing may be kept then. */
    setEnabled(enabled: boolean): void;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Drops `cache` on every notification of `channel` (sent by database triggers, from this server
 * and every other writer) and when one of this server's own write requests answers, so its
 * client never reads the old answer even before the notification arrives (a PostgreSQL
 * notification can come a moment after the write's answer; the high-rate ingestion routes, which
 * write none of the cached tables, are left out). Caching starts disabled and is on
 * only while notifications are received; listening stops when the server closes.
 */
export async function dropOnChange(
    fastify: FastifyInstance,
    channel: string,
    cache: DroppableCache,
): Promise<void> {
    cache.setEnabled(false);
    const stopListening = await listenToChannel(fastify.database, channel, {
        onNotify: () => cache.clear(),
        onListening: (listening) => cache.setEnabled(listening),
    });
    fastify.addHook('onClose', async () => stopListening());
    fastify.addHook('onSend', async (request) => {
        // The high-rate routes (driver-app events and positions) write none of these tables.
        if (!READ_METHODS.has(request.method) && request.routeOptions.config.highRate !== true)
            cache.clear();
    });
}
