/**
 * A synthetic street grid around a depot's real coordinates: straight streets running
 * north-south ("v" lines, at a fixed x) and east-west ("h" lines, at a fixed y) in a local frame
 * of metres east (x) and north (y) of the depot, blocks of 150-250 m, about every sixth street an
 * arterial and one through road per direction as a highway. Deterministic by seed; cheap to
 * build (a few hundred lines), so a caller may rebuild it for every day.
 */
import { offsetMetres, type LatLon } from '../../../domain/geo.js';
import { createRandom, type Random } from '../random.js';
import { streetNamer } from './street-names.js';

export type RoadClass = 'residential' | 'urban' | 'arterial' | 'highway';

/** Speed ranges per road class in km/h; each street draws its own speed within its range. */
const roadClassSpeeds: Record<RoadClass, readonly [number, number]> = {
    residential: [30, 30],
    urban: [50, 50],
    arterial: [60, 70],
    highway: [90, 100],
};

/** `v`: a street running north-south at a fixed x; `h`: east-west at a fixed y. */
export type Axis = 'v' | 'h';

export interface StreetLine {
    axis: Axis;
    /** Position in the network's list of lines of this axis (sorted by offset). */
    index: number;
    /** x of a `v` line, y of an `h` line, in metres from the depot. */
    offset: number;
    roadClass: RoadClass;
    speedKmh: number;
    name: string;
}

/** A point on a street: the line it lies on and its local coordinates in metres. */
export interface GridPoint {
    axis: Axis;
    line: number;
    x: number;
    y: number;
}

export interface StreetNetwork {
    origin: LatLon;
    /** The grid spans −halfExtentM…halfExtentM on both axes. */
    halfExtentM: number;
    vertical: StreetLine[];
    horizontal: StreetLine[];
    /** Arterials and highways only, sorted by offset (the routing's preferred connectors). */
    fastVertical: StreetLine[];
    fastHorizontal: StreetLine[];
    /** Where vehicles leave and return: the street point nearest to the depot. */
    depotPoint: GridPoint;
}

export interface NetworkInput {
    latitude: number;
    longitude: number;
    countryCode: string;
    /** Half the side of the square covered, in metres (default 6 km: a 12 × 12 km grid). */
    halfExtentM?: number;
}

const MIN_BLOCK_M = 150;
const MAX_BLOCK_M = 250;

function lineOffsets(random: Random, half: number): number[] {
    const offsets: number[] = [];
    for (let at = -half + random.int(0, MAX_BLOCK_M - MIN_BLOCK_M); at <= half;) {
        offsets.push(at);
        at += random.int(MIN_BLOCK_M, MAX_BLOCK_M);
    }
    return offsets;
}

function lineClasses(random: Random, offsets: readonly number[]): RoadClass[] {
    const classes: RoadClass[] = [];
    let nextArterial = random.int(2, 6);
    offsets.forEach((_, index) => {
        if (index === nextArterial) {
            classes.push('arterial');
            nextArterial += random.int(5, 7);
        } else classes.push(random.chance(0.3) ? 'urban' : 'residential');
    });
    // One through road per direction, 1.5-4.5 km from the depot, on the arterial nearest to it.
    const target = (random.chance(0.5) ? 1 : -1) * random.int(1_500, 4_500);
    let best = -1;
    classes.forEach((roadClass, index) => {
        const distance = Math.abs((offsets[index] ?? 0) - target);
        if (
            roadClass === 'arterial' &&
            (best < 0 || distance < Math.abs((offsets[best] ?? 0) - target))
        )
            best = index;
    });
    if (best >= 0) classes[best] = 'highway';
    return classes;
}

function buildLines(random: Random, axis: Axis, half: number, name: (c: RoadClass) => string) {
    const offsets = lineOffsets(random, half);
    const classes = lineClasses(random, offsets);
    return offsets.map((offset, index): StreetLine => {
        const roadClass = classes[index] ?? 'residential';
        const [low, high] = roadClassSpeeds[roadClass];
        return {
            axis,
            index,
            offset,
            roadClass,
            speedKmh: random.int(low, high),
            name: name(roadClass),
        };
    });
}

