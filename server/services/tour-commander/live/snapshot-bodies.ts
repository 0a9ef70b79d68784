import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import type { TSchema } from 'typebox';
import { negotiateEncoding } from '../../../shared/content-encoding.js';
import type { Viewer } from './depot-feed.js';
import type { LiveFeed } from './live-hub.js';

/** Distinct viewers kept per read (viewers differ only by their grants: few per depot). */
const MAX_VIEWERS = 32;

interface Bodies {
    stream: string;
    readAt: number;
    byKey: Map<string, Buffer>;
}

/**
 * The snapshot routes' answers, serialised and compressed once per feed read and viewer. A feed
 * changes only when it reads (at most once a second for these routes), and a depot's snapshot
 * is about 150 kB of JSON: serialising and compressing it for every request cost more than the
 * rest of the request, and ran on the event loop the stream and the ingestion share.
 *
 * The body is serialised by the route's response schema (as Fastify would), then sent as it is.
 */
export class SnapshotBodies {
    private readonly byFeed = new WeakMap<LiveFeed, Bodies>();
    /** Built on first use, as the app's serializers are (server/plugins/lazy-serializers.ts). */
    private serialise: ((snapshot: object) => string) | undefined;

    constructor(private readonly schema: TSchema) {}

    /** Sends the viewer's snapshot (`make` when it is not held yet), compressed as the client accepts. */
    send(
        reply: FastifyReply,
        acceptEncoding: string | undefined,
        feed: LiveFeed,
        viewer: Viewer,
        make: () => object,
    ): FastifyReply {
        const encoding = negotiateEncoding(acceptEncoding);
        let bodies = this.byFeed.get(feed);
        if (!bodies || bodies.stream !== feed.stream || bodies.readAt !== feed.lastReadAt) {
            bodies = { stream: feed.stream, readAt: feed.lastReadAt, byKey: new Map() };
            this.byFeed.set(feed, bodies);
        }
        const viewerKey = JSON.stringify(viewer);
        const key = `${encoding ?? 'identity'}|${viewerKey}`;
        let body = bodies.byKey.get(key);
        if (!body) {
            const identity =
                bodies.byKey.get(`identity|${viewerKey}`) ?? Buffer.from(this.serialiser()(make()));
            body = encode(identity, encoding);
            if (bodies.byKey.size < MAX_VIEWERS * 3) {
                bodies.byKey.set(`identity|${viewerKey}`, identity);
                bodies.byKey.set(key, body);
            }
        }
        reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8');
        if (encoding) reply.header('content-encoding', encoding);
        return reply.send(body);
    }

    private serialiser(): (snapshot: object) => string {
        this.serialise ??= fastJsonStringify(this.schema as Schema, { schema: {} });
        return this.serialise;
    }
}

function encode(identity: Buffer, encoding: 'br' | 'gzip' | undefined): Buffer {
    switch (encoding) {
        case 'br':
            return brotliCompressSync(identity, {
                params: {
                    [zlib.BROTLI_PARAM_QUALITY]: 4,
                    [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
                },
            });
        case 'gzip':
            return gzipSync(identity);
        case undefined:
            return identity;
    }
}
