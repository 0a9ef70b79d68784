import { STREETS_MAX_BBOX_DEGREES } from '../../../domain/contracts/map-background';

/** The demo streets are drawn from this zoom on (below it they would be a grey blur). */
export const STREETS_MIN_ZOOM = 12;
/**
 * The streets are fetched per web-map tile of this zoom: 0.18° of longitude, within the route's
 * box limit, so a view at zoom 12 needs a handful and one at zoom 15 one or two.
 */
const STREET_TILE_ZOOM = 11;
const MAX_TILES = 16;

/** A box in degrees, as the streets route takes it. */
export interface GeoBox {
    west: number;
    south: number;
    east: number;
    north: number;
}

const tileCount = 2 ** STREET_TILE_ZOOM;
const columnOf = (longitude: number) =>
    Math.min(tileCount - 1, Math.max(0, Math.floor(((longitude + 180) / 360) * tileCount)));
const rowOf = (latitude: number) => {
    const radians = (Math.max(-85.05, Math.min(85.05, latitude)) * Math.PI) / 180;
    const y = (1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2;
    return Math.min(tileCount - 1, Math.max(0, Math.floor(y * tileCount)));
};
const longitudeOf = (column: number) => (column / tileCount) * 360 - 180;
const latitudeOf = (row: number) =>
    (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / tileCount))) * 180) / Math.PI;

/** The keys (`zoom/x/y`) of the street tiles covering a view, at most 16 (none when wider). */
export function streetTileKeys(view: GeoBox): string[] {
    const [left, right] = [columnOf(view.west), columnOf(view.east)];
    const [top, bottom] = [rowOf(view.north), rowOf(view.south)];
    if ((right - left + 1) * (bottom - top + 1) > MAX_TILES) return [];
    const keys: string[] = [];
    for (let x = left; x <= right; x++)
        for (let y = top; y <= bottom; y++) keys.push(`${STREET_TILE_ZOOM}/${x}/${y}`);
    return keys;
}

/** The box of a street tile key. */
export function streetTileBox(key: string): GeoBox {
    const [, x = 0, y = 0] = key.split('/').map(Number);
    return {
        west: longitudeOf(x),
        east: longitudeOf(x + 1),
        north: latitudeOf(y),
        south: latitudeOf(y + 1),
    };
}

/** The streets route's address for a tile (`bbox` rounded to 6 decimals, about 0.1 m). */
export function streetTileUrl(key: string): string {
    const box = streetTileBox(key);
    if (box.east - box.west > STREETS_MAX_BBOX_DEGREES)
        throw new RangeError(`tile ${key} too wide`);
    const bbox = [box.west, box.south, box.east, box.north].map((value) => value.toFixed(6));
    return `/assets/map/streets.json?bbox=${bbox.join(',')}`;
}
