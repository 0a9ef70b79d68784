/** Distances on the earth's surface, for tours, positions and the simulator. */

export interface LatLon {
    latitude: number;
    longitude: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: LatLon, b: LatLon): number {
    const dLat = toRadians(b.latitude - a.latitude);
    const dLon = toRadians(b.longitude - a.longitude);
    const h =
        Math.sin(dLat / 2) ** 2 +
        Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
    return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point `metresNorth` and `metresEast` away from `origin` (flat-earth offset, fine within a city). */
export function offsetMetres(origin: LatLon, metresNorth: number, metresEast: number): LatLon {
    const latitude = origin.latitude + (metresNorth / EARTH_RADIUS_M) * (180 / Math.PI);
    const longitude =
        origin.longitude +
        (metresEast / (EARTH_RADIUS_M * Math.cos(toRadians(origin.latitude)))) * (180 / Math.PI);
    return { latitude, longitude };
}

/** True when the coordinates are numbers within −90…90 and −180…180. */
export const validCoordinates = (latitude: number, longitude: number): boolean =>
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180;
