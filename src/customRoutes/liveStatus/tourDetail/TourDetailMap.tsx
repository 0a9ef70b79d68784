import { Box, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { DepotTourDetail } from '../../../../domain/contracts/depot-tours';
import type { LatLon } from '../../../../domain/geo';
import { waypointStates } from '../../../../domain/tours';
import { getBrowserConfig } from '../../../config';
import { LazyTourMap } from '../../../maps/LazyTourMap';
import {
    depotStyle,
    drivenPathStyle,
    plannedPathStyle,
    vehicleStyle,
    waypointColours,
} from '../../../maps/mapStyles';
import type { MapStop } from '../../../maps/TourMap';
import { LegendItem } from '../../tourCommanderTours/TourMapSection';
import { addressOf } from '../../tourCommanderTours/TourStopTable';

const key = 'app.tourDetail.map';

/**
 * The stops on the map in planned order: the tour's stops with coordinates, and the custom
 * waypoints still pending at the place they asked for (before their position, else last), so
 * the planned path already runs through them.
 */
function mapStopsOf(
    tour: DepotTourDetail,
    title: (stop: {
        name: string | null;
        address: string;
        sequence: number | null;
        state: string | null;
    }) => string,
): MapStop[] {
    const stops: (MapStop & { sequence: number })[] = tour.waypoints.flatMap((stop) =>
        stop.latitude === null || stop.longitude === null
            ? []
            : [
                  {
                      id: stop.id,
                      latitude: stop.latitude,
                      longitude: stop.longitude,
                      state: stop.state,
                      sequence: stop.plannedSequence,
                      title: title({
                          name: stop.name,
                          address: addressOf(stop),
                          sequence: stop.plannedSequence,
                          state: stop.state,
                      }),
                  },
              ],
    );
    for (const pending of tour.customWaypoints.filter((c) => c.status === 'PENDING')) {
        const stop = {
            id: `pending-${pending.id}`,
            latitude: pending.latitude,
            longitude: pending.longitude,
            state: 'OPEN' as const,
            sequence: pending.position ?? Number.MAX_SAFE_INTEGER,
            title: title({ name: pending.name, address: '', sequence: null, state: null }),
        };
        const before = stops.findIndex((other) => other.sequence >= stop.sequence);
        if (before < 0) stops.push(stop);
        else stops.splice(before, 0, stop);
    }
    return stops.map(({ sequence: _, ...stop }) => stop);
}

interface TourDetailMapProps {
    tour: DepotTourDetail;
    /** While set, a click on the map tells the place (adding a custom waypoint on the map). */
    onPick?: (place: LatLon) => void;
}

/** The map of planned against driven path, the stops, custom waypoints and the vehicle, with its key in words. */
export function TourDetailMap({ tour, onPick }: TourDetailMapProps) {
    const translate = useTranslate();
    const config = getBrowserConfig();
    const stops = useMemo(
        () =>
            mapStopsOf(tour, (stop) => {
                const state = stop.state
                    ? translate(`app.tours.waypointStates.${stop.state}`)
                    : translate(`${key}.pending`);
                return stop.name !== null
                    ? translate(`${key}.customTitle`, { name: stop.name, state })
                    : translate('app.tourAdmin.map.stopTitle', {
                          sequence: stop.sequence,
                          address: stop.address,
                          state,
                      });
            }),
        [tour, translate],
    );
    const depot = useMemo(
        () => ({ ...tour.depotLocation, title: `${tour.depot.externalId} ${tour.depot.name}` }),
        [tour.depotLocation, tour.depot],
    );
    const location = tour.driverLocation;
    const vehicle = useMemo(
        () =>
            location
                ? {
                      latitude: location.latitude,
                      longitude: location.longitude,
                      title: translate(`${key}.vehicle`),
                  }
                : null,
        [location, translate],
    );
    const missing = tour.waypoints.filter(
        (stop) => stop.latitude === null || stop.longitude === null,
    ).length;
    const pathCut = !('driverLocation' in tour) && tour.state !== 'FINISHED';
    return (
        <Box sx={{ display: 'grid', gap: 1 }}>
            <Box sx={onPick ? { '& .leaflet-container': { cursor: 'crosshair' } } : undefined}>
                <LazyTourMap
                    label={translate(onPick ? `${key}.pickLabel` : `${key}.label`, {
                        tour: tour.tourNumber,
                    })}
                    zoomInTitle={translate('app.tourAdmin.map.zoomIn')}
                    zoomOutTitle={translate('app.tourAdmin.map.zoomOut')}
                    depot={depot}
                    stops={stops}
                    drivenPath={tour.drivenPath}
                    vehicle={vehicle}
                    tileUrl={config.mapTileUrl}
                    attribution={config.mapAttribution}
                    onMapClick={onPick}
                />
            </Box>
            <Box
                component="ul"
                aria-label={translate('app.tourAdmin.map.legend')}
                sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 2 }}
            >
                <LegendItem
                    text={translate('app.tourAdmin.map.planned')}
                    line={{ color: plannedPathStyle.color, weight: 2, dashed: true }}
                />
                <LegendItem
                    text={translate('app.tourAdmin.map.driven')}
                    line={{ color: drivenPathStyle.color, weight: 4 }}
                />
                {waypointStates.map((state) => (
                    <LegendItem
                        key={state}
                        text={translate('app.tourAdmin.map.stopState', {
                            state: translate(`app.tours.waypointStates.${state}`),
                        })}
                        dot={{ fill: waypointColours[state], stroke: '#ffffff' }}
                    />
                ))}
                <LegendItem
                    text={translate('app.tourAdmin.map.depot')}
                    dot={{ fill: depotStyle.fillColor, stroke: depotStyle.color }}
                />
                {vehicle ? (
                    <LegendItem
                        text={translate(`${key}.vehicle`)}
                        dot={{ fill: vehicleStyle.fillColor, stroke: vehicleStyle.color }}
                    />
                ) : null}
            </Box>
            {pathCut ? (
                <Typography variant="body2" color="text.secondary">
                    {translate(`${key}.pathCut`)}
                </Typography>
            ) : null}
            {missing > 0 ? (
                <Typography variant="body2" color="text.secondary">
                    {translate('app.tourAdmin.map.withoutCoordinates', { stops: missing })}
                </Typography>
            ) : null}
        </Box>
    );
}
