import L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { useMap, useMapEvents } from 'react-leaflet';
import type { WaypointState } from '../../domain/tours';
import { MapFrame } from './MapFrame';
import {
    boundsOf,
    depotStyle,
    drivenPathStyle,
    plannedPathStyle,
    vehicleStyle,
    waypointColours,
    type LatLon,
} from './mapStyles';
import { plainText } from './plainText';

export interface MapStop extends LatLon {
    id: string;
    state: WaypointState;
    /** Shown when the pointer rests on the stop (the page's table says the same in words). */
    title: string;
}

export interface TourMapProps {
    /** The map's accessible name. */
    label: string;
    /** Translated titles of the zoom buttons. */
    zoomInTitle: string;
    zoomOutTitle: string;
    depot: LatLon & { title: string };
    /** In planned order: the planned path runs through them from the depot. */
    stops: readonly MapStop[];
    drivenPath: readonly LatLon[];
    vehicle?: (LatLon & { title: string }) | null;
    tileUrl?: string;
    attribution?: string;
    height?: number | string;
    /** Told the place of a click on the map (a page's "add on the map" mode); absent: clicks do nothing. */
    onMapClick?: (point: LatLon) => void;
}

const latLng = (point: LatLon): L.LatLngTuple => [point.latitude, point.longitude];

/**
 * Draws the tour on Leaflet's canvas (one layer group, updated in place when the data change;
 * no DOM element per point): planned path, driven path, the stops coloured by state, the depot
 * and the vehicle. Fits the view to them once.
 */
function TourLayers({ depot, stops, drivenPath, vehicle }: Omit<TourMapProps, 'label'>) {
    const map = useMap();
    const layers = useMemo(
        () => ({
            planned: L.polyline([], plannedPathStyle),
            driven: L.polyline([], drivenPathStyle),
            points: L.layerGroup(),
        }),
        [],
    );
    const fitted = useRef(false);

    useEffect(() => {
        const group = L.layerGroup([layers.planned, layers.driven, layers.points]).addTo(map);
        return () => {
            group.remove();
        };
    }, [map, layers]);

    useEffect(() => {
        layers.planned.setLatLngs([latLng(depot), ...stops.map(latLng)]);
        layers.driven.setLatLngs(drivenPath.map(latLng));
        layers.points.clearLayers();
        for (const stop of stops)
            L.circleMarker(latLng(stop), {
                radius: 6,
                color: '#ffffff',
                weight: 1.5,
                fillColor: waypointColours[stop.state],
                fillOpacity: 1,
            })
                .bindTooltip(plainText(stop.title))
                .addTo(layers.points);
        L.circleMarker(latLng(depot), { radius: 8, ...depotStyle })
            .bindTooltip(plainText(depot.title))
            .addTo(layers.points);
        if (vehicle)
            L.circleMarker(latLng(vehicle), { radius: 7, ...vehicleStyle })
                .bindTooltip(plainText(vehicle.title))
                .addTo(layers.points);
        if (fitted.current) return;
        fitted.current = true;
        const bounds = boundsOf([depot, ...stops, ...drivenPath, ...(vehicle ? [vehicle] : [])]);
        if (bounds) map.fitBounds(bounds, { padding: [24, 24], maxZoom: 16 });
    }, [map, layers, depot, stops, drivenPath, vehicle]);
    return null;
}

/** Tells the page where the map was clicked (only while the page listens). */
function ClickListener({ onMapClick }: { onMapClick: (point: LatLon) => void }) {
    useMapEvents({
        click: (event) => onMapClick({ latitude: event.latlng.lat, longitude: event.latlng.lng }),
    });
    return null;
}

/**
 * A small map of one tour: planned against driven path, in the shared frame (./MapFrame.tsx).
 */
export default function TourMap(props: TourMapProps) {
    return (
        <MapFrame {...props} center={props.depot} height={props.height ?? 360}>
            <TourLayers {...props} />
            {props.onMapClick ? <ClickListener onMapClick={props.onMapClick} /> : null}
        </MapFrame>
    );
}
