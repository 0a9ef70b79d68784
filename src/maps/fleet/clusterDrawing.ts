import { clusterStyle, fleetStateStyles } from '../mapStyles';
import { fleetStates } from './fleetStore';

/** A cluster in canvas pixels, with its members per state index. */
export interface ClusterMark {
    x: number;
    y: number;
    radius: number;
    count: number;
    counts: readonly number[];
}

const RING_WIDTH = 5;
/** The ring of states is drawn in steps of 1/48 of a turn (7.5°). */
const RING_STEPS = 48;

/**
 * How many ring steps each state gets: its share of the members, rounded by largest remainder
 * to RING_STEPS in all, and at least one step for every state present (so a single vehicle of
 * a state still shows in a cluster of hundreds).
 */
export function ringSteps(counts: readonly number[], count: number): number[] {
    const exact = counts.map((value) => (count > 0 ? (value * RING_STEPS) / count : 0));
    const steps = exact.map((value, index) =>
        (counts[index] ?? 0) > 0 ? Math.max(1, Math.floor(value)) : 0,
    );
    let total = steps.reduce((sum, value) => sum + value, 0);
    while (total < RING_STEPS) {
        let best = -1;
        exact.forEach((value, index) => {
            if ((counts[index] ?? 0) === 0) return;
            const left = value - (steps[index] ?? 0);
            if (best < 0 || left > (exact[best] ?? 0) - (steps[best] ?? 0)) best = index;
        });
        if (best < 0) break;
        steps[best] = (steps[best] ?? 0) + 1;
        total++;
    }
    while (total > RING_STEPS) {
        let largest = 0;
        steps.forEach((value, index) => {
            if (value > (steps[largest] ?? 0)) largest = index;
        });
        steps[largest] = (steps[largest] ?? 0) - 1;
        total--;
    }
    return steps;
}

/** Draws a cluster's disc, edge and ring of states (by ring steps) centred at (x, y). */
function drawClusterBody(
    ctx: CanvasRenderingContext2D,
    x: number,
    y: number,
    radius: number,
    steps: readonly number[],
) {
    ctx.beginPath();
    ctx.arc(x, y, radius, 0, 2 * Math.PI);
    ctx.fillStyle = clusterStyle.fill;
    ctx.fill();
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = clusterStyle.edge;
    ctx.stroke();
    ctx.lineWidth = RING_WIDTH;
    ctx.lineCap = 'butt';
    const ring = radius - RING_WIDTH / 2 - 1.5;
    let start = -Math.PI / 2;
    fleetStates.forEach((state, index) => {
        const share = steps[index] ?? 0;
        if (share === 0) return;
        const end = start + (2 * Math.PI * share) / RING_STEPS;
        ctx.beginPath();
        ctx.arc(x, y, ring, start, end);
        ctx.strokeStyle = fleetStateStyles[state].color;
        ctx.stroke();
        start = end;
    });
}

interface Glyph {
    image: HTMLCanvasElement;
    width: number;
}

/** The digits of a cluster's count pre-drawn per font size, set side by side when drawn. */
class DigitSprites {
    private readonly glyphs = new Map<string, Glyph>();

    constructor(private readonly ratio: number) {}

    private glyph(digit: string, size: number): Glyph {
        const key = `${size}:${digit}`;
        let glyph = this.glyphs.get(key);
        if (!glyph) {
            const font = `bold ${size}px system-ui, sans-serif`;
            const image = document.createElement('canvas');
            const ctx = image.getContext('2d');
            let width = size * 0.6;
            if (ctx) {
                ctx.font = font;
                width = ctx.measureText(digit).width || width;
            }
            image.width = Math.ceil((width + 2) * this.ratio);
            image.height = Math.ceil((size + 4) * this.ratio);
            const paint = image.getContext('2d');
            if (paint) {
                paint.scale(this.ratio, this.ratio);
                paint.font = font;
                paint.fillStyle = clusterStyle.text;
                paint.textBaseline = 'middle';
                paint.fillText(digit, 1, (size + 4) / 2 + 0.5);
            }
            glyph = { image, width };
            this.glyphs.set(key, glyph);
        }
        return glyph;
    }

