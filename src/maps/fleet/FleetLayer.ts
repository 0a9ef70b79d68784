import L from 'leaflet';
import { clusterByGrid, clusterRadius, HitGrid, worldPixel, type HitTarget } from './clustering';
import { ClusterSprites, type ClusterMark } from './clusterDrawing';
import {
    drawVehicles,
    stateIndex,
    VEHICLE_RADIUS,
    VehicleSprites,
    type StateBatch,
} from './fleetDrawing';
import { fleetStates, type FleetState, type FleetStore, type FleetVehicle } from './fleetStore';

/** What a click or hover found: one vehicle, or a cluster with its members. */
export type FleetHit =
    | (HitTarget & { kind: 'vehicle'; vehicle: FleetVehicle })
    | (HitTarget & { kind: 'cluster'; count: number; vehicles(): FleetVehicle[] });

export interface FleetLayerOptions {
    store: FleetStore;
    /** A vehicle was clicked or tapped. */
    onVehicle(vehicle: FleetVehicle): void;
    /** A cluster was clicked: its members, where on the map container, and its position. */
    onCluster(vehicles: FleetVehicle[], containerPoint: L.Point, latlng: L.LatLng): void;
    /** The text shown while the pointer rests on a vehicle or cluster. */
    describe(hit: FleetHit): string;
}

/** The pane the fleet canvas lives in: above paths (400), below markers (600) and popups. */
const PANE = 'fleet';
/** The canvas reaches this share of the view beyond each edge, so short pans need no redraw. */
const PADDING = 0.25;
/** Vehicles within this many pixels of one another are drawn as a cluster. */
const CLUSTER_RADIUS = 32;
/** Extra reach of a tap around a vehicle or cluster. */
const TOUCH_TOLERANCE = 8;

interface Drawn {
    zoom: number;
    center: L.LatLng;
    /** The canvas's top-left corner in layer pixels. */
    min: L.Point;
    size: L.Point;
    grid: HitGrid<FleetHit>;
}

type AnimatedMap = L.Map & {
    _animatingZoom?: boolean;
    _getNewPixelOrigin(center: L.LatLng, zoom: number): L.Point;
};

/**
 * Every vehicle of a fleet on one canvas inside Leaflet (ARCHITECTURE.md, Maps): redrawn in an
 * animation frame when the store changes or the view moved, with the canvas's own zoom
 * animation like Leaflet's vector renderer. Vehicles sharing a screen cell are clustered below
 * the map's maximum zoom; off-screen ones are skipped. A spatial grid of what was drawn answers
 * clicks, taps and hovers.
 */
export class FleetLayer extends L.Layer {
    private readonly fleet: FleetLayerOptions;
    private canvas?: HTMLCanvasElement;
    private ctx?: CanvasRenderingContext2D;
    private drawn?: Drawn;
    private frame = 0;
    private unsubscribe?: () => void;
    private tooltip?: L.Tooltip;
    private tooltipText?: HTMLElement;
    private hovered?: FleetHit;
    // Reused between draws: the vehicles and their pixels at the drawn zoom.
    private vehicles: FleetVehicle[] = [];
    private xs = new Float64Array(0);
    private ys = new Float64Array(0);
    private states = new Uint8Array(0);
    private readonly point = { x: 0, y: 0 };
    private sprites?: VehicleSprites;
    private clusterSprites?: ClusterSprites;

    constructor(options: FleetLayerOptions) {
        super();
        this.fleet = options;
    }

    override onAdd(map: L.Map): this {
        const pane = map.getPane(PANE) ?? map.createPane(PANE);
        pane.style.zIndex = '450';
        pane.style.pointerEvents = 'none';
        const canvas = L.DomUtil.create('canvas', 'leaflet-zoom-animated');
        canvas.setAttribute('aria-hidden', 'true');
        pane.appendChild(canvas);
        this.canvas = canvas;
        this.ctx = canvas.getContext('2d') ?? undefined;
        this.tooltipText = document.createElement('span');
        this.tooltip = L.tooltip({ direction: 'top', offset: [0, -10], opacity: 0.95 });
        this.unsubscribe = this.fleet.store.subscribe(() => this.schedule());
        this.draw();
        return this;
    }

    override onRemove(map: L.Map): this {
        this.unsubscribe?.();
        cancelAnimationFrame(this.frame);
        this.frame = 0;
        if (this.tooltip) map.closeTooltip(this.tooltip);
        map.getContainer().style.cursor = '';
        this.canvas?.remove();
        this.canvas = undefined;
        this.ctx = undefined;
        this.drawn = undefined;
        return this;
    }