/** Index of the line whose offset is nearest to `offset` (lines sorted by offset, not empty). */
function nearestLineIndex(lines: readonly StreetLine[], offset: number): number {
    let low = 0;
    let high = lines.length - 1;
    while (low < high) {
        const middle = (low + high) >> 1;
        if ((lines[middle]?.offset ?? 0) < offset) low = middle + 1;
        else high = middle;
    }
    const above = lines[low]?.offset ?? 0;
    const below = lines[low - 1]?.offset;
    return below !== undefined && offset - below < above - offset ? low - 1 : low;
}

export const linesOf = (network: StreetNetwork, axis: Axis): StreetLine[] =>
    axis === 'v' ? network.vertical : network.horizontal;

export function lineOf(network: StreetNetwork, point: GridPoint): StreetLine {
    const line = linesOf(network, point.axis)[point.line];
    if (!line) throw new Error(`no ${point.axis} line ${point.line}`);
    return line;
}

/**
 * The point on a street of `axis` nearest to (x, y), moved onto the neighbouring street when the
 * nearest is a highway and `allowHighway` is false (nobody lives on the through road).
 */
export function snapToStreet(
    network: StreetNetwork,
    x: number,
    y: number,
    axis: Axis,
    allowHighway = true,
): GridPoint {
    const lines = linesOf(network, axis);
    const along = axis === 'v' ? y : x;
    let index = nearestLineIndex(lines, axis === 'v' ? x : y);
    if (!allowHighway && lines[index]?.roadClass === 'highway')
        index = index + 1 < lines.length ? index + 1 : index - 1;
    const offset = lines[index]?.offset ?? 0;
    const clamped = Math.max(-network.halfExtentM, Math.min(network.halfExtentM, along));
    return axis === 'v'
        ? { axis, line: index, x: offset, y: clamped }
        : { axis, line: index, x: clamped, y: offset };
}

/** Local metres (east, north of the depot) to latitude and longitude. */
export const toLatLon = (network: StreetNetwork, x: number, y: number): LatLon =>
    offsetMetres(network.origin, y, x);

/** The street grid around a depot, the same for the same seed and depot on every day. */
export function buildNetwork(input: NetworkInput, seed: string): StreetNetwork {
    const random = createRandom(seed, `network:${input.latitude}:${input.longitude}`);
    const half = input.halfExtentM ?? 6_000;
    const name = streetNamer(random, input.countryCode);
    const vertical = buildLines(random, 'v', half, name);
    const horizontal = buildLines(random, 'h', half, name);
    const fast = (lines: StreetLine[]) =>
        lines.filter((line) => line.roadClass !== 'residential' && line.roadClass !== 'urban');
    const network: StreetNetwork = {
        origin: { latitude: input.latitude, longitude: input.longitude },
        halfExtentM: half,
        vertical,
        horizontal,
        fastVertical: fast(vertical),
        fastHorizontal: fast(horizontal),
        depotPoint: { axis: 'v', line: 0, x: 0, y: 0 },
    };
    network.depotPoint = snapToStreet(network, 0, 0, 'v', false);
    return network;
}

/** A street of the network as a drawable line, for an offline map background. */
export interface NetworkLineGeometry {
    name: string;
    roadClass: RoadClass;
    speedKmh: number;
    points: LatLon[];
}

/** Every street of the network with its road class, as two-point lines in latitude and longitude. */
export function networkLines(network: StreetNetwork): NetworkLineGeometry[] {
    const half = network.halfExtentM;
    return [...network.vertical, ...network.horizontal].map((line) => ({
        name: line.name,
        roadClass: line.roadClass,
        speedKmh: line.speedKmh,
        points:
            line.axis === 'v'
                ? [toLatLon(network, line.offset, -half), toLatLon(network, line.offset, half)]
                : [toLatLon(network, -half, line.offset), toLatLon(network, half, line.offset)],
    }));
}
