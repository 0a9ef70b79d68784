/**
 * The fleet map's pure geometry: Web Mercator pixels, grid clustering in screen space and a
 * spatial grid for hit-testing. No Leaflet, no DOM: the canvas layer feeds it numbers.
 */

const MAX_LATITUDE = 85.0511287798;

/** One number per grid cell (columns and rows stay below 2^23 up to zoom 20 with cells ≥ 32 px). */
const cellKey = (column: number, row: number) => column * 0x1000000 + row;
const TILE = 256;

/**
 * Leaflet's EPSG:3857 pixel of a position at zoom 0 (the world is 256 px wide); multiply by
 * 2^zoom for another zoom. Writes into `out` to spare an allocation per vehicle and frame.
 */
export function worldPixel(
    latitude: number,
    longitude: number,
    out: { x: number; y: number } = { x: 0, y: 0 },
): { x: number; y: number } {
    const sin = Math.sin(
        (Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude)) * Math.PI) / 180,
    );
    out.x = TILE * (0.5 + longitude / 360);
    out.y = TILE * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI));
    return out;
}

/** Vehicles that share a grid cell of the screen, drawn as one circle with its count. */
interface VehicleCluster {
    /** The members' mean position, in the same pixels as the input. */
    x: number;
    y: number;
    /** Indices into the input. */
    members: number[];
    /** Members per state index. */
    counts: number[];
}

export interface GridClustering {
    /** Indices of vehicles alone in their cell (drawn as themselves). */
    singles: number[];
    clusters: VehicleCluster[];
}

/** The counts of every group of one, never written (its state is read from `states` when it joins a cluster). */
const NO_COUNTS: number[] = [];

/**
 * Greedy grouping: the points are put in a grid of `radius`-sized cells; each point not yet
 * taken starts a group and takes every free point within `radius` of it, found in the 3 × 3
 * cells around it (so two points on either side of a cell edge still join).
 */
function greedyGroups(
    xs: ArrayLike<number>,
    ys: ArrayLike<number>,
    states: ArrayLike<number>,
    count: number,
    radius: number,
    stateCount: number,
): VehicleCluster[] {
    const cellOf = (value: number) => Math.floor(value / radius);
    const cells = new Map<number, number[]>();
    for (let index = 0; index < count; index++) {
        const key = cellKey(cellOf(xs[index] ?? 0), cellOf(ys[index] ?? 0));
        const cell = cells.get(key);
        if (cell) cell.push(index);
        else cells.set(key, [index]);
    }
    const taken = new Uint8Array(count);
    const groups: VehicleCluster[] = [];
    const reach = radius * radius;
    for (let seed = 0; seed < count; seed++) {
        if (taken[seed]) continue;
        taken[seed] = 1;
        const x = xs[seed] ?? 0;
        const y = ys[seed] ?? 0;
        const members = [seed];
        const column = cellOf(x);
        const row = cellOf(y);
        for (let dx = -1; dx <= 1; dx++)
            for (let dy = -1; dy <= 1; dy++)
                for (const other of cells.get(cellKey(column + dx, row + dy)) ?? []) {
                    if (taken[other]) continue;
                    const ox = (xs[other] ?? 0) - x;
                    const oy = (ys[other] ?? 0) - y;
                    if (ox * ox + oy * oy > reach) continue;
                    taken[other] = 1;
                    members.push(other);
                }
        if (members.length === 1) {
            groups.push({ x, y, members, counts: NO_COUNTS });
            continue;
        }
        let sumX = 0;
        let sumY = 0;
        const counts = new Array<number>(stateCount).fill(0);
        for (const index of members) {
            sumX += xs[index] ?? 0;
            sumY += ys[index] ?? 0;
            const state = states[index] ?? 0;
            counts[state] = (counts[state] ?? 0) + 1;
        }
        groups.push({ x: sumX / members.length, y: sumY / members.length, members, counts });
    }
    return groups;
}

/**
 * Merges groups whose drawn discs overlap (a group's remainder lying just beyond the radius of
 * its first point, or a vehicle under a cluster's disc): largest first, each absorbs the
 * overlapping smaller ones around it, once.
 */
