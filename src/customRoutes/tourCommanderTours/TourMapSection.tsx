import { Box, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { TourDetail } from '../../../domain/contracts/tours';
import { waypointStates } from '../../../domain/tours';
import { getBrowserConfig } from '../../config';
import { LazyTourMap } from '../../maps/LazyTourMap';
import {
    depotStyle,
    drivenPathStyle,
    plannedPathStyle,
    vehicleStyle,
    waypointColours,
} from '../../maps/mapStyles';
import type { MapStop } from '../../maps/TourMap';
import { addressOf } from './TourStopTable';

/** One entry of the map's key: a sample of the line or dot, and its meaning in words. */
export function LegendItem({
    text,
    line,
    dot,
}: {
    text: string;
    line?: { color: string; dashed?: boolean; weight: number };
    dot?: { fill: string; stroke: string };
}) {
    return (
        <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box
                aria-hidden
                sx={
                    line
                        ? {
                              width: 24,
                              borderTop: `${line.weight}px ${line.dashed ? 'dashed' : 'solid'} ${line.color}`,
                          }
                        : {
                              width: 12,
                              height: 12,
                              borderRadius: '50%',
                              bgcolor: dot?.fill,
                              border: `2px solid ${dot?.stroke ?? 'transparent'}`,
                          }
                }
            />
            <Typography variant="body2" component="span">
                {text}
            </Typography>
        </Box>
    );
}

/** The small map of planned against driven path, with its key in words below. */
export function TourMapSection({ tour }: { tour: TourDetail }) {
    const translate = useTranslate();
    const key = 'app.tourAdmin.map';
    const config = getBrowserConfig();
    const stops = useMemo(
        (): MapStop[] =>
            tour.waypoints.flatMap((stop) =>
                stop.latitude === null || stop.longitude === null
                    ? []
                    : [
                          {
                              id: stop.id,
                              latitude: stop.latitude,
                              longitude: stop.longitude,
                              state: stop.state,
                              title: translate(`${key}.stopTitle`, {
                                  sequence: stop.plannedSequence,
                                  address: addressOf(stop),
                                  state: translate(`app.tours.waypointStates.${stop.state}`),
                              }),
                          },
                      ],
            ),
        [tour.waypoints, translate],
    );
    const depot = useMemo(
        () => ({
            ...tour.depotLocation,
            title: `${tour.depot.externalId} ${tour.depot.name}`,
        }),
        [tour.depotLocation, tour.depot],
    );
    const state = tour.vehicleState;
    const vehicle = useMemo(
        () =>
            state?.tourId === tour.id && state.latitude !== null && state.longitude !== null
                ? {
                      latitude: state.latitude,
                      longitude: state.longitude,
                      title: translate(`${key}.vehicle`),
                  }
                : null,
        [state, tour.id, translate],
    );
    const missing = tour.waypoints.length - stops.length;
    return (
        <Box sx={{ display: 'grid', gap: 1 }}>
            <LazyTourMap
                label={translate(`${key}.label`, { tour: tour.tourNumber })}
                zoomInTitle={translate(`${key}.zoomIn`)}
                zoomOutTitle={translate(`${key}.zoomOut`)}
                depot={depot}
                stops={stops}
                drivenPath={tour.drivenPath}
                vehicle={vehicle}
                tileUrl={config.mapTileUrl}
                attribution={config.mapAttribution}
            />
            <Box
                component="ul"
                aria-label={translate(`${key}.legend`)}
                sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 2 }}
            >
                <LegendItem
                    text={translate(`${key}.planned`)}
                    line={{ color: plannedPathStyle.color, weight: 2, dashed: true }}
                />
                <LegendItem
                    text={translate(`${key}.driven`)}
                    line={{ color: drivenPathStyle.color, weight: 4 }}
                />
                {waypointStates.map((waypointState) => (
                    <LegendItem
                        key={waypointState}
                        text={translate(`${key}.stopState`, {
                            state: translate(`app.tours.waypointStates.${waypointState}`),
                        })}
                        dot={{ fill: waypointColours[waypointState], stroke: '#ffffff' }}
                    />
                ))}
                <LegendItem
                    text={translate(`${key}.depot`)}
                    dot={{ fill: depotStyle.fillColor, stroke: depotStyle.color }}
                />
                {vehicle ? (
                    <LegendItem
                        text={translate(`${key}.vehicle`)}
                        dot={{ fill: vehicleStyle.fillColor, stroke: vehicleStyle.color }}
                    />
                ) : null}
            </Box>
            {missing > 0 ? (
                <Typography variant="body2" color="text.secondary">
                    {translate(`${key}.withoutCoordinates`, { stops: missing })}
                </Typography>
            ) : null}
        </Box>
    );
}
