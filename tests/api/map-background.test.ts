import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LandCollection, StreetCollection } from '../../domain/contracts/map-background.js';
import { vehicles } from '../../server/db/schema/index.js';
import { ids, paths, seedFixtures } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The offline map background (issue 15 part 4): land outlines for every map, and in demo mode
 * the simulated streets around the depots the simulator drives (those with vehicles).
 */

type Ring = number[][];

/** Even-odd ray casting: whether [lon, lat] lies inside the ring. */
function inRing(point: [number, number], ring: Ring): boolean {
    let inside = false;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi = 0, yi = 0] = ring[i] ?? [];
        const [xj = 0, yj = 0] = ring[j] ?? [];
        if (
            yi > point[1] !== yj > point[1] &&
            point[0] < ((xj - xi) * (point[1] - yi)) / (yj - yi) + xi
        )
            inside = !inside;
    }
    return inside;
}

/** Inside the outer ring of some polygon and not in one of its holes. */
const onLand = (land: LandCollection, point: [number, number]) =>
    land.features.some(
        ({
            geometry: {
                coordinates: [outer = [], ...holes],
            },
        }) => (inRing(point, outer) ? !holes.some((hole) => inRing(point, hole)) : false),
    );

let t: TestApp;
let outsideDemo: TestApp;

beforeAll(async () => {
    // NODE_ENV=test without DEMO_DATA=false is demo mode (server/config.ts).
    t = await createTestApp();
    await seedFixtures(t.db);
    // The simulator drives depots with vehicles: Berlin has one, Hamburg none.
    await t.db.insert(vehicles).values({
        id: 'veh-map',
        tenantId: ids.north,
        depotId: ids.berlin,
        subcontractorId: ids.sucoBerlin,
        number: 'MAP-1',
        scopePath: paths.sucoBerlin,
    });
    outsideDemo = await createTestApp({ DEMO_DATA: 'false' });
    await seedFixtures(outsideDemo.db);
    await outsideDemo.db.insert(vehicles).values({
        id: 'veh-map',
        tenantId: ids.north,
        depotId: ids.berlin,
        subcontractorId: ids.sucoBerlin,
        number: 'MAP-1',
        scopePath: paths.sucoBerlin,
    });
});
afterAll(async () => {
    await t?.close();
    await outsideDemo?.close();
});

