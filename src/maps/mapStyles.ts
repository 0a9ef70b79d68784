import type { MapRoadClass } from '../../domain/contracts/map-background';
import type { WaypointState } from '../../domain/tours';
import type { FleetState } from './fleet/fleetStore';

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

/** The plain background while the offline land outlines load (no request leaves the page). */
export const plainBackground = '#e9eef0';

/** The offline background (src/maps/background): sea behind, land on top, demo streets. */
export const offlineBackground = {
    sea: '#b3d1e0',
    land: { color: '#c9c2b3', weight: 0.75, fillColor: '#f2efe9', fillOpacity: 1 },
};
export const streetStyles: Record<MapRoadClass, { color: string; weight: number }> = {
    residential: { color: '#ffffff', weight: 1.5 },
    urban: { color: '#ffffff', weight: 2.5 },
    arterial: { color: '#fbe7b0', weight: 3.5 },
    highway: { color: '#f3c36b', weight: 5 },
};

/** How a vehicle is drawn; `ring` is a hollow circle (white inside, coloured edge). */
export type FleetShape = 'circle' | 'ring' | 'square' | 'diamond' | 'triangle';

/**
 * The fleet map's states (issue 15 part 4): each its colour (at least 3:1 against land, sea,
 * streets and the plain background; tests/unit/map-fleet-styles.test.ts) and its own shape,
 * so no meaning rests on colour alone; a white edge sets them off from any background.
 */
export const fleetStateStyles: Record<FleetState, { color: string; shape: FleetShape }> = {
    COMPLETED: { color: '#2e7d32', shape: 'square' },
    OUTDATED: { color: '#5f6368', shape: 'diamond' },
    BEHIND: { color: '#b71c1c', shape: 'triangle' },
    ON_ROAD: { color: '#0d47a1', shape: 'circle' },
    NOT_STARTED: { color: '#6a1b9a', shape: 'ring' },
};

/** A cluster of vehicles: a white disc with a dark edge and its count, ringed by its states. */
export const clusterStyle = { fill: '#ffffff', edge: '#263238', text: '#212121' };

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
