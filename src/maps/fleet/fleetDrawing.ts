import { fleetStateStyles, type FleetShape } from '../mapStyles';
import { fleetStates, type FleetState } from './fleetStore';

/** A vehicle's half size in CSS pixels. */
export const VEHICLE_RADIUS = 7;
/** States from bottom to top: the ones that need attention are drawn last, over the others. */
const drawOrder: readonly FleetState[] = [
    'COMPLETED',
    'NOT_STARTED',
    'ON_ROAD',
    'OUTDATED',
    'BEHIND',
];
const stateIndices = Object.fromEntries(
    fleetStates.map((state, index) => [state, index]),
) as Record<FleetState, number>;
/** The position of a state in `fleetStates` (the clustering counts by it). */
export const stateIndex = (state: FleetState): number => stateIndices[state];

/** The corners of the polygon shapes around (0, 0), for the canvas and the legend's SVG alike. */
export function shapeVertices(shape: FleetShape, r: number): [number, number][] {
    switch (shape) {
        case 'square': {
            const half = r * 0.85;
            return [
                [-half, -half],
                [half, -half],
                [half, half],
                [-half, half],
            ];
        }
        case 'diamond':
            return [
                [0, -r * 1.15],
                [r * 1.15, 0],
                [0, r * 1.15],
                [-r * 1.15, 0],
            ];
        case 'triangle':
            return [
                [0, -r * 1.2],
                [r * 1.1, r * 0.85],
                [-r * 1.1, r * 0.85],
            ];
        default:
            return [];
    }
}

/** The paths the layer draws into: a canvas context, or anything with the same path calls. */
type PathSink = Pick<CanvasRenderingContext2D, 'moveTo' | 'lineTo' | 'arc' | 'closePath'>;

/** Adds one vehicle's shape at (x, y) to the current path. */
function traceShape(ctx: PathSink, shape: FleetShape, x: number, y: number, r: number) {
    if (shape === 'circle' || shape === 'ring') {
        ctx.moveTo(x + r, y);
        ctx.arc(x, y, r, 0, 2 * Math.PI);
        return;
    }
    const corners = shapeVertices(shape, r);
    corners.forEach(([dx, dy], index) =>
        index === 0 ? ctx.moveTo(x + dx, y + dy) : ctx.lineTo(x + dx, y + dy),
    );
    ctx.closePath();
}

/** Adds a small arrow outside the shape pointing along `heading` (degrees clockwise from north). */
function traceHeading(ctx: PathSink, x: number, y: number, r: number, heading: number) {
    const angle = (heading * Math.PI) / 180;
    const [dx, dy] = [Math.sin(angle), -Math.cos(angle)];
    const [base, tip, half] = [r + 1, r + 7, 4];
    ctx.moveTo(x + dx * tip, y + dy * tip);
    ctx.lineTo(x + dx * base - dy * half, y + dy * base + dx * half);
    ctx.lineTo(x + dx * base + dy * half, y + dy * base - dx * half);
    ctx.closePath();
}

/** Vehicles of one state, in canvas pixels. */
export interface StateBatch {
    xs: number[];
    ys: number[];
    /** Degrees, or NaN when unknown. */
    headings: number[];
}

/** Headings are drawn in steps of 360° / HEADING_STEPS (11.25°: finer than the eye tells apart). */
const HEADING_STEPS = 32;
/** A sprite's side in CSS pixels: the shape, its white edge and the arrow around it. */
const SPRITE_SIZE = 30;

/**
 * Every vehicle symbol pre-drawn once per state and heading step (and without heading) on a
 * small canvas of the screen's pixel ratio. Drawing a fleet is then one `drawImage` blit per
 * vehicle at whole pixels: in software rendering (no GPU) that is 10–20 times cheaper than
 * filling and stroking one path per state, whose cost grows faster than its number of shapes.
 */
export class VehicleSprites {
    private readonly sprites = new Map<number, HTMLCanvasElement>();

    constructor(private readonly ratio: number) {}

    /** The pixel ratio the sprites were made for. */
    get pixelRatio(): number {
        return this.ratio;
    }

    sprite(state: FleetState, heading: number): HTMLCanvasElement {
        const step = Number.isNaN(heading)
            ? HEADING_STEPS
            : Math.round((((heading % 360) + 360) % 360) / (360 / HEADING_STEPS)) % HEADING_STEPS;
        const key = stateIndex(state) * (HEADING_STEPS + 1) + step;
        let sprite = this.sprites.get(key);
        if (!sprite) {
            sprite = this.draw(state, step === HEADING_STEPS ? NaN : (step * 360) / HEADING_STEPS);
            this.sprites.set(key, sprite);
        }
        return sprite;
    }

    private draw(state: FleetState, heading: number): HTMLCanvasElement {
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = Math.ceil(SPRITE_SIZE * this.ratio);
        const ctx = canvas.getContext('2d');
        if (!ctx) return canvas;
        ctx.scale(this.ratio, this.ratio);
        const { color, shape } = fleetStateStyles[state];
        const [centre, r] = [SPRITE_SIZE / 2, VEHICLE_RADIUS];
        ctx.lineJoin = 'round';
        ctx.beginPath();
        if (!Number.isNaN(heading)) traceHeading(ctx, centre, centre, r, heading);
        traceShape(ctx, shape, centre, centre, shape === 'ring' ? r - 1 : r);
        ctx.lineWidth = 2;
        ctx.strokeStyle = '#ffffff';
        ctx.stroke();
        ctx.fillStyle = color;
        ctx.fill();
        if (shape === 'ring') {
            // Hollow: a white inside over the fill, leaving a thick coloured edge.
            ctx.beginPath();
            traceShape(ctx, shape, centre, centre, r - 4);
            ctx.fillStyle = '#ffffff';
            ctx.fill();
        }
        return canvas;
    }
}

/** Draws every vehicle, state by state in `drawOrder`: one sprite blit each. */
export function drawVehicles(
    ctx: CanvasRenderingContext2D,
    batches: Map<FleetState, StateBatch>,
    sprites: VehicleSprites,
) {
    const half = SPRITE_SIZE / 2;
    for (const state of drawOrder) {
        const batch = batches.get(state);
        if (!batch) continue;
        for (let index = 0; index < batch.xs.length; index++)
            ctx.drawImage(
                sprites.sprite(state, batch.headings[index] as number),
                (batch.xs[index] as number) - half,
                (batch.ys[index] as number) - half,
                SPRITE_SIZE,
                SPRITE_SIZE,
            );
    }
}