describe('GET /assets/map/land.json', () => {
    let land: LandCollection;
    let etag: string;

    it('answers GeoJSON land polygons, compressed, cacheable, without signing in', async () => {
        const response = await t.app.inject({
            method: 'GET',
            url: '/assets/map/land.json',
            headers: { 'accept-encoding': 'gzip' },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^application\/geo\+json/);
        expect(response.headers['content-encoding']).toBe('gzip');
        expect(response.headers['cache-control']).toMatch(/max-age=\d{6,}/);
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        etag = String(response.headers.etag);
        expect(etag).toMatch(/^"[\w-]+"$/);
        land = JSON.parse(gunzipSync(response.rawPayload).toString('utf8')) as LandCollection;
        expect(land.type).toBe('FeatureCollection');
        expect(land.features.length).toBeGreaterThan(1000);
        expect(land.features.every((item) => item.geometry.type === 'Polygon')).toBe(true);
    });

    it('has Germany, Italy and Great Britain on land and the North Sea and the Tyrrhenian Sea not', () => {
        expect(onLand(land, [9.48, 51.31])).toBe(true); // Kassel
        expect(onLand(land, [11.25, 43.77])).toBe(true); // Florence
        expect(onLand(land, [-1.26, 51.75])).toBe(true); // Oxford
        expect(onLand(land, [3.0, 56.0])).toBe(false); // North Sea
        expect(onLand(land, [11.5, 40.0])).toBe(false); // Tyrrhenian Sea
    });

    it('answers 304 for the same entity tag, and plain JSON to a client that accepts no encoding', async () => {
        const again = await t.app.inject({
            method: 'GET',
            url: '/assets/map/land.json',
            headers: { 'if-none-match': etag },
        });
        expect(again.statusCode).toBe(304);
        expect(again.body).toBe('');
        const plain = await t.app.inject({
            method: 'GET',
            url: '/assets/map/land.json',
            headers: { 'accept-encoding': 'identity' },
        });
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.json<LandCollection>().features).toHaveLength(land.features.length);
        // Brotli at its best quality is made in the background after the first request.
        let brotli = plain;
        for (let attempt = 0; attempt < 100; attempt++) {
            brotli = await t.app.inject({
                method: 'GET',
                url: '/assets/map/land.json',
                headers: { 'accept-encoding': 'gzip, br' },
            });
            if (brotli.headers['content-encoding'] === 'br') break;
            expect(brotli.headers['content-encoding']).toBe('gzip');
            await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(brotli.headers['content-encoding']).toBe('br');
        expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    });
});

describe('GET /assets/map/streets.json', () => {
    // Around the Berlin fixture depot (52.52, 13.405); its simulated grid spans 6 km each way.
    const nearBerlin = '13.38,52.50,13.43,52.54';

    it('answers the simulated streets within the box, clipped to it, in demo mode', async () => {
        const response = await t.app.inject({
            method: 'GET',
            url: `/assets/map/streets.json?bbox=${nearBerlin}`,
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^application\/geo\+json/);
        const streets = response.json<StreetCollection>();
        expect(streets.truncated).toBe(false);
        // Blocks of 150-250 m: the 3.4 × 4.4 km box (0.05° of longitude at 52.5° is 3.39 km)
        // crosses 13-23 north-south and 17-30 east-west streets.
        expect(streets.features.length).toBeGreaterThanOrEqual(30);
        expect(streets.features.length).toBeLessThanOrEqual(53);
        for (const street of streets.features) {
            expect(street.geometry.type).toBe('LineString');
            expect(['residential', 'urban', 'arterial', 'highway']).toContain(
                street.properties.roadClass,
            );
            for (const [lon = NaN, lat = NaN] of street.geometry.coordinates) {
                expect(lon).toBeGreaterThanOrEqual(13.38);
                expect(lon).toBeLessThanOrEqual(13.43);
                expect(lat).toBeGreaterThanOrEqual(52.5);
                expect(lat).toBeLessThanOrEqual(52.54);
            }
        }
    });

    it('answers nothing where no simulated depot is (Hamburg has no vehicles) and outside demo mode', async () => {
        const hamburg = await t.app.inject({
            method: 'GET',
            url: '/assets/map/streets.json?bbox=9.95,53.53,10.03,53.57',
        });
        expect(hamburg.json<StreetCollection>().features).toEqual([]);
        const noDemo = await outsideDemo.app.inject({
            method: 'GET',
            url: `/assets/map/streets.json?bbox=${nearBerlin}`,
        });
        expect(noDemo.statusCode).toBe(200);
        expect(noDemo.json<StreetCollection>()).toEqual({
            type: 'FeatureCollection',
            features: [],
            truncated: false,
        });
    });

    it('refuses a missing, malformed, inverted, out-of-range or too large box with 400 naming bbox', async () => {
        const cases: [string, string | undefined][] = [
            ['', '/querystring/bbox'],
            ['?bbox=13.38,52.50,13.43', '/querystring/bbox'],
            ['?bbox=east,south,west,north', '/querystring/bbox'],
            ['?bbox=13.43,52.50,13.38,52.54', 'bboxOrder'],
            ['?bbox=13.38,52.54,13.43,52.50', 'bboxOrder'],
            ['?bbox=179.9,52.5,180.1,52.6', 'bboxRange'],
            ['?bbox=13.0,52.0,13.5,52.2', 'bboxTooLarge'],
        ];
        for (const [query, named] of cases) {
            const response = await t.app.inject({
                method: 'GET',
                url: `/assets/map/streets.json${query}`,
            });
            expect(response.statusCode, query).toBe(400);
            const body = response.json<{
                code: string;
                details: { field?: string; rule?: string }[];
            }>();
            expect(body.code, query).toBe('BAD_REQUEST');
            expect(
                body.details.some((detail) => detail.field === named || detail.rule === named),
                query,
            ).toBe(true);
            expect(JSON.stringify(body.details), query).toMatch(/bbox/);
        }
    });
});