    override getEvents(): Record<string, L.LeafletEventHandlerFn> {
        const events: Record<string, L.LeafletEventHandlerFn> = {
            // A zoom or reset ends with moveend too.
            moveend: this.draw,
            resize: this.draw,
            zoom: this.onZoom,
            move: this.onMove,
            // Leaflet passes mouse events to these two.
            click: this.onClick as L.LeafletEventHandlerFn,
            mousemove: this.onHover as L.LeafletEventHandlerFn,
            mouseout: this.endHover,
        };
        if ((this.map() as { _zoomAnimated?: boolean })._zoomAnimated)
            events.zoomanim = this.onAnimZoom as L.LeafletEventHandlerFn;
        return events;
    }

    /** Redraws in the next animation frame (many store changes in one frame draw once). */
    schedule(): void {
        if (this.frame) return;
        this.frame = requestAnimationFrame(() => {
            this.frame = 0;
            this.draw();
        });
    }

    private map(): AnimatedMap {
        return this._map as AnimatedMap;
    }

    /** While panning: redraw once the view nears the edge of what the canvas holds. */
    private onMove(): void {
        const drawn = this.drawn;
        if (!drawn) return;
        const map = this.map();
        const topLeft = map.containerPointToLayerPoint([0, 0]);
        const reach = map.getSize().multiplyBy(PADDING / 2);
        const shift = topLeft.subtract(drawn.min).subtract(map.getSize().multiplyBy(PADDING));
        if (Math.abs(shift.x) > reach.x || Math.abs(shift.y) > reach.y) this.schedule();
    }

    private onZoom(): void {
        const map = this.map();
        this.transform(map.getCenter(), map.getZoom());
    }

    private onAnimZoom(event: L.ZoomAnimEvent): void {
        this.transform(event.center, event.zoom);
    }

    /** Leaflet's renderer zoom animation: scales the last drawing about the new view. */
    private transform(center: L.LatLng, zoom: number): void {
        const { canvas, drawn } = this;
        if (!canvas || !drawn) return;
        const map = this.map();
        const scale = map.getZoomScale(zoom, drawn.zoom);
        const offset = map
            .getSize()
            .multiplyBy(0.5 + PADDING)
            .multiplyBy(-scale)
            .add(map.project(drawn.center, zoom))
            .subtract(map._getNewPixelOrigin(center, zoom));
        L.DomUtil.setTransform(canvas, offset, scale);
    }

    /**
     * Draws the store's vehicles over the view (and its padding) and rebuilds the hit grid;
     * answers whether it drew (not while removed or mid-zoom).
     */
    draw(): boolean {
        const { canvas, ctx } = this;
        const map = this.map();
        if (!canvas || !ctx || !map) return false;
        if (this.frame) {
            cancelAnimationFrame(this.frame);
            this.frame = 0;
        }
        // Mid-animation the old drawing is being scaled; the end of the zoom draws anew.
        if (map._animatingZoom && this.drawn) return false;
        const size = map.getSize();
        const min = map.containerPointToLayerPoint(size.multiplyBy(-PADDING)).round();
        const extent = size.multiplyBy(1 + 2 * PADDING).round();
        const ratio = window.devicePixelRatio || 1;
        L.DomUtil.setPosition(canvas, min);
        if (
            canvas.width !== Math.round(extent.x * ratio) ||
            canvas.height !== Math.round(extent.y * ratio)
        ) {
            canvas.width = Math.round(extent.x * ratio);
            canvas.height = Math.round(extent.y * ratio);
            canvas.style.width = `${extent.x}px`;
            canvas.style.height = `${extent.y}px`;
        }
        ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
        ctx.clearRect(0, 0, extent.x, extent.y);

        const zoom = map.getZoom();
        const origin = map.getPixelOrigin().add(min);
        // Only vehicles on or near the canvas: the others are neither drawn nor clustered.
        const reach = 2 * CLUSTER_RADIUS;
        const count = this.project(2 ** zoom, {
            left: origin.x - reach,
            top: origin.y - reach,
            right: origin.x + extent.x + reach,
            bottom: origin.y + extent.y + reach,
        });
        const { xs, ys, vehicles } = this;
        const grid = new HitGrid<FleetHit>();
        const { singles, clusters } =
            zoom < map.getMaxZoom()
                ? clusterByGrid(
                      xs,
                      ys,
                      this.states,
                      count,
                      CLUSTER_RADIUS,
                      fleetStates.length,
                      VEHICLE_RADIUS + 1,
                  )
                : { singles: Array.from({ length: count }, (_, index) => index), clusters: [] };

        // Canvas pixels; skipped when off the canvas (with room for the shape and arrow).
        const margin = VEHICLE_RADIUS + 8;
        const visible = (x: number, y: number) =>
            x > -margin && y > -margin && x < extent.x + margin && y < extent.y + margin;
        const batches = new Map<FleetState, StateBatch>(
            fleetStates.map((state) => [state, { xs: [], ys: [], headings: [] }]),
        );
        for (const index of singles) {
            const x = Math.round((xs[index] as number) - origin.x);
            const y = Math.round((ys[index] as number) - origin.y);
            if (!visible(x, y)) continue;
            const vehicle = vehicles[index] as FleetVehicle;
            const batch = batches.get(vehicle.state) as StateBatch;
            batch.xs.push(x);
            batch.ys.push(y);
            batch.headings.push(vehicle.heading ?? NaN);
            grid.add({
                kind: 'vehicle',
                vehicle,
                x: x + min.x,
                y: y + min.y,
                radius: VEHICLE_RADIUS,
            });
        }
        const marks: ClusterMark[] = [];
        for (const group of clusters) {
            const x = Math.round(group.x - origin.x);
            const y = Math.round(group.y - origin.y);
            if (!visible(x, y)) continue;
            const radius = clusterRadius(group.members.length);
            marks.push({ x, y, radius, count: group.members.length, counts: group.counts });
            // The members' list is made on a click only (the next draw replaces both lists).
            grid.add({
                kind: 'cluster',
                count: group.members.length,
                vehicles: () => group.members.map((index) => vehicles[index] as FleetVehicle),
                x: x + min.x,
                y: y + min.y,
                radius,
            });
        }
        if (this.sprites?.pixelRatio !== ratio) this.sprites = new VehicleSprites(ratio);
        drawVehicles(ctx, batches, this.sprites);
        if (this.clusterSprites?.pixelRatio !== ratio)
            this.clusterSprites = new ClusterSprites(ratio);
        this.clusterSprites.draw(ctx, marks);
        this.drawn = { zoom, center: map.getCenter(), min, size: extent, grid };
        return true;
    }

