import { Box, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { ListContextProvider, ResourceContextProvider, useList, useTranslate } from 'react-admin';
import type { TourHistory } from '../../../domain/contracts/tour-history';
import { SEQUENCE_DIFFERENCE_RED } from '../../../domain/drivenHistory';
import type { Formatters } from '../../../domain/formatting';
import { getBrowserConfig } from '../../config';
import { BackOfficeTable, defaultSort } from '../../controls/table';
import { depotStyle } from '../../maps/mapStyles';
import { TourDetailSection } from '../liveStatus/tourDetail/TourDetailSection';
import { HistoryLegend, LegendEntry, LineSample, StopSample } from './HistoryLegend';
import type { HistoryMapStop } from './HistoryMap';
import { routeStyles, stopFills, type StopFill } from './historyMapStyles';
import { drivenRows, routeLines, type DrivenRow } from './historyRows';
import { LazyHistoryMap } from './LazyHistoryMap';
import { ReplayControls } from './ReplayControls';
import { replayFrame, replayTimeline } from './replay';
import { useDrivenColumns } from './useDrivenColumns';

const key = 'app.tourHistory';

/** How a stop is drawn: red past the difference, else reached by the replay's moment, not yet, or never. */
function fillOf(row: DrivenRow): StopFill {
    if (row.red) return 'red';
    if (row.doneAtReplay) return 'done';
    return row.ata === null ? 'notDriven' : 'notYet';
}

/**
 * The driven history (domain §2 Tour Driven History): the app's suggested sequence against the
 * driven route on a map, the stops in driven order with their suggested position and the
 * difference (red past SEQUENCE_DIFFERENCE_RED, domain §9), and the replay of the day: at the
 * slider's moment the map shows the vehicle, the route driven so far and the stops reached,
 * and the table marks them.
 */
export function DrivenHistoryTab({
    tour,
    formatters,
}: {
    tour: TourHistory;
    formatters: Formatters;
}) {
    const translate = useTranslate();
    const config = getBrowserConfig();
    const timeline = useMemo(() => replayTimeline(tour), [tour]);
    const [moment, setMoment] = useState<number | null>(null);
    const [playing, setPlaying] = useState(false);
    // Until the slider moves, the whole day is shown.
    const frame = timeline ? replayFrame(timeline, moment ?? timeline.end) : null;
    const reached = frame?.doneStopIds ?? null;
    const rows = useMemo(() => drivenRows(tour.waypoints, reached), [tour.waypoints, reached]);
    const columns = useDrivenColumns(formatters);
    const list = useList<DrivenRow>({ data: rows, perPage: 25, sort: defaultSort(columns) });

    const suggested = useMemo(() => routeLines(tour).suggested, [tour]);
    const pathCount = frame?.pathCount ?? tour.drivenPath.length;
    const driven = useMemo(() => tour.drivenPath.slice(0, pathCount), [tour, pathCount]);
    const lines = useMemo(
        () => [
            { id: 'suggested', points: suggested, style: routeStyles.suggested },
            { id: 'driven', points: driven, style: routeStyles.driven },
        ],
        [suggested, driven],
    );
    const stops = useMemo(() => {
        const byId = new Map(tour.waypoints.map((stop) => [stop.id, stop]));
        return rows.flatMap((row): HistoryMapStop[] => {
            const stop = byId.get(row.id);
            if (!stop || stop.latitude === null || stop.longitude === null) return [];
            const fill = fillOf(row);
            return [
                {
                    id: row.id,
                    latitude: stop.latitude,
                    longitude: stop.longitude,
                    fill: stopFills[fill],
                    marked: row.red,
                    title: translate(`${key}.map.stopTitle`, {
                        sequence: row.drivenPosition ?? '-',
                        suggested: row.suggestedPosition ?? '-',
                        address: row.address,
                        state: translate(`${key}.map.stops.${fill}`, {
                            limit: SEQUENCE_DIFFERENCE_RED,
                        }),
                    }),
                },
            ];
        });
    }, [rows, tour.waypoints, translate]);
    const last = driven.at(-1);
    const vehicle = useMemo(
        () => (last ? { ...last, title: translate(`${key}.map.vehicle`) } : null),
        [last, translate],
    );
    const depot = useMemo(
        () => ({ ...tour.depotLocation, title: `${tour.depot.externalId} ${tour.depot.name}` }),
        [tour.depotLocation, tour.depot],
    );

    return (
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
            <TourDetailSection id="tour-history-map" title={translate(`${key}.map.drivenTitle`)}>
                <LazyHistoryMap
                    label={translate(`${key}.map.drivenLabel`, { tour: tour.tourNumber })}
                    zoomInTitle={translate('app.tourAdmin.map.zoomIn')}
                    zoomOutTitle={translate('app.tourAdmin.map.zoomOut')}
                    depot={depot}
                    lines={lines}
                    stops={stops}
                    vehicle={vehicle}
                    tileUrl={config.mapTileUrl}
                    attribution={config.mapAttribution}
                />
                <HistoryLegend label={translate(`${key}.map.legend`)}>
                    <LegendEntry
                        sample={<LineSample style={routeStyles.suggested} />}
                        text={translate(`${key}.map.suggested`)}
                    />
                    <LegendEntry
                        sample={<LineSample style={routeStyles.driven} />}
                        text={translate(`${key}.map.driven`)}
                    />
                    {(Object.keys(stopFills) as StopFill[]).map((fill) => (
                        <LegendEntry
                            key={fill}
                            sample={<StopSample fill={stopFills[fill]} marked={fill === 'red'} />}
                            text={translate(`${key}.map.stops.${fill}`, {
                                limit: SEQUENCE_DIFFERENCE_RED,
                            })}
                        />
                    ))}
                    <LegendEntry
                        sample={<StopSample fill={depotStyle.fillColor} marked />}
                        text={translate(`${key}.map.depot`)}
                    />
                    {vehicle ? (
                        <LegendEntry
                            sample={<StopSample fill={routeStyles.driven.color} />}
                            text={translate(`${key}.map.vehicle`)}
                        />
                    ) : null}
                </HistoryLegend>
                {tour.drivenPath.length === 0 ? (
                    <Typography variant="body2" color="text.secondary">
                        {translate(`${key}.map.noPath`)}
                    </Typography>
                ) : null}
                {timeline && frame ? (
                    <ReplayControls
                        timeline={timeline}
                        at={frame.at}
                        onChange={setMoment}
                        playing={playing}
                        onPlayingChange={setPlaying}
                        formatters={formatters}
                        reached={frame.doneStopIds.size}
                        total={tour.waypoints.length}
                    />
                ) : (
                    <Typography variant="body2" color="text.secondary">
                        {translate(`${key}.replay.unavailable`)}
                    </Typography>
                )}
            </TourDetailSection>
            <TourDetailSection id="tour-history-stops" title={translate(`${key}.driven.title`)}>
                <Typography variant="body2" color="text.secondary">
                    {translate(`${key}.driven.explanation`, { limit: SEQUENCE_DIFFERENCE_RED })}
                </Typography>
                <ResourceContextProvider value="tourHistoryStops">
                    <ListContextProvider value={list}>
                        <BackOfficeTable
                            tableId="tourHistoryStops"
                            columns={columns}
                            label={`${key}.driven.tableLabel`}
                        />
                    </ListContextProvider>
                </ResourceContextProvider>
            </TourDetailSection>
        </Box>
    );
}
