import {
    Box,
    Card,
    Link,
    Table,
    TableBody,
    TableCell,
    TableHead,
    TableRow,
    Typography,
    useMediaQuery,
    type Theme,
} from '@mui/material';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { FleetDepot } from '../../../domain/contracts/live-status';
import { liveMapStates, type LiveMapState } from '../../../domain/liveStatus';
import { getBrowserConfig } from '../../config';
import { ConnectionNotice } from '../../live/ConnectionNotice';
import { liveConnection } from '../../live/liveConnection';
import { useNow } from '../../layout/useNow';
import { LazyFleetMap } from '../../maps/fleet/LazyFleetMap';
import { useFormatters } from '../../settings/useFormatters';
import { FleetLiveState } from './fleetLiveState';

const key = 'app.liveMap';

const depotPath = (tenantId: string, depot: FleetDepot) =>
    `/depot/${encodeURIComponent(tenantId)}/${encodeURIComponent(depot.externalDepotId)}/statistics/live-status`;

/**
 * `/tenant/:tenantId/live-map` (issue 15 part 5): the vehicles of every depot of the organisation
 * on one map, from the tab's live stream, and the depots with their vehicles by colour (the
 * table is the map's accessible counterpart). A vehicle opens its tour; a depot its live status.
 */
export function LiveMapPage() {
    const translate = useTranslate();
    const navigate = useNavigate();
    const { tenantId = '' } = useParams();
    const state = useMemo(() => new FleetLiveState(tenantId), [tenantId]);
    useEffect(
        () => liveConnection.follow({ kind: 'fleet', tenantId, sink: state }),
        [tenantId, state],
    );
    const view = useSyncExternalStore(state.subscribe, state.snapshot);
    const status = useSyncExternalStore(liveConnection.subscribeStatus, liveConnection.status);
    const now = useNow(10_000);
    const formatters = useFormatters();
    const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
    const depots = useMemo(() => view?.depots ?? [], [view]);
    const stateLabels = useMemo(
        () =>
            Object.fromEntries(
                liveMapStates.map((mapState) => [
                    mapState,
                    translate(`app.liveStatus.map.states.${mapState}`),
                ]),
            ) as Record<LiveMapState, string>,
        [translate],
    );
    const totals = useMemo(() => {
        const sums = Object.fromEntries(liveMapStates.map((s) => [s, 0])) as Record<
            LiveMapState,
            number
        >;
        for (const depot of depots) for (const s of liveMapStates) sums[s] += depot.vehicles[s];
        return sums;
    }, [depots]);
    const depotMarkers = useMemo(
        () =>
            depots.map((depot) => ({
                latitude: depot.latitude,
                longitude: depot.longitude,
                title: `${depot.externalDepotId} ${depot.name}`,
            })),
        [depots],
    );
    const openVehicle = useCallback(
        (tourId: string) => {
            const depotId = state.depotOf(tourId);
            const depot = depots.find((d) => d.internalDepotId === depotId);
            if (depot)
                void navigate(`${depotPath(tenantId, depot)}/tour/${encodeURIComponent(tourId)}`);
        },
        [state, depots, navigate, tenantId],
    );
    const config = getBrowserConfig();

    return (
        <Box sx={{ mt: 1, display: 'grid', gap: 2, minWidth: 0 }}>
            <Title title={translate(`${key}.title`)} />
            <Box>
                <Typography component="h1" variant="h5">
                    {translate(`${key}.title`)}
                </Typography>
                {view ? (
                    <Typography variant="body2" color="text.secondary">
                        {translate('app.liveStatus.asOf', {
                            date: formatters.date(view.generatedAt),
                            time: formatters.time(view.generatedAt),
                        })}
                    </Typography>
                ) : null}
            </Box>
            <ConnectionNotice status={status} hasData={Boolean(view)} now={now} />
            <Box
                component="ul"
                aria-label={translate(`${key}.totals`)}
                sx={{
                    listStyle: 'none',
                    m: 0,
                    p: 0,
                    display: 'grid',
                    gap: 1.5,
                    gridTemplateColumns: {
                        xs: 'repeat(2, minmax(0, 1fr))',
                        md: 'repeat(5, minmax(0, 1fr))',
                    },
                }}
            >
                {liveMapStates.map((mapState) => (
                    <Card component="li" key={mapState} variant="outlined" sx={{ p: 1.5 }}>
                        <Typography variant="body2" color="text.secondary" component="h2">
                            {stateLabels[mapState]}
                        </Typography>
                        <Typography variant="h5" component="p" data-fleet-total={mapState}>
                            {formatters.number(totals[mapState])}
                        </Typography>
                    </Card>
                ))}
            </Box>
            <LazyFleetMap
                label={translate(`${key}.mapLabel`)}
                store={state.store}
                stateLabels={stateLabels}
                onSelect={openVehicle}
                zoomInTitle={translate('app.liveStatus.map.zoomIn')}
                zoomOutTitle={translate('app.liveStatus.map.zoomOut')}
                clusterListTitle={(count) => translate('app.liveStatus.map.clusterList', { count })}
                depots={depotMarkers}
                height={small ? 420 : 600}
                tileUrl={config.mapTileUrl}
                attribution={config.mapAttribution}
            />
            <Card sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label={translate(`${key}.depotsLabel`)}>
                    <TableHead>
                        <TableRow>
                            <TableCell>{translate(`${key}.depot`)}</TableCell>
                            {liveMapStates.map((mapState) => (
                                <TableCell key={mapState} align="right">
                                    {stateLabels[mapState]}
                                </TableCell>
                            ))}
                            <TableCell>{translate(`${key}.map`)}</TableCell>
                        </TableRow>
                    </TableHead>
                    <TableBody>
                        {depots.map((depot) => (
                            <TableRow
                                key={depot.internalDepotId}
                                data-fleet-depot={depot.internalDepotId}
                            >
                                <TableCell>
                                    <Link component={RouterLink} to={depotPath(tenantId, depot)}>
                                        {depot.externalDepotId} {depot.name}
                                    </Link>
                                </TableCell>
                                {liveMapStates.map((mapState) => (
                                    <TableCell key={mapState} align="right">
                                        {formatters.number(depot.vehicles[mapState])}
                                    </TableCell>
                                ))}
                                <TableCell>
                                    {depot.withinBusinessHours
                                        ? translate(`${key}.shown`)
                                        : translate(`${key}.outsideBusinessHours`)}
                                </TableCell>
                            </TableRow>
                        ))}
                    </TableBody>
                </Table>
            </Card>
        </Box>
    );
}
