/**
 * Routes along the street grid without a graph search: a route is a chain of streets of
 * alternating direction (its start's street, up to three connectors, its end's street). A few
 * dozen candidate chains are built from the streets nearest to both ends (any street, and the
 * arterials and highways), and the fastest at the streets' speeds wins. Cheap enough for every
 * leg of every tour of a depot day.
 */
import {
    lineOf,
    linesOf,
    type GridPoint,
    type RoadClass,
    type StreetLine,
    type StreetNetwork,
} from './network.js';

/** Seconds lost at each turn (braking, giving way). */
export const TURN_SECONDS = 8;

/** One straight stretch of a route along one street. */
interface RouteLeg {
    name: string;
    roadClass: RoadClass;
    speedKmh: number;
    fromX: number;
    fromY: number;
    toX: number;
    toY: number;
    lengthM: number;
}

export interface Route {
    legs: RouteLeg[];
    lengthM: number;
    /** Travel time at the streets' speeds plus the turns, in seconds. */
    nominalSeconds: number;
}

interface XY {
    x: number;
    y: number;
}

/** Distance along the grid ignoring where the cross streets are: the planning metric. */
export const manhattan = (a: XY, b: XY): number => Math.abs(a.x - b.x) + Math.abs(a.y - b.y);

/** Where two streets of different direction cross. */
const crossing = (a: StreetLine, b: StreetLine): XY =>
    a.axis === 'v' ? { x: a.offset, y: b.offset } : { x: b.offset, y: a.offset };

/** The corners of a chain: start, each crossing, end. */
function corners(from: XY, chain: readonly StreetLine[], to: XY): XY[] {
    const points: XY[] = [from];
    for (let i = 0; i + 1 < chain.length; i++)
        points.push(crossing(chain[i] as StreetLine, chain[i + 1] as StreetLine));
    points.push(to);
    return points;
}

/** The time along a chain (as `chainRoute` reckons it), without building its corners: hot. */
function chainSeconds(from: XY, chain: readonly StreetLine[], to: XY): number {
    let seconds = 0;
    let legs = 0;
    let x = from.x;
    let y = from.y;
    for (let i = 0; i < chain.length; i++) {
        const line = chain[i] as StreetLine;
        const next = chain[i + 1];
        // The next corner: the crossing with the next street (as `crossing`), or the end.
        const vertical = line.axis === 'v';
        const nextX = next ? (vertical ? line.offset : next.offset) : to.x;
        const nextY = next ? (vertical ? next.offset : line.offset) : to.y;
        const length = Math.abs(x - nextX) + Math.abs(y - nextY);
        x = nextX;
        y = nextY;
        if (length <= 0.5) continue;
        seconds += length / (line.speedKmh / 3.6);
        legs++;
    }
    return seconds + Math.max(0, legs - 1) * TURN_SECONDS;
}

function chainRoute(from: XY, chain: readonly StreetLine[], to: XY): Route {
    const points = corners(from, chain, to);
    const legs: RouteLeg[] = [];
    chain.forEach((line, i) => {
        const [a, b] = [points[i] as XY, points[i + 1] as XY];
        const lengthM = manhattan(a, b);
        if (lengthM <= 0.5) return;
        const { name, roadClass, speedKmh } = line;
        legs.push({
            name,
            roadClass,
            speedKmh,
            fromX: a.x,
            fromY: a.y,
            toX: b.x,
            toY: b.y,
            lengthM,
        });
    });
    const lengthM = legs.reduce((sum, leg) => sum + leg.lengthM, 0);
    const nominalSeconds =
        legs.reduce((sum, leg) => sum + leg.lengthM / (leg.speedKmh / 3.6), 0) +
        Math.max(0, legs.length - 1) * TURN_SECONDS;
    return { legs, lengthM, nominalSeconds };
}

/** The streets nearest to `offset` on either side (one or two). */
function near(lines: readonly StreetLine[], offset: number): StreetLine[] {
    if (lines.length === 0) return [];
    let low = 0;
    let high = lines.length;
    while (low < high) {
        const middle = (low + high) >> 1;
        if ((lines[middle]?.offset ?? 0) < offset) low = middle + 1;
        else high = middle;
    }
    const found: StreetLine[] = [];
    const below = lines[low - 1];
    const above = lines[low];
    if (below) found.push(below);
    if (above && above !== below) found.push(above);
    return found;
}

const unique = (lines: StreetLine[]): StreetLine[] => [...new Set(lines)];

/** The candidate chains between two points, every one alternating direction. */
function candidateChains(network: StreetNetwork, a: GridPoint, b: GridPoint): StreetLine[][] {
    const lineA = lineOf(network, a);
    const lineB = lineOf(network, b);
    if (a.axis === b.axis && a.line === b.line) return [[lineA]];
    const cross = a.axis === 'v' ? 'h' : 'v';
    const crossLines = linesOf(network, cross);
    const fastCross = cross === 'v' ? network.fastVertical : network.fastHorizontal;
    const fastSame = a.axis === 'v' ? network.fastVertical : network.fastHorizontal;
    // Along a's street the position is its y for a v street, its x for an h street.
    const alongA = a.axis === 'v' ? a.y : a.x;
    const alongB = b.axis === 'v' ? b.y : b.x;
    const chains: StreetLine[][] = [];
    if (a.axis !== b.axis) {
        chains.push([lineA, lineB]);
        // Out to a fast cross street near a, along it to a fast street near b's cross position.
        const acrossB = b.axis === 'v' ? b.x : b.y;
        for (const first of unique([...near(fastCross, alongA), ...near(crossLines, alongA)]))
            for (const second of near(fastSame, acrossB))
                if (first !== lineB && second !== lineA) chains.push([lineA, first, second, lineB]);
        return chains;
    }
    const nearA = near(crossLines, alongA);
    const nearB = near(crossLines, alongB);
    for (const connector of unique([
        ...nearA,
        ...nearB,
        ...near(fastCross, alongA),
        ...near(fastCross, alongB),
    ]))
        chains.push([lineA, connector, lineB]);
    const acrossA = a.axis === 'v' ? a.x : a.y;
    const acrossB = b.axis === 'v' ? b.x : b.y;
    for (const middle of unique([...near(fastSame, acrossA), ...near(fastSame, acrossB)])) {
        if (middle === lineA || middle === lineB) continue;
        for (const first of nearA)
            for (const last of nearB) chains.push([lineA, first, middle, last, lineB]);
    }
    return chains;
}

/** The fastest of the candidate routes from `a` to `b` along the grid. */
export function routeBetween(network: StreetNetwork, a: GridPoint, b: GridPoint): Route {
    let best: StreetLine[] | undefined;
    let bestSeconds = Infinity;
    for (const chain of candidateChains(network, a, b)) {
        const seconds = chainSeconds(a, chain, b);
        if (seconds < bestSeconds) {
            bestSeconds = seconds;
            best = chain;
        }
    }
    return chainRoute(a, best ?? [lineOf(network, a)], b);
}
