/**
 * The offline map background the product serves itself (ARCHITECTURE.md, Maps): land outlines
 * (`GET /assets/map/land.json`, Natural Earth 1:50m) and, in demo mode, the simulated street
 * network of the demo depots within a bounding box (`GET /assets/map/streets.json?bbox=`).
 * Both are GeoJSON (RFC 7946), so Leaflet draws them as they come.
 */
import { Type, type Static } from 'typebox';

/** The widest box the streets route answers, in degrees per side (about 28 × 18 km in Europe). */
export const STREETS_MAX_BBOX_DEGREES = 0.25;
/** The most street segments one answer holds; more are left out and `truncated` is true. */
export const STREETS_MAX_SEGMENTS = 5_000;

const DECIMAL = '-?\\d{1,3}(\\.\\d{1,10})?';

export const StreetsQuery = Type.Object({
    bbox: Type.String({
        pattern: `^${DECIMAL}(,${DECIMAL}){3}$`,
        description: `west,south,east,north in degrees (GeoJSON order); at most ${STREETS_MAX_BBOX_DEGREES}° per side`,
    }),
});
export type StreetsQuery = Static<typeof StreetsQuery>;

/** [longitude, latitude], GeoJSON's order. */
const Position = Type.Array(Type.Number(), { minItems: 2, maxItems: 2 });

export const LandFeature = Type.Object({
    type: Type.Literal('Feature'),
    properties: Type.Null(),
    geometry: Type.Object({
        type: Type.Literal('Polygon'),
        coordinates: Type.Array(Type.Array(Position)),
    }),
});
export type LandFeature = Static<typeof LandFeature>;

/** Every landmass as its own polygon (so a map skips those outside its view). */
export const LandCollection = Type.Object({
    type: Type.Literal('FeatureCollection'),
    features: Type.Array(LandFeature),
});
export type LandCollection = Static<typeof LandCollection>;

/** The simulator's road classes (server/demo/simulation/network.ts), drawn wider when faster. */
const mapRoadClasses = ['residential', 'urban', 'arterial', 'highway'] as const;
export type MapRoadClass = (typeof mapRoadClasses)[number];

export const StreetFeature = Type.Object({
    type: Type.Literal('Feature'),
    properties: Type.Object({
        name: Type.String(),
        roadClass: Type.Enum(mapRoadClasses),
    }),
    geometry: Type.Object({
        type: Type.Literal('LineString'),
        coordinates: Type.Array(Position, { minItems: 2 }),
    }),
});
export type StreetFeature = Static<typeof StreetFeature>;

export const StreetCollection = Type.Object({
    type: Type.Literal('FeatureCollection'),
    features: Type.Array(StreetFeature),
    truncated: Type.Boolean({
        description: `More than ${STREETS_MAX_SEGMENTS} segments lay in the box; the rest were left out`,
    }),
});
export type StreetCollection = Static<typeof StreetCollection>;