function mergeOverlapping(
    groups: VehicleCluster[],
    states: ArrayLike<number>,
    singleRadius: number,
): VehicleCluster[] {
    const drawnRadius = (size: number) => (size > 1 ? clusterRadius(size) : singleRadius);
    const cell = 64;
    const cells = new Map<number, number[]>();
    groups.forEach((group, index) => {
        const key = cellKey(Math.floor(group.x / cell), Math.floor(group.y / cell));
        const list = cells.get(key);
        if (list) list.push(index);
        else cells.set(key, [index]);
    });
    // Only clusters absorb: vehicles closer than the grouping radius are grouped already.
    const absorbers = groups
        .map((group, index) => index)
        .filter((index) => (groups[index]?.members.length ?? 0) > 1)
        .sort((a, b) => (groups[b]?.members.length ?? 0) - (groups[a]?.members.length ?? 0));
    const absorbed = new Uint8Array(groups.length);
    const result = [...groups];
    for (const index of absorbers) {
        if (absorbed[index]) continue;
        const original = groups[index] as VehicleCluster;
        const size = original.members.length;
        const radius = drawnRadius(size);
        const column = Math.floor(original.x / cell);
        const row = Math.floor(original.y / cell);
        let merged: VehicleCluster | undefined;
        for (let dx = -1; dx <= 1; dx++)
            for (let dy = -1; dy <= 1; dy++)
                for (const other of cells.get(cellKey(column + dx, row + dy)) ?? []) {
                    if (other === index || absorbed[other]) continue;
                    const candidate = groups[other] as VehicleCluster;
                    if (candidate.members.length > size) continue;
                    const reach = radius + drawnRadius(candidate.members.length);
                    const ox = candidate.x - original.x;
                    const oy = candidate.y - original.y;
                    if (ox * ox + oy * oy >= reach * reach) continue;
                    absorbed[other] = 1;
                    merged ??= {
                        ...original,
                        members: [...original.members],
                        counts: [...original.counts],
                    };
                    const total = merged.members.length + candidate.members.length;
                    merged.x =
                        (merged.x * merged.members.length +
                            candidate.x * candidate.members.length) /
                        total;
                    merged.y =
                        (merged.y * merged.members.length +
                            candidate.y * candidate.members.length) /
                        total;
                    for (const member of candidate.members) merged.members.push(member);
                    const { counts } = merged;
                    if (candidate.members.length === 1) {
                        const state = states[candidate.members[0] as number] ?? 0;
                        counts[state] = (counts[state] ?? 0) + 1;
                    } else
                        candidate.counts.forEach((value, state) => {
                            counts[state] = (counts[state] ?? 0) + value;
                        });
                }
        if (merged) result[index] = merged;
    }
    return result.filter((_, index) => !absorbed[index]);
}

/**
 * Clusters vehicles in screen space: greedy groups within `radius` pixels of a first vehicle,
 * then groups whose discs would overlap merged. A group of one stays a single vehicle; larger
 * groups become a cluster at their members' mean position. `x`/`y` are absolute pixels at the
 * current zoom (the world's, not the screen's, so groups hold still while the map pans),
 * `states` the state index of each; `singleRadius` is how large a single vehicle is drawn.
 */
export function clusterByGrid(
    xs: ArrayLike<number>,
    ys: ArrayLike<number>,
    states: ArrayLike<number>,
    count: number,
    radius: number,
    stateCount: number,
    singleRadius = 8,
): GridClustering {
    const groups = mergeOverlapping(
        greedyGroups(xs, ys, states, count, radius, stateCount),
        states,
        singleRadius,
    );
    const singles: number[] = [];
    const clusters: VehicleCluster[] = [];
    for (const group of groups)
        if (group.members.length === 1) singles.push(group.members[0] as number);
        else clusters.push(group);
    return { singles, clusters };
}

/** The drawn radius of a cluster of `count` vehicles: grows slowly with the count. */
export const clusterRadius = (count: number) => Math.round(13 + 3 * Math.log10(Math.max(2, count)));

/** Something drawn that a click can hit: a disc around (x, y). */
export interface HitTarget {
    x: number;
    y: number;
    radius: number;
}

/**
 * A uniform grid over drawn targets: a target is listed in every cell its disc touches, so a
 * lookup reads the few cells around the point instead of every vehicle.
 */
export class HitGrid<T extends HitTarget> {
    private readonly cells = new Map<number, T[]>();

    constructor(private readonly cellSize = 32) {}

    add(target: T): void {
        const size = this.cellSize;
        const [left, right] = [
            Math.floor((target.x - target.radius) / size),
            Math.floor((target.x + target.radius) / size),
        ];
        const [top, bottom] = [
            Math.floor((target.y - target.radius) / size),
            Math.floor((target.y + target.radius) / size),
        ];
        for (let column = left; column <= right; column++)
            for (let row = top; row <= bottom; row++) {
                const key = cellKey(column, row);
                const cell = this.cells.get(key);
                if (cell) cell.push(target);
                else this.cells.set(key, [target]);
            }
    }

    /**
     * The target under (x, y): among those whose disc, widened by `tolerance` (a finger is wider
     * than a pointer), holds the point, the one whose edge is nearest (the one on top when inside
     * several).
     */
    at(x: number, y: number, tolerance = 0): T | undefined {
        const size = this.cellSize;
        let best: T | undefined;
        let bestGap = Infinity;
        for (
            let column = Math.floor((x - tolerance) / size);
            column <= Math.floor((x + tolerance) / size);
            column++
        )
            for (
                let row = Math.floor((y - tolerance) / size);
                row <= Math.floor((y + tolerance) / size);
                row++
            )
                for (const target of this.cells.get(cellKey(column, row)) ?? []) {
                    const gap = Math.hypot(target.x - x, target.y - y) - target.radius;
                    if (gap <= tolerance && gap < bestGap) {
                        best = target;
                        bestGap = gap;
                    }
                }
        return best;
    }
}
