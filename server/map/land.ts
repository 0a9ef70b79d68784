import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { feature } from 'topojson-client';
import type { LandCollection, LandFeature } from '../../domain/contracts/map-background.js';

/**
 * A body prepared once: identity and gzip at once, brotli when ready (its best quality takes
 * about 2 s for the land, so it is made in the background and sent from then on).
 */
export interface EncodedAsset {
    etag: string;
    identity: Buffer;
    gzip: Buffer;
    br?: Buffer;
}

/** Natural Earth's land at 1:50m (world-atlas, public domain data): about 1,400 polygons, 60,000 points. */
const LAND_FILE = 'world-atlas/land-50m.json';
/** 3 decimals (≈ 100 m): finer than the data's own grid of 0.0036° × 0.0017°. */
const round = (value: number) => Math.round(value * 1000) / 1000;

type Topology = Parameters<typeof feature>[0];

/** The TopoJSON object `land` as GeoJSON, one feature per polygon, coordinates rounded. */
function landFromTopology(topology: Topology): LandCollection {
    const land = topology.objects.land;
    if (!land) throw new Error('the topology has no object "land"');
    const converted = feature(topology, land);
    const features: LandFeature[] = [];
    for (const item of 'features' in converted ? converted.features : [converted]) {
        const geometry = item.geometry;
        const polygons =
            geometry.type === 'MultiPolygon'
                ? geometry.coordinates
                : geometry.type === 'Polygon'
                  ? [geometry.coordinates]
                  : [];
        for (const rings of polygons)
            features.push({
                type: 'Feature',
                properties: null,
                geometry: {
                    type: 'Polygon',
                    coordinates: rings.map((ring) =>
                        ring.map(([longitude = 0, latitude = 0]) => [
                            round(longitude),
                            round(latitude),
                        ]),
                    ),
                },
            });
    }
    return { type: 'FeatureCollection', features };
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Compresses a body once (in the thread pool, so requests meanwhile are not held up). */
async function encodeAsset(text: string): Promise<EncodedAsset> {
    const identity = Buffer.from(text);
    const asset: EncodedAsset = {
        etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
        identity,
        gzip: await gzipAsync(identity, { level: 9 }),
    };
    brotliAsync(identity, {
        params: {
            [zlib.BROTLI_PARAM_QUALITY]: 11,
            [zlib.BROTLI_PARAM_LGWIN]: 22,
            [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
    }).then(
        (brotli) => {
            asset.br = brotli;
        },
        () => undefined,
    );
    return asset;
}

/** Reads and converts the packaged land file. */
export async function loadLand(): Promise<EncodedAsset> {
    const path = createRequire(import.meta.url).resolve(LAND_FILE);
    const topology = JSON.parse(await readFile(path, 'utf8')) as Topology;
    return encodeAsset(JSON.stringify(landFromTopology(topology)));
}
