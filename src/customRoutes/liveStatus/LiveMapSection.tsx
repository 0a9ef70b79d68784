import { Alert, useMediaQuery, type Theme } from '@mui/material';
import { useEffect, useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { liveMapStates, type LiveMapState } from '../../../domain/liveStatus';
import type { LiveDepot, LiveSettings } from '../../../domain/contracts/live-status';
import { getBrowserConfig } from '../../config';
import { FleetStore, type FleetVehicle } from '../../maps/fleet/fleetStore';
import { LazyFleetMap } from '../../maps/fleet/LazyFleetMap';
import type { LiveState } from './liveState';

const key = 'app.liveStatus.map';

/** The map's vehicles from the live state: one per tour with a position, coloured by its map state. */
function fleetOf(state: LiveState): FleetVehicle[] {
    const vehicles: FleetVehicle[] = [];
    for (const position of state.positions.values()) {
        const tour = state.tour(position.tourId);
        if (!tour) continue;
        vehicles.push({
            id: tour.id,
            latitude: position.latitude,
            longitude: position.longitude,
            heading: position.heading,
            state: tour.mapState,
            label: tour.driverName ? `${tour.tourNumber} · ${tour.driverName}` : tour.tourNumber,
        });
    }
    return vehicles;
}

/**
 * The live map (r:live-status-map, domain §9: within business hours only). The vehicles are
 * written into the map's store on every frame, outside React; choosing one opens its tour.
 */
export function LiveMapSection({
    state,
    settings,
    depot,
    onSelect,
}: {
    state: LiveState;
    settings: LiveSettings;
    depot: LiveDepot;
    onSelect: (tourId: string) => void;
}) {
    const translate = useTranslate();
    const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
    const store = useMemo(() => new FleetStore(), []);
    useEffect(() => {
        const sync = () => store.replace(fleetOf(state));
        sync();
        return state.subscribe(sync);
    }, [state, store]);
    const stateLabels = useMemo(
        () =>
            Object.fromEntries(
                liveMapStates.map((mapState) => [mapState, translate(`${key}.states.${mapState}`)]),
            ) as Record<LiveMapState, string>,
        [translate],
    );
    const depots = useMemo(
        () => [
            {
                latitude: depot.latitude,
                longitude: depot.longitude,
                title: `${depot.externalDepotId} ${depot.name}`,
            },
        ],
        [depot.latitude, depot.longitude, depot.externalDepotId, depot.name],
    );
    if (!settings.mapAllowed) return null;
    if (!settings.withinBusinessHours)
        return (
            <Alert severity="info" data-map-closed>
                {translate(`${key}.outsideBusinessHours`, {
                    from: settings.businessHours.from,
                    to: settings.businessHours.to,
                })}
            </Alert>
        );
    const config = getBrowserConfig();
    return (
        <LazyFleetMap
            label={translate(`${key}.label`)}
            store={store}
            stateLabels={stateLabels}
            onSelect={onSelect}
            zoomInTitle={translate(`${key}.zoomIn`)}
            zoomOutTitle={translate(`${key}.zoomOut`)}
            clusterListTitle={(count) => translate(`${key}.clusterList`, { count })}
            depots={depots}
            center={depot}
            height={small ? 360 : 480}
            tileUrl={config.mapTileUrl}
            attribution={config.mapAttribution}
        />
    );
}
