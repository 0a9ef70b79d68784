import type { WaypointState } from '../../domain/tours';

/**
 * How the maps draw a tour (shell maps, ARCHITECTURE.md "Maps"): colours with at least 3:1
 * contrast against the plain background and the usual tiles, and a legend that names each one
 * in words, so no meaning rests on colour alone.
 */
export const waypointColours: Record<WaypointState, string> = {
    DONE: '#2e7d32',
    CURRENT: '#e65100',
    OPEN: '#1565c0',
    UNASSIGNED: '#616161',
};

export const plannedPathStyle = { color: '#37474f', weight: 2, dashArray: '6 6', opacity: 0.9 };
export const drivenPathStyle = { color: '#6a1b9a', weight: 4, opacity: 0.85 };
export const depotStyle = { color: '#000000', weight: 3, fillColor: '#ffffff', fillOpacity: 1 };
export const vehicleStyle = { color: '#ffffff', weight: 2, fillColor: '#6a1b9a', fillOpacity: 1 };

/** The plain background when no tiles are configured (no request leaves the page). */
export const plainBackground = '#e9eef0';

export interface LatLon {
    latitude: number;
    longitude: number;
}

/** South-west and north-east corners around every point; undefined without points. */
export function boundsOf(
    points: readonly LatLon[],
): [[number, number], [number, number]] | undefined {
    if (points.length === 0) return undefined;
    let [south, west, north, east] = [90, 180, -90, -180];
    for (const { latitude, longitude } of points) {
        south = Math.min(south, latitude);
        north = Math.max(north, latitude);
        west = Math.min(west, longitude);
        east = Math.max(east, longitude);
    }
    return [
        [south, west],
        [north, east],
    ];
}