    /** Draws `text` (digits) centred at (x, y). */
    draw(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, size: number) {
        const glyphs = [...text].map((digit) => this.glyph(digit, size));
        let left = x - glyphs.reduce((sum, glyph) => sum + glyph.width, 0) / 2;
        const top = y - (size + 4) / 2;
        for (const glyph of glyphs) {
            ctx.drawImage(
                glyph.image,
                Math.round(left) - 1,
                Math.round(top),
                glyph.image.width / this.ratio,
                glyph.image.height / this.ratio,
            );
            left += glyph.width;
        }
    }
}

/** How many cluster pictures are kept. */
const CLUSTER_SPRITES_KEPT = 400;
/**
 * New pictures made per redraw at most (making one costs a canvas and its context, about ten
 * times drawing the cluster directly): the other new clusters are drawn directly.
 */
const CLUSTER_SPRITES_PER_DRAW = 8;

/**
 * Cluster discs with their ring of states, pre-drawn by radius and ring steps and kept while
 * in use (the least recently used dropped), and the count's digits: a redraw blits pictures,
 * where drawing discs, rings and text anew costs the software rasteriser several milliseconds
 * per hundred clusters. A picture is made only for a cluster that the previous redraw drew too
 * (one that lasts: while the map pans or rests), a few per redraw; clusters that a tick changed
 * are drawn directly, so making pictures never costs more than it saves.
 */
export class ClusterSprites {
    private readonly sprites = new Map<string, HTMLCanvasElement>();
    private readonly digits: DigitSprites;
    private previous = new Set<string>();
    private current = new Set<string>();
    private made = 0;

    constructor(private readonly ratio: number) {
        this.digits = new DigitSprites(ratio);
    }

    get pixelRatio(): number {
        return this.ratio;
    }

    /** Draws clusters: each a disc with a dark edge, the ring of its states, its count. */
    draw(ctx: CanvasRenderingContext2D, clusters: readonly ClusterMark[]) {
        this.made = 0;
        this.previous = this.current;
        this.current = new Set();
        for (const mark of clusters) {
            const steps = ringSteps(mark.counts, mark.count);
            const side = 2 * mark.radius + 4;
            const sprite = this.sprite(mark.radius, steps);
            if (sprite) ctx.drawImage(sprite, mark.x - side / 2, mark.y - side / 2, side, side);
            else drawClusterBody(ctx, mark.x, mark.y, mark.radius, steps);
            const size = mark.count >= 1000 && mark.radius < 24 ? 10 : 12;
            this.digits.draw(ctx, String(mark.count), mark.x, mark.y, size);
        }
    }

    private sprite(radius: number, steps: readonly number[]): HTMLCanvasElement | undefined {
        const key = `${radius}:${steps.join(',')}`;
        this.current.add(key);
        let sprite = this.sprites.get(key);
        if (sprite) this.sprites.delete(key);
        else {
            if (!this.previous.has(key) || this.made >= CLUSTER_SPRITES_PER_DRAW) return undefined;
            this.made++;
            sprite = document.createElement('canvas');
            const side = 2 * radius + 4;
            sprite.width = sprite.height = Math.ceil(side * this.ratio);
            const ctx = sprite.getContext('2d');
            if (ctx) {
                ctx.scale(this.ratio, this.ratio);
                drawClusterBody(ctx, side / 2, side / 2, radius, steps);
            }
            if (this.sprites.size >= CLUSTER_SPRITES_KEPT) {
                const oldest = this.sprites.keys().next().value;
                if (oldest !== undefined) this.sprites.delete(oldest);
            }
        }
        this.sprites.set(key, sprite);
        return sprite;
    }
}
