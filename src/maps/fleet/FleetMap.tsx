import 'leaflet/dist/leaflet.css';
import { Box } from '@mui/material';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { MapContainer, useMap, ZoomControl } from 'react-leaflet';
import { MapBackground } from '../background/MapBackground';
import { MapAccessibleName } from '../MapAccessibleName';
import { boundsOf, depotStyle, plainBackground, type LatLon } from '../mapStyles';
import { plainText } from '../plainText';
import { ClusterList, type ClusterListProps } from './ClusterList';
import { FleetLayer, type FleetHit } from './FleetLayer';
import { FleetLegend } from './FleetLegend';
import type { FleetState, FleetStore } from './fleetStore';

export interface FleetMapProps {
    /** The map's accessible name. */
    label: string;
    store: FleetStore;
    /** Each state in words (legend, tooltips, cluster lists). */
    stateLabels: Record<FleetState, string>;
    /** A vehicle was chosen on the map or in a cluster's list. */
    onSelect(vehicleId: string): void;
    zoomInTitle: string;
    zoomOutTitle: string;
    /** The title of a cluster's list of vehicles. */
    clusterListTitle: (count: number) => string;
    depots?: readonly (LatLon & { title: string })[];
    /** Where the map looks before there is data (default: central Europe). */
    center?: LatLon;
    height?: number | string;
    tileUrl?: string;
    attribution?: string;
}

const EUROPE: L.LatLngTuple = [50.5, 10];
/** The zoom at which clusters expand into their vehicles: the map's maximum. */
const MAX_ZOOM = 18;

type OpenCluster = NonNullable<ClusterListProps['open']> & { latlng: L.LatLng };

interface FleetLayerBridgeProps {
    store: FleetStore;
    stateLabels: Record<FleetState, string>;
    clusterListTitle: (count: number) => string;
    onSelect(vehicleId: string): void;
    onCluster(cluster: OpenCluster): void;
}

/**
 * Adds the canvas layer once per store; the callbacks are read from a ref, so new props never
 * rebuild it and the store's changes never pass through React.
 */
function FleetLayerBridge(props: FleetLayerBridgeProps) {
    const map = useMap();
    const latest = useRef(props);
    useEffect(() => {
        latest.current = props;
    });
    const { store } = props;
    useEffect(() => {
        const layer = new FleetLayer({
            store,
            onVehicle: (vehicle) => latest.current.onSelect(vehicle.id),
            onCluster: (vehicles, point, latlng) => {
                const box = map.getContainer().getBoundingClientRect();
                latest.current.onCluster({
                    vehicles,
                    left: box.left + point.x,
                    top: box.top + point.y,
                    latlng,
                });
            },
            describe: (hit: FleetHit) =>
                hit.kind === 'vehicle'
                    ? `${hit.vehicle.label} · ${latest.current.stateLabels[hit.vehicle.state]}`
                    : latest.current.clusterListTitle(hit.count),
        }).addTo(map);
        return () => {
            layer.remove();
        };
    }, [map, store]);
    return null;
}

/** The depots: few, so ordinary canvas markers with a text tooltip. */
function DepotMarkers({ depots }: { depots: readonly (LatLon & { title: string })[] }) {
    const map = useMap();
    useEffect(() => {
        const group = L.layerGroup(
            depots.map((depot) =>
                L.circleMarker([depot.latitude, depot.longitude], {
                    radius: 8,
                    ...depotStyle,
                }).bindTooltip(plainText(depot.title)),
            ),
        ).addTo(map);
        return () => {
            group.remove();
        };
    }, [map, depots]);
    return null;
}

/**
 * Fits the view to the depots and the vehicles: at once to what there is, and once more when the
 * first vehicles arrive after a fit to the depots alone. Later data never moves the view.
 */
function FitOnce({ store, depots }: { store: FleetStore; depots: readonly LatLon[] }) {
    const map = useMap();
    const fitted = useRef<'none' | 'depots' | 'all'>('none');
    useEffect(() => {
        const fit = (): boolean => {
            if (fitted.current === 'all') return true;
            const vehicles = [...store.values()];
            if (vehicles.length === 0 && fitted.current === 'depots') return false;
            const bounds = boundsOf([...depots, ...vehicles]);
            if (!bounds) return false;
            fitted.current = vehicles.length > 0 ? 'all' : 'depots';
            map.fitBounds(bounds, { padding: [24, 24], maxZoom: 14, animate: false });
            return fitted.current === 'all';
        };
        if (fit()) return undefined;
        const stop = store.subscribe(() => {
            if (fit()) stop();
        });
        return stop;
    }, [map, store, depots]);
    return null;
}

const noDepots: readonly (LatLon & { title: string })[] = [];

/**
 * A map of a whole fleet (issue 15 part 4): every vehicle on one canvas layer inside Leaflet,
 * coloured and shaped by state, clustered at low zoom (a click lists a cluster's vehicles), a
 * click on a vehicle selects it; the key below names every symbol. Tab moves through and past
 * the map; arrow keys pan, + and − zoom. The page's table is the accessible alternative to
 * picking vehicles on the canvas.
 */
export default function FleetMap(props: FleetMapProps) {
    const { label, store, stateLabels, onSelect, zoomInTitle, zoomOutTitle, clusterListTitle } =
        props;
    const { depots = noDepots, center, height = 480, tileUrl, attribution } = props;
    const [cluster, setCluster] = useState<OpenCluster | null>(null);
    const [map, setMap] = useState<L.Map | null>(null);
    return (
        <Box sx={{ display: 'grid', gap: 1 }}>
            <Box
                sx={{
                    height,
                    borderRadius: 1,
                    overflow: 'hidden',
                    border: 1,
                    borderColor: 'divider',
                    '& .leaflet-container': {
                        height: '100%',
                        width: '100%',
                        background: plainBackground,
                        fontFamily: 'inherit',
                    },
                }}
            >
                <MapContainer
                    center={center ? [center.latitude, center.longitude] : EUROPE}
                    zoom={center ? 12 : 5}
                    maxZoom={MAX_ZOOM}
                    preferCanvas
                    zoomControl={false}
                    scrollWheelZoom={false}
                    ref={setMap}
                >
                    <MapAccessibleName label={label} />
                    <ZoomControl
                        position="topleft"
                        zoomInTitle={zoomInTitle}
                        zoomOutTitle={zoomOutTitle}
                    />
                    <MapBackground tileUrl={tileUrl} attribution={attribution} />
                    <DepotMarkers depots={depots} />
                    <FleetLayerBridge
                        store={store}
                        stateLabels={stateLabels}
                        clusterListTitle={clusterListTitle}
                        onSelect={onSelect}
                        onCluster={setCluster}
                    />
                    <FitOnce store={store} depots={depots} />
                </MapContainer>
            </Box>
            <FleetLegend stateLabels={stateLabels} />
            <ClusterList
                open={cluster}
                title={clusterListTitle}
                stateLabels={stateLabels}
                onSelect={(vehicleId) => {
                    setCluster(null);
                    onSelect(vehicleId);
                }}
                onZoomIn={() => {
                    if (cluster && map)
                        map.setView(cluster.latlng, Math.min(MAX_ZOOM, map.getZoom() + 2));
                    setCluster(null);
                }}
                onClose={() => setCluster(null)}
            />
        </Box>
    );
}
