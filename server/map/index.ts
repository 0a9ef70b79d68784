import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { ErrorEnvelope } from '../../domain/contracts/common.js';
import { StreetCollection, StreetsQuery } from '../../domain/contracts/map-background.js';
import { createStreetMapReader } from '../demo/simulation/street-map.js';
import { negotiateEncoding } from '../shared/content-encoding.js';
import { loadLand, type EncodedAsset } from './land.js';
import { parseBBox, streetsWithin } from './streets.js';

interface MapBackgroundOptions {
    /** Demo mode (`config.demo`): the simulated street network of its depots is served. */
    demo: { enabled: boolean; seed: string };
}

/** Land changes only with a new world-atlas release: a week, then revalidated by entity tag. */
const LAND_CACHE = 'public, max-age=604800';
const STREETS_CACHE = 'public, max-age=600';
const GEOJSON = 'application/geo+json; charset=utf-8';

/**
 * The offline map background (ARCHITECTURE.md, Maps): what maps draw when no tile server is
 * configured or reachable. Public like `/locales` and `/assets/schemas` (no user data): land
 * outlines from the packaged Natural Earth data, converted once at the first request and kept
 * in memory compressed; in demo mode the simulator's street networks within a box (never in
 * production: demo mode is refused there). Outside demo mode the streets are an empty collection.
 */
export default fp(
    async function mapBackground(fastify: FastifyInstance, opts: MapBackgroundOptions) {
        let land: Promise<EncodedAsset> | undefined;
        const landAsset = () => {
            land ??= loadLand();
            land.catch(() => {
                land = undefined;
            });
            return land;
        };
        const demoStreets = createStreetMapReader(opts.demo.seed);

        fastify.get(
            '/assets/map/land.json',
            { schema: { hide: true, response: { 304: Type.Null() } } },
            async (request, reply) => {
                const asset = await landAsset();
                reply
                    .header('cache-control', LAND_CACHE)
                    .header('etag', asset.etag)
                    .header('vary', 'accept-encoding');
                const known = (request.headers['if-none-match'] ?? '').split(',');
                if (known.some((tag) => tag.trim().replace(/^W\//, '') === asset.etag))
                    return reply.code(304).send(null);
                const { br } = asset;
                const encoding = negotiateEncoding(request.headers['accept-encoding'], Boolean(br));
                if (encoding) reply.header('content-encoding', encoding);
                const body = encoding === 'br' && br ? br : encoding === 'gzip' ? asset.gzip : null;
                return reply.type(GEOJSON).send(body ?? asset.identity);
            },
        );

        fastify.get(
            '/assets/map/streets.json',
            {
                schema: {
                    hide: true,
                    querystring: StreetsQuery,
                    response: { 200: StreetCollection, 400: ErrorEnvelope },
                },
            },
            async (request, reply) => {
                const { bbox } = request.query as StreetsQuery;
                const box = parseBBox(bbox);
                const networks = opts.demo.enabled ? await demoStreets(fastify.db) : [];
                return reply
                    .header('cache-control', STREETS_CACHE)
                    .type(GEOJSON)
                    .send(streetsWithin(networks, box));
            },
        );
    },
    { name: 'map-background', dependencies: ['database'] },
);
