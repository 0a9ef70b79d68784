import type { LandCollection, StreetCollection } from '../../../domain/contracts/map-background';
import { streetTileUrl } from './streetTiles';

/** The land outlines the server converts from Natural Earth (public, cached by the browser for a week). */
const LAND_URL = '/assets/map/land.json';
/** Street tiles kept in memory (a few days of panning around one city). */
const STREET_TILES_KEPT = 200;

async function getJson<T>(url: string): Promise<T> {
    const response = await fetch(url, { headers: { accept: 'application/geo+json' } });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return (await response.json()) as T;
}

let land: Promise<LandCollection> | undefined;

/** The land outlines, fetched once per page (again after a failure). */
export function loadLand(): Promise<LandCollection> {
    if (!land) {
        land = getJson<LandCollection>(LAND_URL);
        land.catch(() => {
            land = undefined;
        });
    }
    return land;
}

const streetTiles = new Map<string, Promise<StreetCollection>>();

/** The demo streets of one tile (`streetTileKeys`), fetched once and kept (the oldest dropped). */
export function loadStreetTile(key: string): Promise<StreetCollection> {
    const known = streetTiles.get(key);
    if (known) {
        // Most recently used last, so the first is the one to drop.
        streetTiles.delete(key);
        streetTiles.set(key, known);
        return known;
    }
    const loading = getJson<StreetCollection>(streetTileUrl(key));
    loading.catch(() => streetTiles.delete(key));
    streetTiles.set(key, loading);
    if (streetTiles.size > STREET_TILES_KEPT) {
        const oldest = streetTiles.keys().next().value;
        if (oldest !== undefined) streetTiles.delete(oldest);
    }
    return loading;
}
