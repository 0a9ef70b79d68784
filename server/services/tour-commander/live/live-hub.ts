import type { FastifyBaseLogger } from 'fastify';
import type { LiveResume } from '../../../../domain/contracts/live-status.js';
import type { Database, DatabaseHandle } from '../../../db/client.js';
import { listenToChannel } from '../../../db/notifications.js';
import {
    DepotFeed,
    MIN_TICK_SECONDS,
    type FeedDepot,
    type LiveSettingsReader,
    type Viewer,
} from './depot-feed.js';
import { TenantFleetFeed } from './tenant-fleet-feed.js';

/**
 * The live feeds of one app server: one feed per depot (or organisation map) somebody follows,
 * ticking at the organisation's refresh interval while it has subscribers and dropped a minute
 * after the last one left. NOTIFY `tour_events` (ingestion, from any server) and `tours_changed`
 * (processing, from any server) mark the feeds for a read at their next tick.
 */

/** What the hub needs of a feed: a numbered stream of changes, filtered per viewer. */
export interface LiveFeed {
    readonly key: string;
    readonly stream: string;
    readonly seq: number;
    /** Set by NOTIFY: something was ingested or processed since the last read. */
    dirty: boolean;
    /** Set by NOTIFY of the processing: tours (and their stops) changed. */
    stopsDirty: boolean;
    readonly lastReadAt: number;
    /** The tick in milliseconds, never under a second. */
    readonly tickMs: number;
    /** True when a read is due (news, or time alone may have changed a figure). */
    due(now?: number): boolean;
    /** Reads and diffs; answers whether anything changed. */
    refresh(): Promise<boolean>;
    /** Everything the viewer may see, as a message. */
    fullMessage(viewer: Viewer): object;
    /** The changes after `since` for the viewer: null for none, undefined when no longer kept. */
    deltaSince(viewer: Viewer, since: number): object | null | undefined;
}

export interface Subscriber {
    viewer: Viewer;
    /** The stream and number of the last frame sent (or the client's resume point). */
    stream: string | null;
    sentSeq: number;
    /** Sends one serialised message; false when the connection cannot take it (closed, too slow). */
    send(message: string): boolean;
}

interface Slot {
    feed: LiveFeed;
    subscribers: Set<Subscriber>;
    timer: NodeJS.Timeout | undefined;
    lastUsedAt: number;
}

/** A feed without subscribers is kept this long (a page reload, the snapshot before the socket). */
const IDLE_MS = 60_000;
/** The snapshot routes re-read a feed at most this often (reads are shared between callers). */
const SNAPSHOT_MAX_AGE_MS = 1_000;

export class LiveHub {
    private readonly slots = new Map<string, Slot>();
    private stopListening: (() => Promise<void>)[] = [];
    private closed = false;

    constructor(
        private readonly handle: DatabaseHandle,
        private readonly readSettings: LiveSettingsReader,
        private readonly log: FastifyBaseLogger,
    ) {}

    private get db(): Database {
        return this.handle.db;
    }

    async start(): Promise<void> {
        const markAll = (stops: boolean) => () => {
            for (const { feed } of this.slots.values()) {
                feed.dirty = true;
                if (stops) feed.stopsDirty = true;
            }
        };
        const lost = (listening: boolean) => {
            // Missed notifications: read everything at the next tick.
            if (!listening) markAll(true)();
        };
        this.stopListening = await Promise.all([
            listenToChannel(this.handle, 'tour_events', {
                onNotify: markAll(false),
                onListening: lost,
            }),
            listenToChannel(this.handle, 'tours_changed', {
                onNotify: markAll(true),
                onListening: lost,
            }),
        ]);
    }

    async stop(): Promise<void> {
        this.closed = true;
        for (const slot of this.slots.values()) clearTimeout(slot.timer);
        this.slots.clear();
        await Promise.all(this.stopListening.map((stop) => stop()));
    }

    private readonly reportError = (key: string) => (error: unknown) =>
        this.log.error({ err: error, feed: key }, 'live feed read failed');

    /** The depot's feed (made on first use). */
    depotFeed(depot: FeedDepot): DepotFeed {
        const key = `depot:${depot.internalDepotId}`;
        return this.slotOf(
            key,
            () => new DepotFeed(depot, this.db, this.readSettings, this.reportError(key)),
        ).feed as DepotFeed;
    }

