import L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type { LatLon } from '../../../domain/geo';
import { MapFrame } from '../../maps/MapFrame';
import { boundsOf, depotStyle, vehicleStyle } from '../../maps/mapStyles';
import { plainText } from '../../maps/plainText';
import type { HistoryLineStyle } from './historyMapStyles';

interface HistoryMapLine {
    id: string;
    points: readonly LatLon[];
    style: HistoryLineStyle;
}

export interface HistoryMapStop extends LatLon {
    id: string;
    fill: string;
    /** A wider dark edge (a stop past the sequence difference): not colour alone. */
    marked?: boolean;
    /** Shown when the pointer rests on the stop (the page's table says the same in words). */
    title: string;
}

export interface HistoryMapProps {
    /** The map's accessible name. */
    label: string;
    zoomInTitle: string;
    zoomOutTitle: string;
    depot: LatLon & { title: string };
    /** Drawn in this order (the last on top); an absent line is hidden. */
    lines: readonly HistoryMapLine[];
    stops: readonly HistoryMapStop[];
    vehicle?: (LatLon & { title: string }) | null;
    tileUrl?: string;
    attribution?: string;
    height?: number | string;
}

const latLng = (point: LatLon): L.LatLngTuple => [point.latitude, point.longitude];

/**
 * Everything on Leaflet's canvas, updated in place (no DOM element per point): the lines, the
 * stops, the depot and the vehicle. The replay moves the vehicle and cuts the driven line many
 * times a second, so the lines are only given new points, and the stops redrawn only when they
 * change. The view fits the first data once.
 */
function HistoryLayers({ depot, lines, stops, vehicle }: HistoryMapProps) {
    const map = useMap();
    const group = useMemo(
        () => ({ lines: L.layerGroup(), stops: L.layerGroup(), vehicle: L.layerGroup() }),
        [],
    );
    const polylines = useRef(new Map<string, L.Polyline>());
    const fitted = useRef(false);

    useEffect(() => {
        const all = L.layerGroup([group.lines, group.stops, group.vehicle]).addTo(map);
        return () => {
            all.remove();
        };
    }, [map, group]);

    useEffect(() => {
        const wanted = new Set(lines.map((line) => line.id));
        for (const [id, polyline] of polylines.current)
            if (!wanted.has(id)) {
                polyline.remove();
                polylines.current.delete(id);
            }
        for (const line of lines) {
            let polyline = polylines.current.get(line.id);
            if (!polyline) {
                polyline = L.polyline([], line.style).addTo(group.lines);
                polylines.current.set(line.id, polyline);
            }
            polyline.setLatLngs(line.points.map(latLng));
            polyline.bringToFront();
        }
    }, [group, lines]);

    useEffect(() => {
        group.stops.clearLayers();
        for (const stop of stops)
            L.circleMarker(latLng(stop), {
                radius: stop.marked ? 7 : 6,
                color: stop.marked ? '#000000' : '#ffffff',
                weight: stop.marked ? 3 : 1.5,
                fillColor: stop.fill,
                fillOpacity: 1,
            })
                .bindTooltip(plainText(stop.title))
                .addTo(group.stops);
        L.circleMarker(latLng(depot), { radius: 8, ...depotStyle })
            .bindTooltip(plainText(depot.title))
            .addTo(group.stops);
    }, [group, stops, depot]);

    useEffect(() => {
        group.vehicle.clearLayers();
        if (vehicle)
            L.circleMarker(latLng(vehicle), { radius: 7, ...vehicleStyle })
                .bindTooltip(plainText(vehicle.title))
                .addTo(group.vehicle);
    }, [group, vehicle]);

    useEffect(() => {
        if (fitted.current) return;
        const points = [depot, ...stops, ...lines.flatMap((line) => line.points)];
        if (points.length < 2) return;
        fitted.current = true;
        const bounds = boundsOf(points);
        if (bounds) map.fitBounds(bounds, { padding: [24, 24], maxZoom: 16 });
    }, [map, depot, stops, lines]);
    return null;
}

/**
 * A map of one tour's day: the routes as lines, the stops, the depot and the vehicle, in the
 * shared frame (src/maps/MapFrame.tsx).
 */
export default function HistoryMap(props: HistoryMapProps) {
    return (
        <MapFrame {...props} center={props.depot} height={props.height ?? 400}>
            <HistoryLayers {...props} />
        </MapFrame>
    );
}
