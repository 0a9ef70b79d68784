import L from 'leaflet';
import { useCallback, useEffect, useRef, useState } from 'react';
import { TileLayer, useMap } from 'react-leaflet';
import { useTranslate } from 'ra-core';
import type { StreetFeature } from '../../../domain/contracts/map-background';
import { offlineBackground, streetStyles } from '../mapStyles';
import { escapeHtml } from '../plainText';
import { initialBackground, nextBackground } from './backgroundChoice';
import { loadLand, loadStreetTile } from './backgroundData';
import { STREETS_MIN_ZOOM, streetTileKeys } from './streetTiles';

export interface MapBackgroundProps {
    /** A Leaflet tile URL template (browser configuration `mapTileUrl`); absent: offline background. */
    tileUrl?: string;
    /** The tile provider's attribution (HTML, from the installation's configuration). */
    attribution?: string;
    /** Draw the demo streets at street zoom (default true). */
    streets?: boolean;
}

/** Panes below every overlay: land, then streets (tiles use 200). */
const LAND_PANE = 'offlineLand';
const STREETS_PANE = 'offlineStreets';
const STREETS_DELAY_MS = 250;

function pane(map: L.Map, name: string, zIndex: number): string {
    const element = map.getPane(name) ?? map.createPane(name);
    element.style.zIndex = String(zIndex);
    element.style.pointerEvents = 'none';
    return name;
}

/** The demo streets of the view from street zoom on, fetched per tile after the map settles. */
function OfflineStreets() {
    const map = useMap();
    useEffect(() => {
        const renderer = L.canvas({ pane: pane(map, STREETS_PANE, 210), padding: 0.25 });
        const group = L.layerGroup().addTo(map);
        const shown = new Map<string, L.Layer>();
        let wanted = new Set<string>();
        let timer: ReturnType<typeof setTimeout> | undefined;
        let active = true;
        const update = () => {
            const view = map.getBounds();
            wanted = new Set(
                map.getZoom() < STREETS_MIN_ZOOM
                    ? []
                    : streetTileKeys({
                          west: view.getWest(),
                          south: view.getSouth(),
                          east: view.getEast(),
                          north: view.getNorth(),
                      }),
            );
            for (const [key, layer] of shown)
                if (!wanted.has(key)) {
                    group.removeLayer(layer);
                    shown.delete(key);
                }
            for (const key of wanted) {
                if (shown.has(key)) continue;
                loadStreetTile(key).then(
                    (streets) => {
                        if (!active || !wanted.has(key) || shown.has(key)) return;
                        if (streets.features.length === 0) return;
                        const options: L.GeoJSONOptions & L.PathOptions = {
                            renderer,
                            interactive: false,
                            style: (feature) =>
                                streetStyles[(feature as StreetFeature).properties.roadClass],
                        };
                        const layer = L.geoJSON(streets, options);
                        shown.set(key, layer);
                        group.addLayer(layer);
                    },
                    () => undefined,
                );
            }
        };
        const settle = () => {
            clearTimeout(timer);
            timer = setTimeout(update, STREETS_DELAY_MS);
        };
        map.on('moveend', settle);
        update();
        return () => {
            active = false;
            clearTimeout(timer);
            map.off('moveend', settle);
            group.remove();
        };
    }, [map]);
    return null;
}

/**
 * The background the product serves itself: the land outlines on a sea-coloured map, and in
 * demo mode the simulated streets. Asks nothing of any other origin.
 */
function OfflineBackground({ streets }: { streets: boolean }) {
    const map = useMap();
    const translate = useTranslate();
    const landAttribution = escapeHtml(translate('app.maps.background.landAttribution'));

    useEffect(() => {
        const container = map.getContainer();
        const before = container.style.background;
        container.style.background = offlineBackground.sea;
        map.attributionControl?.addAttribution(landAttribution);
        return () => {
            container.style.background = before;
            map.attributionControl?.removeAttribution(landAttribution);
        };
    }, [map, landAttribution]);

    useEffect(() => {
        let layer: L.GeoJSON | undefined;
        let active = true;
        loadLand().then(
            (land) => {
                if (!active) return;
                const options: L.GeoJSONOptions & L.PathOptions = {
                    renderer: L.canvas({ pane: pane(map, LAND_PANE, 200), padding: 0.25 }),
                    interactive: false,
                    style: () => offlineBackground.land,
                };
                layer = L.geoJSON(land, options).addTo(map);
            },
            () => undefined,
        );
        return () => {
            active = false;
            layer?.remove();
        };
    }, [map]);

    return streets ? <OfflineStreets /> : null;
}

/** The configured tiles; tells when they count as unreachable (`nextBackground`). */
function FallibleTiles(props: { url: string; attribution?: string; onUnreachable(): void }) {
    const { url, attribution, onUnreachable } = props;
    const tiles = useRef<L.TileLayer>(null);
    useEffect(() => {
        const layer = tiles.current;
        if (!layer) return undefined;
        // Counted here, not in React state: a tile loading re-renders nothing.
        let choice = initialBackground(url);
        const count = (event: 'tileerror' | 'tileload') => () => {
            const before = choice.source;
            choice = nextBackground(choice, event);
            if (before === 'tiles' && choice.source === 'offline') onUnreachable();
        };
        const onError = count('tileerror');
        const onLoad = count('tileload');
        layer.on('tileerror', onError).on('tileload', onLoad);
        return () => {
            layer.off('tileerror', onError).off('tileload', onLoad);
        };
    }, [url, onUnreachable]);
    return <TileLayer ref={tiles} url={url} attribution={attribution} />;
}

/**
 * A map's background (inside a react-leaflet `MapContainer`): the configured tiles with their
 * attribution, falling back to the offline background when they cannot be loaded; the offline
 * background directly when no tiles are configured (ARCHITECTURE.md, Maps).
 */
export function MapBackground({ tileUrl, attribution, streets = true }: MapBackgroundProps) {
    const [unreachable, setUnreachable] = useState(false);
    const onUnreachable = useCallback(() => setUnreachable(true), []);
    if (tileUrl && !unreachable)
        return (
            <FallibleTiles url={tileUrl} attribution={attribution} onUnreachable={onUnreachable} />
        );
    return <OfflineBackground streets={streets} />;
}