    /** The organisation map's feed (made on first use). */
    fleetFeed(tenantId: string): TenantFleetFeed {
        const key = `tenant:${tenantId}`;
        return this.slotOf(key, () => new TenantFleetFeed(tenantId, this.db))
            .feed as TenantFleetFeed;
    }

    private slotOf(key: string, create: () => LiveFeed): Slot {
        let slot = this.slots.get(key);
        if (!slot) {
            slot = {
                feed: create(),
                subscribers: new Set(),
                timer: undefined,
                lastUsedAt: Date.now(),
            };
            this.slots.set(key, slot);
            this.schedule(slot);
        }
        slot.lastUsedAt = Date.now();
        return slot;
    }

    private schedule(slot: Slot): void {
        if (this.closed) return;
        // Until the first read brings the organisation's interval, the fastest tick.
        const ms = slot.feed.lastReadAt === 0 ? MIN_TICK_SECONDS * 1000 : slot.feed.tickMs;
        slot.timer = setTimeout(() => void this.tick(slot), ms);
        slot.timer.unref();
    }

    private async tick(slot: Slot): Promise<void> {
        const { feed } = slot;
        if (slot.subscribers.size === 0 && Date.now() - slot.lastUsedAt > IDLE_MS) {
            this.slots.delete(feed.key);
            return;
        }
        try {
            if (slot.subscribers.size > 0 && feed.due()) await feed.refresh();
            this.sendPending(slot);
        } catch (error) {
            this.log.error({ err: error, feed: feed.key }, 'live tick failed');
        }
        if (this.slots.get(feed.key) === slot) this.schedule(slot);
    }

    /** Sends every subscriber what it has not seen; identical frames are serialised once. */
    private sendPending(slot: Slot, subscribers: Iterable<Subscriber> = slot.subscribers): void {
        const { feed } = slot;
        const serialised = new Map<string, string | null>();
        for (const subscriber of [...subscribers]) {
            const resumable = subscriber.stream === feed.stream;
            const key = `${JSON.stringify(subscriber.viewer)}|${resumable ? subscriber.sentSeq : 'full'}`;
            let message = serialised.get(key);
            if (message === undefined) {
                const delta = resumable
                    ? feed.deltaSince(subscriber.viewer, subscriber.sentSeq)
                    : undefined;
                message =
                    delta === undefined
                        ? JSON.stringify(feed.fullMessage(subscriber.viewer))
                        : delta && JSON.stringify(delta);
                serialised.set(key, message);
            }
            if (message !== null && !subscriber.send(message)) {
                slot.subscribers.delete(subscriber);
                continue;
            }
            subscriber.stream = feed.stream;
            subscriber.sentSeq = feed.seq;
        }
    }

    /**
     * The feed for the snapshot routes. The first request waits for the first read; later ones
     * answer the state held and, when the feed has news (or a figure may have aged) and its last
     * read is a second old, start the next read for the requests after them. A request then
     * never waits behind the ingestion for a read, and the data is at most a second and one
     * read older than the database, while the stream itself is a tick behind anyway.
     */
    async fresh<F extends LiveFeed>(feed: F): Promise<F> {
        if (feed.lastReadAt === 0) await feed.refresh();
        else if (feed.due() && Date.now() - feed.lastReadAt >= SNAPSHOT_MAX_AGE_MS)
            void feed.refresh().catch(this.reportError(feed.key));
        return feed;
    }

    /**
     * Adds a subscriber to the feed and sends it, right away, a full frame or (resuming the same
     * stream) what changed after its number, then `subscribed`.
     */
    async subscribe(feed: LiveFeed, subscriber: Subscriber, resume?: LiveResume): Promise<void> {
        const slot = this.slots.get(feed.key) ?? this.slotOf(feed.key, () => feed);
        if (feed.lastReadAt === 0) await feed.refresh();
        if (resume) {
            subscriber.stream = resume.stream;
            subscriber.sentSeq = resume.seq;
        }
        slot.subscribers.add(subscriber);
        this.sendPending(slot, [subscriber]);
        if (slot.subscribers.has(subscriber))
            subscriber.send(
                JSON.stringify({ type: 'subscribed', stream: feed.stream, seq: feed.seq }),
            );
    }

    unsubscribe(feedKey: string, subscriber: Subscriber): void {
        const slot = this.slots.get(feedKey);
        if (!slot) return;
        slot.subscribers.delete(subscriber);
        slot.lastUsedAt = Date.now();
    }
}
