import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { Type } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import type { Viewer } from '../../server/services/tour-commander/live/depot-feed.js';
import type { LiveFeed } from '../../server/services/tour-commander/live/live-hub.js';
import { SnapshotBodies } from '../../server/services/tour-commander/live/snapshot-bodies.js';

/**
 * The live snapshot routes serialise and compress a feed's state once per read and viewer
 * (server/services/tour-commander/live/snapshot-bodies.ts): each viewer still gets only its own
 * snapshot, a new read gives a new body, and the response schema still decides the fields.
 */

const Snapshot = Type.Object({ viewer: Type.String(), read: Type.Integer() });

const viewers: Record<string, Viewer> = {
    depot: { tourScopes: ['t.d'], mapScopes: ['t.d'] },
    subcontractor: { tourScopes: ['t.d.s1'], mapScopes: [] },
};

function setUp() {
    const feed = { stream: 'stream-1', lastReadAt: 1_000 } as LiveFeed & { lastReadAt: number };
    const made: string[] = [];
    const bodies = new SnapshotBodies(Snapshot);
    const fastify = Fastify({ logger: false });
    fastify.get<{ Querystring: { as: string } }>('/snapshot', async (request, reply) => {
        const name = request.query.as;
        const viewer = viewers[name];
        if (!viewer) throw new Error(`no viewer ${name}`);
        return bodies.send(reply, request.headers['accept-encoding'], feed, viewer, () => {
            made.push(name);
            return { viewer: name, read: feed.lastReadAt, secret: 'not in the schema' };
        });
    });
    return { feed, made, fastify };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
    await close?.();
    close = undefined;
});

async function get(
    fastify: ReturnType<typeof Fastify>,
    as: string,
    acceptEncoding: string | undefined,
) {
    const answer = await fastify.inject({
        url: `/snapshot?as=${as}`,
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });
    const encoding = answer.headers['content-encoding'];
    const raw = answer.rawPayload;
    const text =
        encoding === 'br'
            ? brotliDecompressSync(raw).toString()
            : encoding === 'gzip'
              ? gunzipSync(raw).toString()
              : raw.toString();
    return {
        status: answer.statusCode,
        encoding,
        type: answer.headers['content-type'],
        vary: answer.headers.vary,
        body: JSON.parse(text) as unknown,
    };
}

describe('SnapshotBodies', () => {
    it('compresses as the client accepts, and sends only the schema’s fields', async () => {
        const { fastify } = setUp();
        close = () => fastify.close();
        const expected = { viewer: 'depot', read: 1000 };
        for (const [accept, encoding] of [
            ['gzip, deflate, br, zstd', 'br'],
            ['gzip', 'gzip'],
            ['br;q=0, gzip', 'gzip'],
            [undefined, undefined],
        ] as const) {
            const answer = await get(fastify, 'depot', accept);
            expect(answer).toEqual({
                status: 200,
                encoding,
                type: 'application/json; charset=utf-8',
                vary: 'accept-encoding',
                body: expected,
            });
        }
    });

    it('makes a snapshot once per read and viewer, never one viewer’s for another', async () => {
        const { fastify, feed, made } = setUp();
        close = () => fastify.close();
        expect((await get(fastify, 'depot', 'gzip')).body).toEqual({ viewer: 'depot', read: 1000 });
        expect((await get(fastify, 'depot', 'br')).body).toEqual({ viewer: 'depot', read: 1000 });
        expect((await get(fastify, 'subcontractor', 'gzip')).body).toEqual({
            viewer: 'subcontractor',
            read: 1000,
        });
        expect((await get(fastify, 'depot', 'gzip')).body).toEqual({ viewer: 'depot', read: 1000 });
        expect(made).toEqual(['depot', 'subcontractor']);

        feed.lastReadAt = 2_000;
        expect((await get(fastify, 'depot', 'gzip')).body).toEqual({ viewer: 'depot', read: 2000 });
        expect((await get(fastify, 'subcontractor', 'br')).body).toEqual({
            viewer: 'subcontractor',
            read: 2000,
        });
        expect(made).toEqual(['depot', 'subcontractor', 'depot', 'subcontractor']);
    });
});