    /**
     * Lists the store's vehicles within `area` (world pixels at `scale`, 2^zoom) with their
     * pixels; answers how many.
     */
    private project(
        scale: number,
        area: { left: number; top: number; right: number; bottom: number },
    ): number {
        const size = this.fleet.store.size;
        if (this.xs.length < size) {
            const capacity = Math.max(size, this.xs.length * 2, 64);
            this.xs = new Float64Array(capacity);
            this.ys = new Float64Array(capacity);
            this.states = new Uint8Array(capacity);
        }
        const { xs, ys, states, point, vehicles } = this;
        let index = 0;
        for (const vehicle of this.fleet.store.values()) {
            worldPixel(vehicle.latitude, vehicle.longitude, point);
            const x = point.x * scale;
            const y = point.y * scale;
            if (x < area.left || x > area.right || y < area.top || y > area.bottom) continue;
            vehicles[index] = vehicle;
            xs[index] = x;
            ys[index] = y;
            states[index] = stateIndex(vehicle.state);
            index++;
        }
        vehicles.length = index;
        return index;
    }

    /** What is drawn under a map event, if anything. */
    private hitAt(event: L.LeafletMouseEvent): FleetHit | undefined {
        const drawn = this.drawn;
        const map = this.map();
        if (!drawn || map.getZoom() !== drawn.zoom) return undefined;
        const point = map.latLngToLayerPoint(event.latlng);
        return drawn.grid.at(point.x, point.y, TOUCH_TOLERANCE);
    }

    private onClick(event: L.LeafletMouseEvent): void {
        const hit = this.hitAt(event);
        if (!hit) return;
        this.endHover();
        if (hit.kind === 'vehicle') this.fleet.onVehicle(hit.vehicle);
        else {
            const map = this.map();
            const latlng = map.layerPointToLatLng([hit.x, hit.y]);
            this.fleet.onCluster(hit.vehicles(), map.latLngToContainerPoint(latlng), latlng);
        }
    }

    private onHover(event: L.LeafletMouseEvent): void {
        const map = this.map();
        // No tooltips while the map is dragged under the pointer.
        const dragging = (map.dragging as L.Handler & { moving?(): boolean }) ?? undefined;
        const hit = dragging?.moving?.() ? undefined : this.hitAt(event);
        if (!hit) {
            this.endHover();
            return;
        }
        map.getContainer().style.cursor = 'pointer';
        if (this.hovered && this.hovered.x === hit.x && this.hovered.y === hit.y) return;
        this.hovered = hit;
        const { tooltip, tooltipText } = this;
        if (!tooltip || !tooltipText) return;
        // Text, never HTML: labels come from the organisation's data.
        tooltipText.textContent = this.fleet.describe(hit);
        tooltip.setContent(tooltipText);
        tooltip.setLatLng(map.layerPointToLatLng([hit.x, hit.y]));
        map.openTooltip(tooltip);
    }

    private endHover(): void {
        const map = this.map();
        if (!map) return;
        map.getContainer().style.cursor = '';
        this.hovered = undefined;
        if (this.tooltip) map.closeTooltip(this.tooltip);
    }
}
