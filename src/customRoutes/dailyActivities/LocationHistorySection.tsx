import {
    Alert,
    Box,
    Skeleton,
    Table,
    TableBody,
    TableCell,
    TableContainer,
    TableHead,
    TableRow,
    Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type {
    LocationHistoryStop,
    TourLocationHistory,
} from '../../../domain/contracts/tour-activities';
import type { Formatters } from '../../../domain/formatting';
import { waypointStates } from '../../../domain/tours';
import { getBrowserConfig } from '../../config';
import { httpClient } from '../../dataProviders/httpClient';
import { LazyTourMap } from '../../maps/LazyTourMap';
import {
    depotStyle,
    drivenPathStyle,
    plannedPathStyle,
    waypointColours,
} from '../../maps/mapStyles';
import type { MapStop } from '../../maps/TourMap';
import { LegendItem } from '../tourCommanderTours/TourMapSection';
import { activityKeys, fetchLocationHistory } from './activitiesApi';
import { useMinutes } from './useMinutes';

const key = 'app.dailyActivities.history';
const MINUTE_MS = 60_000;

const addressOf = (stop: LocationHistoryStop) =>
    [
        [stop.street, stop.houseNo].filter(Boolean).join(' '),
        [stop.postcode, stop.locality].filter(Boolean).join(' '),
    ]
        .filter(Boolean)
        .join(', ');

/** The map of the day's positions and the stops, with its key in words. */
function HistoryMap({ history, tourNumber }: { history: TourLocationHistory; tourNumber: string }) {
    const translate = useTranslate();
    const config = getBrowserConfig();
    const stops = useMemo(
        (): MapStop[] =>
            history.stops.flatMap((stop) =>
                stop.latitude === null || stop.longitude === null
                    ? []
                    : [
                          {
                              id: stop.id,
                              latitude: stop.latitude,
                              longitude: stop.longitude,
                              state: stop.state,
                              title: translate('app.tourAdmin.map.stopTitle', {
                                  sequence: stop.plannedSequence,
                                  address: addressOf(stop),
                                  state: translate(`app.tours.waypointStates.${stop.state}`),
                              }),
                          },
                      ],
            ),
        [history, translate],
    );
    const depot = useMemo(
        () => ({ ...history.depotLocation, title: translate('app.tourAdmin.map.depot') }),
        [history, translate],
    );
    return (
        <Box sx={{ display: 'grid', gap: 1 }}>
            <LazyTourMap
                label={translate(`${key}.mapLabel`, { tour: tourNumber })}
                zoomInTitle={translate('app.tourAdmin.map.zoomIn')}
                zoomOutTitle={translate('app.tourAdmin.map.zoomOut')}
                depot={depot}
                stops={stops}
                drivenPath={history.positions}
                tileUrl={config.mapTileUrl}
                attribution={config.mapAttribution}
                height={300}
            />
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
            </Box>
        </Box>
    );
}

/** The stops with their arrival and departure (what the map shows, in words). */
function HistoryStops({
    history,
    formatters,
}: {
    history: TourLocationHistory;
    formatters: Formatters;
}) {
    const translate = useTranslate();
    return (
        <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={translate(`${key}.stopsLabel`)}>
                <TableHead>
                    <TableRow>
                        <TableCell>{translate(`${key}.sequence`)}</TableCell>
                        <TableCell>{translate(`${key}.address`)}</TableCell>
                        <TableCell>{translate(`${key}.arrival`)}</TableCell>
                        <TableCell>{translate(`${key}.departure`)}</TableCell>
                    </TableRow>
                </TableHead>
                <TableBody>
                    {history.stops.map((stop) => (
                        <TableRow key={stop.id}>
                            <TableCell>{stop.plannedSequence}</TableCell>
                            <TableCell>{addressOf(stop)}</TableCell>
                            <TableCell>{formatters.time(stop.ata)}</TableCell>
                            <TableCell>{formatters.time(stop.departedAt)}</TableCell>
                        </TableRow>
                    ))}
                </TableBody>
            </Table>
        </TableContainer>
    );
}

/** The app's foreground and background stretches, and the sign-ins. */
function AppStretches({
    history,
    formatters,
}: {
    history: TourLocationHistory;
    formatters: Formatters;
}) {
    const translate = useTranslate();
    const minutes = useMinutes(formatters);
    return (
        <Box sx={{ display: 'grid', gap: 1 }}>
            <Typography component="h4" variant="subtitle2">
                {translate(`${key}.stretches`)}
            </Typography>
            {history.appStretches.length === 0 ? (
                <Typography variant="body2">{translate(`${key}.noStretches`)}</Typography>
            ) : (
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                    {history.appStretches.map((stretch) => (
                        <Typography component="li" variant="body2" key={stretch.from}>
                            {`${translate(`app.tours.appStates.${stretch.state}`)}: ${formatters.time(stretch.from)} – ${formatters.time(stretch.to)} (${minutes(Math.round((Date.parse(stretch.to) - Date.parse(stretch.from)) / MINUTE_MS))})`}
                        </Typography>
                    ))}
                </Box>
            )}
            <Typography component="h4" variant="subtitle2">
                {translate(`${key}.logins`)}
            </Typography>
            {history.logins.length === 0 ? (
                <Typography variant="body2">{translate(`${key}.noLogins`)}</Typography>
            ) : (
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                    {history.logins.map((login) => (
                        <Typography component="li" variant="body2" key={login.at}>
                            {[formatters.time(login.at), login.deviceModel, login.appVersion]
                                .filter(Boolean)
                                .join(' · ')}
                        </Typography>
                    ))}
                </Box>
            )}
        </Box>
    );
}

/**
 * The tour's location history (r:tour-location-history): the day's positions and stops on the
 * map, the stops' arrivals and departures, the app's stretches and the sign-ins. Positions are
 * kept 35 days: an older tour, or one that sent none, says so.
 */
export function LocationHistorySection({
    depotPath,
    tourId,
    tourNumber,
    formatters,
}: {
    depotPath: string;
    tourId: string;
    tourNumber: string;
    formatters: Formatters;
}) {
    const translate = useTranslate();
    const { data, error, isPending } = useQuery({
        queryKey: activityKeys.history(depotPath, tourId),
        queryFn: () =>
            fetchLocationHistory(
                getBrowserConfig().services.tourCommander,
                httpClient,
                depotPath,
                tourId,
            ),
        retry: false,
    });
    if (isPending) return <Skeleton variant="rectangular" height={300} />;
    if (error || !data) {
        const gone =
            (error as { code?: string } | null)?.code === 'TOUR_LOCATION_HISTORY_NOT_FOUND';
        return (
            <Alert severity={gone ? 'info' : 'error'} role={gone ? 'status' : 'alert'}>
                {translate(gone ? `${key}.notFound` : `${key}.loadError`)}
            </Alert>
        );
    }
    return (
        <Box sx={{ display: 'grid', gap: 2 }}>
            <HistoryMap history={data} tourNumber={tourNumber} />
            <HistoryStops history={data} formatters={formatters} />
            <AppStretches history={data} formatters={formatters} />
        </Box>
    );
}
