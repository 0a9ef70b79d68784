import type { Map as LeafletMap } from 'leaflet';
import { I18nContextProvider, type I18nProvider } from 'ra-core';
import { createRoot } from 'react-dom/client';
import english from '../../locales/en.json';
import FleetMap from '../../src/maps/fleet/FleetMap';
import { FleetLayer } from '../../src/maps/fleet/FleetLayer';
import { fleetStates, FleetStore, type FleetState } from '../../src/maps/fleet/fleetStore';
import { benchFleet, type Spread } from './fleet';

/**
 * The fleet map bench page (bench/map.ts): FleetMap on the offline background with 5,000
 * vehicles that all move once a second. What it measures, read by the bench through
 * `window.__mapBench`: frame intervals (requestAnimationFrame), the main-thread time of applying
 * a tick (`store.upsert` and what it runs synchronously), every canvas redraw, long tasks.
 */

const query = new URLSearchParams(location.search);
const VEHICLES = Number(query.get('vehicles') ?? 5000);
const SPREAD: Spread = query.get('spread') === 'dense' ? 'dense' : 'organisation';

interface Measurements {
    measuring: boolean;
    frames: number[];
    applyMs: number[];
    buildMs: number[];
    draws: { ms: number; afterTick: boolean }[];
    longTasks: { start: number; ms: number }[];
}

const measured: Measurements = {
    measuring: false,
    frames: [],
    applyMs: [],
    buildMs: [],
    draws: [],
    longTasks: [],
};
let map: LeafletMap | undefined;
/** The map's fleet layer, once added. */
const fleetLayer: { current?: FleetLayer } = {};
let tickPending = false;
let lastDrawMs = 0;

// Every redraw of the canvas layer, whatever caused it (a tick, a pan, a zoom).
const draw = FleetLayer.prototype.draw;
FleetLayer.prototype.draw = function timedDraw(this: FleetLayer) {
    const start = performance.now();
    const drew = draw.call(this);
    if (!drew) return false;
    lastDrawMs = performance.now() - start;
    if (measured.measuring)
        measured.draws.push({ ms: performance.now() - start, afterTick: tickPending });
    tickPending = false;
    return true;
};
const onAdd = FleetLayer.prototype.onAdd;
FleetLayer.prototype.onAdd = function capture(this: FleetLayer, leafletMap: LeafletMap) {
    map = leafletMap;
    fleetLayer.current = this;
    return onAdd.call(this, leafletMap);
};

const store = new FleetStore();
const fleet = benchFleet(VEHICLES, SPREAD);
store.replace(fleet.vehicles);

setInterval(() => {
    const built = performance.now();
    const changed = fleet.tick();
    const start = performance.now();
    store.upsert(changed);
    const end = performance.now();
    tickPending = true;
    if (measured.measuring) {
        measured.buildMs.push(start - built);
        measured.applyMs.push(end - start);
    }
}, 1000);

let last = 0;
const frame = (now: number) => {
    if (measured.measuring && last > 0) measured.frames.push(now - last);
    last = now;
    requestAnimationFrame(frame);
};
requestAnimationFrame(frame);

new PerformanceObserver((list) => {
    if (!measured.measuring) return;
    for (const entry of list.getEntries())
        measured.longTasks.push({ start: entry.startTime, ms: entry.duration });
}).observe({ type: 'longtask', buffered: false });

const stateLabels = Object.fromEntries(
    fleetStates.map((state) => [state, state.toLowerCase().replace('_', ' ')]),
) as Record<FleetState, string>;

(globalThis as unknown as { __mapBench: unknown }).__mapBench = {
    vehicles: VEHICLES,
    start() {
        Object.assign(measured, { frames: [], applyMs: [], buildMs: [], draws: [], longTasks: [] });
        last = 0;
        measured.measuring = true;
    },
    stop() {
        measured.measuring = false;
        return measured;
    },
    view: () => (map ? { zoom: map.getZoom(), center: map.getCenter() } : null),
    /** Centres the map on the first depot at `zoom`, without animation. */
    atDepot(zoom: number) {
        const [depot] = fleet.depots;
        if (depot) map?.setView([depot.latitude, depot.longitude], zoom, { animate: false });
    },
    /**
     * The redraw alone at the current view, `times` times: milliseconds of each call (what the
     * layer's code and the canvas calls cost on the main thread), and of each call followed by
     * reading one pixel back, which makes the browser rasterise the drawing at once.
     */
    drawCost(times: number) {
        const canvas = document.querySelector('.leaflet-fleet-pane canvas');
        const context = canvas instanceof HTMLCanvasElement ? canvas.getContext('2d') : null;
        const drawMs: number[] = [];
        const rasterisedMs: number[] = [];
        for (let run = 0; run < times; run++) {
            const start = performance.now();
            if (fleetLayer.current) draw.call(fleetLayer.current);
            const drawn = performance.now();
            context?.getImageData(0, 0, 1, 1);
            drawMs.push(drawn - start);
            rasterisedMs.push(performance.now() - start);
        }
        return { drawMs, rasterisedMs };
    },
    /**
     * `times` ticks at the current view, 100 ms apart: each moves every vehicle, applies it to
     * the store and waits for the frame that redraws it; milliseconds of each apply and of its
     * redraw.
     */
    async ticksAtRest(times: number) {
        const applyMs: number[] = [];
        const drawMs: number[] = [];
        for (let run = 0; run < times; run++) {
            const changed = fleet.tick();
            const start = performance.now();
            store.upsert(changed);
            applyMs.push(performance.now() - start);
            lastDrawMs = NaN;
            // The layer asked for its frame during upsert: its callback runs before this one.
            await new Promise((resolve) => requestAnimationFrame(resolve));
            drawMs.push(lastDrawMs);
            // Ten ticks a second, not sixty: the garbage of 5,000 new vehicles a tick would
            // otherwise be collected far more often than at the stream's 1 Hz.
            await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return { applyMs, drawMs };
    },
    landDrawn: () => Boolean(document.querySelector('.leaflet-offlineLand-pane canvas')),
};

/** The app's English texts, looked up by key (`{{name}}` filled in), as the page's translations. */
const i18n: I18nProvider = {
    translate: (key, options) => {
        const text = key
            .split('.')
            .reduce<unknown>(
                (node, part) =>
                    node && typeof node === 'object'
                        ? (node as Record<string, unknown>)[part]
                        : undefined,
                english,
            );
        return typeof text === 'string'
            ? text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name] ?? ''))
            : key;
    },
    changeLocale: () => Promise.resolve(),
    getLocale: () => 'en',
};

createRoot(document.getElementById('root') as HTMLElement).render(
    <I18nContextProvider value={i18n}>
        <FleetMap
            label="Fleet map bench"
            store={store}
            stateLabels={stateLabels}
            onSelect={() => undefined}
            zoomInTitle="Zoom in"
            zoomOutTitle="Zoom out"
            clusterListTitle={(count) => `${count} vehicles`}
            depots={fleet.depots}
            height={720}
        />
    </I18nContextProvider>,
);
