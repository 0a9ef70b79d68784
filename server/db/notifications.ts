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
 * One connection of its own (outside the pool, so listening never takes a query's place) that
 * LISTENs to every channel the app server follows, and dispatches each notification to the
 * channel's listeners. Replaced after a loss; every listener is told when notifications stop
 * and when they arrive again.
 */
class SharedListener {
    private readonly channels = new Map<string, Set<ChannelListener>>();
    private client: pg.Client | undefined;
    private connecting: Promise<void> | undefined;
    private retry: NodeJS.Timeout | undefined;

    constructor(private readonly pool: pg.Pool) {}

    private everyone(): ChannelListener[] {
        return [...this.channels.values()].flatMap((listeners) => [...listeners]);
    }

    private connect(): Promise<void> {
        this.connecting ??= (async () => {
            const Client = (this.pool as unknown as { Client: typeof pg.Client }).Client;
            const client = new Client(
                (this.pool as unknown as { options: pg.ClientConfig }).options,
            );
            try {
                await client.connect();
                client.on('notification', (message) => {
                    for (const listener of this.channels.get(message.channel) ?? [])
                        listener.onNotify();
                });
                client.on('error', () => this.lost(client));
                client.on('end', () => this.lost(client));
                for (const channel of this.channels.keys()) await client.query(`LISTEN ${channel}`);
                this.client = client;
                for (const listener of this.everyone()) listener.onListening(true);
            } catch {
                void client.end().catch(() => undefined);
                for (const listener of this.everyone()) listener.onListening(false);
                this.retry = setTimeout(() => void this.connect(), RETRY_MS);
            } finally {
                this.connecting = undefined;
            }
        })();
        return this.connecting;
    }

    private lost(client: pg.Client): void {
        if (this.client !== client) return;
        this.client = undefined;
        void client.end().catch(() => undefined);
        for (const listener of this.everyone()) listener.onListening(false);
        if (this.channels.size > 0) this.retry = setTimeout(() => void this.connect(), RETRY_MS);
    }

    async add(channel: string, listener: ChannelListener): Promise<void> {
        const listeners = this.channels.get(channel) ?? new Set();
        const first = listeners.size === 0;
        listeners.add(listener);
        this.channels.set(channel, listeners);
        if (this.connecting) await this.connecting;
        if (!this.client) {
            // The connection LISTENs to every channel known by then, this one included.
            await this.connect();
            return;
        }
        try {
            if (first) await this.client.query(`LISTEN ${channel}`);
            listener.onListening(true);
        } catch {
            this.lost(this.client);
        }
    }

    async remove(channel: string, listener: ChannelListener): Promise<void> {
        const listeners = this.channels.get(channel);
        if (!listeners?.delete(listener) || listeners.size > 0) return;
        this.channels.delete(channel);
        const client = this.client;
        if (this.channels.size === 0) {
            clearTimeout(this.retry);
            this.client = undefined;
            if (client) await client.end().catch(() => undefined);
            return;
        }
        await client?.query(`UNLISTEN ${channel}`).catch(() => undefined);
    }
}

const sharedListeners = new WeakMap<pg.Pool, SharedListener>();

/**
 * Listens to a PostgreSQL `NOTIFY` channel on either driver. PGlite delivers a notification
 * inside the query that commits it, so in-process readers see it before the write's answer;
 * on a PostgreSQL server every channel of the app server shares one connection of its own (not
 * one of the pool's), replaced after a loss, which also brings the notifications of other app
 * servers. Answers a function that stops.
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
    let shared = sharedListeners.get(pool);
    if (!shared) {
        shared = new SharedListener(pool);
        sharedListeners.set(pool, shared);
    }
    const own = {
        onNotify: () => listener.onNotify(),
        onListening: (on: boolean) => listener.onListening(on),
    };
    await shared.add(channel, own);
    const listening = shared;
    return () => listening.remove(channel, own);
}
