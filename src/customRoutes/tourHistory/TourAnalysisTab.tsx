import { Box, Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import {
    ListContextProvider,
    ResourceContextProvider,
    SelectInput,
    useList,
    useTranslate,
} from 'react-admin';
import type { TourHistory } from '../../../domain/contracts/tour-history';
import type { Formatters } from '../../../domain/formatting';
import { notConsideredReasons } from '../../../domain/notConsideredReasons';
import { waypointStates } from '../../../domain/tours';
import { getBrowserConfig } from '../../config';
import { BackOfficeTable, defaultSort } from '../../controls/table';
import { depotStyle, waypointColours } from '../../maps/mapStyles';
import { TourDetailSection } from '../liveStatus/tourDetail/TourDetailSection';
import { HistoryLegend, LegendEntry, LineSample, StopSample } from './HistoryLegend';
import { routeKinds, routeStyles, type RouteKind } from './historyMapStyles';
import { addressOf, analysisRows, routeLines, type AnalysisRow } from './historyRows';
import { LazyHistoryMap } from './LazyHistoryMap';
import { NotConsideredWaypoints } from './NotConsideredWaypoints';
import { useAnalysisColumns } from './useAnalysisColumns';

const key = 'app.tourHistory';

/**
 * The tour analysis (domain §2 Tour Analysis): the planned, suggested and driven routes on one
 * map, each shown or hidden with its own switch; the waypoint table; the not-considered
 * waypoints with their reasons.
 */
export function TourAnalysisTab({
    tour,
    formatters,
}: {
    tour: TourHistory;
    formatters: Formatters;
}) {
    const translate = useTranslate();
    const config = getBrowserConfig();
    const [shown, setShown] = useState<ReadonlySet<RouteKind>>(new Set(routeKinds));
    const routes = useMemo(() => routeLines(tour), [tour]);
    const lines = useMemo(
        () =>
            routeKinds
                .filter((kind) => shown.has(kind))
                .map((kind) => ({ id: kind, points: routes[kind], style: routeStyles[kind] })),
        [routes, shown],
    );
    const stops = useMemo(
        () =>
            tour.waypoints.flatMap((stop) =>
                stop.latitude === null || stop.longitude === null
                    ? []
                    : [
                          {
                              id: stop.id,
                              latitude: stop.latitude,
                              longitude: stop.longitude,
                              fill: waypointColours[stop.state],
                              title: translate(`${key}.map.plannedStopTitle`, {
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
        () => ({ ...tour.depotLocation, title: `${tour.depot.externalId} ${tour.depot.name}` }),
        [tour.depotLocation, tour.depot],
    );
    const rows = useMemo(() => analysisRows(tour.waypoints), [tour.waypoints]);
    const columns = useAnalysisColumns(formatters);
    const list = useList<AnalysisRow>({ data: rows, perPage: 25, sort: defaultSort(columns) });
    const filters = useMemo(
        () => [
            <SelectInput
                key="notConsideredReason"
                source="notConsideredReason"
                label={`${key}.analysis.notConsidered`}
                choices={notConsideredReasons.map((id) => ({
                    id,
                    name: `${key}.reasons.${id}.name`,
                }))}
            />,
        ],
        [],
    );
    const toggle = (kind: RouteKind) =>
        setShown((current) => {
            const next = new Set(current);
            if (!next.delete(kind)) next.add(kind);
            return next;
        });
    const missing = tour.waypoints.length - stops.length;

    return (
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
            <TourDetailSection
                id="tour-analysis-routes"
                title={translate(`${key}.analysis.comparison`)}
            >
                <FormGroup
                    role="group"
                    aria-label={translate(`${key}.analysis.routesShown`)}
                    sx={{ flexDirection: 'row', flexWrap: 'wrap', columnGap: 2 }}
                >
                    {routeKinds.map((kind) => (
                        <FormControlLabel
                            key={kind}
                            control={
                                <Checkbox
                                    size="small"
                                    checked={shown.has(kind)}
                                    onChange={() => toggle(kind)}
                                />
                            }
                            label={
                                <Box
                                    component="span"
                                    sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}
                                >
                                    <LineSample style={routeStyles[kind]} />
                                    {translate(`${key}.map.${kind}`)}
                                </Box>
                            }
                        />
                    ))}
                </FormGroup>
                <LazyHistoryMap
                    label={translate(`${key}.map.comparisonLabel`, { tour: tour.tourNumber })}
                    zoomInTitle={translate('app.tourAdmin.map.zoomIn')}
                    zoomOutTitle={translate('app.tourAdmin.map.zoomOut')}
                    depot={depot}
                    lines={lines}
                    stops={stops}
                    tileUrl={config.mapTileUrl}
                    attribution={config.mapAttribution}
                />
                <HistoryLegend label={translate(`${key}.map.legend`)}>
                    {waypointStates.map((state) => (
                        <LegendEntry
                            key={state}
                            sample={<StopSample fill={waypointColours[state]} />}
                            text={translate('app.tourAdmin.map.stopState', {
                                state: translate(`app.tours.waypointStates.${state}`),
                            })}
                        />
                    ))}
                    <LegendEntry
                        sample={<StopSample fill={depotStyle.fillColor} marked />}
                        text={translate(`${key}.map.depot`)}
                    />
                </HistoryLegend>
                {missing > 0 ? (
                    <Typography variant="body2" color="text.secondary">
                        {translate('app.tourAdmin.map.withoutCoordinates', { stops: missing })}
                    </Typography>
                ) : null}
            </TourDetailSection>
            <TourDetailSection
                id="tour-analysis-waypoints"
                title={translate(`${key}.analysis.waypoints`)}
            >
                <ResourceContextProvider value="tourHistoryWaypoints">
                    <ListContextProvider value={list}>
                        <BackOfficeTable
                            tableId="tourHistoryWaypoints"
                            columns={columns}
                            filters={filters}
                            label={`${key}.analysis.tableLabel`}
                        />
                    </ListContextProvider>
                </ResourceContextProvider>
            </TourDetailSection>
            <TourDetailSection
                id="tour-analysis-not-considered"
                title={translate(`${key}.notConsidered.title`)}
            >
                <NotConsideredWaypoints waypoints={tour.waypoints} />
            </TourDetailSection>
        </Box>
    );
}
