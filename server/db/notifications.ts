import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { DatabaseHandle } from './client.js';

export interface ChannelListener {
    /** Called for every notification on the channel (payload ignored). */
    onNotify(): void;
    /**
     * Told when notifications stop (false: a lost connection, so any may be missed) and when
     * they arrive again (true). Starts listening only after the first `true`.
     */
    onListening(listening: boolean): void;
}

const RETRY_MS = 1_000;
const CHANNEL = /^[a-z_][a-z0-9_]*$/;

/**
 * Listens to a PostgreSQL `NOTIFY` channel on either driver. PGlite delivers a notification
 * inside the query that commits it, so in-process readers see it before the write's answer;
 * on a PostgreSQL server one pooled connection is held for `LISTEN` (replaced after a loss),
 * which also brings the notifications of other app servers. Answers a function that stops.
 */
export async function listenToChannel(
    handle: DatabaseHandle,
    channel: string,
    listener: ChannelListener,
): Promise<() => Promise<void>> {
    if (!CHANNEL.test(channel)) throw new Error(`invalid channel name ${channel}`);
    // Both drizzle drivers keep their client as `$client` (PGlite, or node-postgres' Pool).
    const client = (handle.db as unknown as { $client: PGlite | pg.Pool }).$client;
    if (handle.driver === 'pglite') {
        const unlisten = await (client as PGlite).listen(channel, () => listener.onNotify());
        listener.onListening(true);
        return () => unlisten();
    }
    const pool = client as pg.Pool;
    let stopped = false;
    let current: pg.PoolClient | undefined;
    let retry: NodeJS.Timeout | undefined;

    const connect = async (): Promise<void> => {
        if (stopped) return;
        try {
            const connection = await pool.connect();
            connection.on('notification', (message) => {
                if (message.channel === channel) listener.onNotify();
            });
            connection.on('error', (error) => lost(connection, error));
            await connection.query(`LISTEN ${channel}`);
            current = connection;
            listener.onListening(true);
        } catch {
            listener.onListening(false);
            retry = setTimeout(() => void connect(), RETRY_MS);
        }
    };
    const lost = (connection: pg.PoolClient, error: Error) => {
        if (current !== connection) return;
        current = undefined;
        listener.onListening(false);
        connection.release(error);
        if (!stopped) retry = setTimeout(() => void connect(), RETRY_MS);
    };

    await connect();
    return async () => {
        stopped = true;
        clearTimeout(retry);
        const connection = current;
        current = undefined;
        if (!connection) return;
        try {
            await connection.query(`UNLISTEN ${channel}`);
            connection.release();
        } catch (error) {
            connection.release(error instanceof Error ? error : true);
        }
    };
}
