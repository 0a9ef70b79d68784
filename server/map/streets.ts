import {
    STREETS_MAX_BBOX_DEGREES,
    STREETS_MAX_SEGMENTS,
    type MapRoadClass,
    type StreetCollection,
    type StreetFeature,
} from '../../domain/contracts/map-background.js';
import type { RoadClass } from '../demo/simulation/network.js';
import type { DepotStreets } from '../demo/simulation/street-map.js';
import { badRequest } from '../errors.js';

/** A box in degrees. */
export interface BBox {
    west: number;
    south: number;
    east: number;
    north: number;
}

const roadClass = (value: RoadClass): MapRoadClass => value;

/**
 * The box of `west,south,east,north` (its shape is checked by the route's schema), or a 400
 * naming the field when it is out of range, inverted or wider than the route answers.
 */
export function parseBBox(text: string): BBox {
    const [west = NaN, south = NaN, east = NaN, north = NaN] = text.split(',').map(Number);
    const refuse = (rule: string, message: string) =>
        badRequest(`bbox ${message}`, [{ field: '/querystring/bbox', rule, message }]);
    if (
        ![west, east].every((value) => value >= -180 && value <= 180) ||
        ![south, north].every((value) => value >= -90 && value <= 90)
    )
        throw refuse('bboxRange', 'must lie within −180…180 (longitude) and −90…90 (latitude)');
    if (!(west < east && south < north))
        throw refuse('bboxOrder', 'must be west,south,east,north with west < east, south < north');
    if (east - west > STREETS_MAX_BBOX_DEGREES || north - south > STREETS_MAX_BBOX_DEGREES)
        throw refuse('bboxTooLarge', `may span at most ${STREETS_MAX_BBOX_DEGREES}° per side`);
    return { west, south, east, north };
}

/** The part of segment a–b ([lon, lat]) inside the box (Liang–Barsky), or undefined. */
export function clipSegment(
    a: readonly [number, number],
    b: readonly [number, number],
    box: BBox,
): [[number, number], [number, number]] | undefined {
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    let t0 = 0;
    let t1 = 1;
    const edges: [number, number][] = [
        [-dx, a[0] - box.west],
        [dx, box.east - a[0]],
        [-dy, a[1] - box.south],
        [dy, box.north - a[1]],
    ];
    for (const [p, q] of edges) {
        if (p === 0) {
            if (q < 0) return undefined;
            continue;
        }
        const t = q / p;
        if (p < 0) t0 = Math.max(t0, t);
        else t1 = Math.min(t1, t);
        if (t0 > t1) return undefined;
    }
    return [
        [a[0] + t0 * dx, a[1] + t0 * dy],
        [a[0] + t1 * dx, a[1] + t1 * dy],
    ];
}

const rounded = (value: number) => Math.round(value * 1e6) / 1e6;

/** The streets of the networks within the box, clipped to it, at most STREETS_MAX_SEGMENTS. */
export function streetsWithin(networks: readonly DepotStreets[], box: BBox): StreetCollection {
    const features: StreetFeature[] = [];
    for (const network of networks) {
        if (
            network.east < box.west ||
            network.west > box.east ||
            network.north < box.south ||
            network.south > box.north
        )
            continue;
        for (const line of network.lines) {
            const coordinates: [number, number][] = line.points.map((point) => [
                point.longitude,
                point.latitude,
            ]);
            for (let index = 1; index < coordinates.length; index++) {
                const clipped = clipSegment(
                    coordinates[index - 1] as [number, number],
                    coordinates[index] as [number, number],
                    box,
                );
                if (!clipped) continue;
                if (features.length === STREETS_MAX_SEGMENTS)
                    return { type: 'FeatureCollection', features, truncated: true };
                features.push({
                    type: 'Feature',
                    properties: { name: line.name, roadClass: roadClass(line.roadClass) },
                    geometry: {
                        type: 'LineString',
                        coordinates: clipped.map(([lon, lat]) => [rounded(lon), rounded(lat)]),
                    },
                });
            }
        }
    }
    return { type: 'FeatureCollection', features, truncated: false };
}
