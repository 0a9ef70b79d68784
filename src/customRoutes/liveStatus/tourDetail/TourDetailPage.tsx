import ArrowBack from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Loading, Title, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import type { CustomWaypoint, CustomWaypointBody } from '../../../../domain/contracts/depot-tours';
import type { LatLon } from '../../../../domain/geo';
import { getBrowserConfig } from '../../../config';
import { httpClient } from '../../../dataProviders/httpClient';
import { RefreshablePageHeader } from '../../../layout/RefreshablePageHeader';
import { useSelectedScope } from '../../../scope/useSelectedScope';
import { useFormatters } from '../../../settings/useFormatters';
import { CustomWaypointDialog, type CustomWaypointDialogKind } from './CustomWaypointDialog';
import { customWaypointErrorKey } from './customWaypointErrors';
import { CustomWaypointsSection } from './CustomWaypointsSection';
import { TourAddressErrors } from './TourAddressErrors';
import { TourDetailMap } from './TourDetailMap';
import { TourDetailSection } from './TourDetailSection';
import { TourDetailStops } from './TourDetailStops';
import { TourDetailSummary } from './TourDetailSummary';
import { TourDeviceCard, TourDriverLocation } from './TourDeviceCard';
import { TourUnsuccessfulJobs } from './TourUnsuccessfulJobs';
import {
    addCustomWaypoint,
    deleteCustomWaypoint,
    fetchTourDetail,
    tourDetailKey,
    tourRefreshInterval,
} from './tourDetailApi';

const key = 'app.tourDetail';
const MAP_SECTION = 'tour-detail-map';

type Adding = { kind: CustomWaypointDialogKind; place: LatLon | null } | null;

/**
 * `/depot/:tenantId/:externalDepotId/statistics/live-status/tour/:tourId` (domain §2 Tour Detail
 * View; r:tour-details): the tour's summary, its map, its stops with state, confirmation, time
 * window, ETA and arrival, its custom waypoints (added on the map or by address, deleted after
 * a confirmation), address errors, unsuccessful jobs, and the device and the driver's location
 * when the server answers them (r:tour-device, r:tour-details-driver-location). Times are in the
 * depot's time zone.
 */
export function TourDetailPage() {
    const translate = useTranslate();
    const { tourId = '', tenantId = '', externalDepotId = '' } = useParams();
    const { scope } = useSelectedScope();
    const depotPath = scope.type === 'DISTRIBUTION_CENTER' ? (scope.depotPath ?? '') : '';
    const formatters = useFormatters(scope.timeZone);
    const config = getBrowserConfig();
    const base = config.services.tourCommander;
    const queryClient = useQueryClient();
    const queryKey = tourDetailKey(depotPath, tourId);
    const {
        data: tour,
        error,
        isPending,
        isFetching,
        refetch,
    } = useQuery({
        queryKey,
        queryFn: () => fetchTourDetail(base, httpClient, depotPath, tourId),
        enabled: depotPath !== '' && tourId !== '',
        refetchInterval: (query) => tourRefreshInterval(query.state.data),
        retry: false,
    });
    const [picking, setPicking] = useState(false);
    const [adding, setAdding] = useState<Adding>(null);
    const [notice, setNotice] = useState(false);
    const [deleteError, setDeleteError] = useState<string | null>(null);
    const reload = () => queryClient.invalidateQueries({ queryKey });
    const add = useMutation({
        mutationFn: (body: CustomWaypointBody) =>
            addCustomWaypoint(base, httpClient, depotPath, tourId, body),
        onSuccess: () => {
            setNotice(true);
            setPicking(false);
            void reload();
        },
    });
    const remove = useMutation({
        mutationFn: (waypoint: CustomWaypoint) =>
            deleteCustomWaypoint(base, httpClient, depotPath, tourId, waypoint.id),
        onMutate: () => setDeleteError(null),
        onSuccess: () => void reload(),
        onError: (failure) => setDeleteError(translate(customWaypointErrorKey(failure))),
    });
    const pick = useCallback((place: LatLon) => setAdding({ kind: 'coordinates', place }), []);
    // The map is above the buttons: bring it into view when it starts listening for the click.
    useEffect(() => {
        if (picking)
            document
                .getElementById(MAP_SECTION)
                ?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    }, [picking]);

    const backTo = `/depot/${encodeURIComponent(tenantId)}/${encodeURIComponent(externalDepotId)}/statistics/live-status`;
    const back = (
        <Button component={Link} to={backTo} startIcon={<ArrowBack />} size="small">
            {translate(`${key}.back`)}
        </Button>
    );
    if (isPending) return <Loading />;
    if (error || !tour) {
        const missing = (error as { status?: number } | null)?.status === 404;
        return (
            <Box sx={{ mt: 1, display: 'grid', gap: 2, justifyItems: 'start' }}>
                <Title title={translate(`${key}.title`)} />
                {back}
                <Alert severity={missing ? 'info' : 'error'} role="alert">
                    {translate(missing ? `${key}.notFound` : `${key}.loadError`)}
                </Alert>
            </Box>
        );
    }
    const heading = translate(`${key}.heading`, { number: tour.tourNumber });
    return (
        <Box sx={{ mt: 1, mb: 2, display: 'grid', gap: 2, minWidth: 0 }}>
            <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>{back}</Box>
            <RefreshablePageHeader
                title={heading}
                refreshLabel={translate(`${key}.refresh`)}
                onRefresh={() => void refetch()}
                refreshing={isFetching}
            />
            <TourDetailSection
                id="tour-detail-summary"
                title={translate(`${key}.sections.summary`)}
            >
                <TourDetailSummary tour={tour} formatters={formatters} />
            </TourDetailSection>
            <TourDetailSection id={MAP_SECTION} title={translate(`${key}.sections.map`)}>
                <TourDetailMap tour={tour} onPick={picking ? pick : undefined} />
            </TourDetailSection>
            <TourDetailSection
                id="tour-detail-custom"
                title={translate(`${key}.sections.customWaypoints`)}
            >
                <CustomWaypointsSection
                    tour={tour}
                    formatters={formatters}
                    addressLookup={config.addressLookup === true}
                    picking={picking}
                    onPickChange={setPicking}
                    onAdd={(kind) => setAdding({ kind, place: null })}
                    onDelete={(waypoint) => remove.mutateAsync(waypoint)}
                    showNotice={notice}
                    onNoticeClose={() => setNotice(false)}
                    deleteError={deleteError}
                />
            </TourDetailSection>
            <TourDetailSection id="tour-detail-stops" title={translate(`${key}.sections.stops`)}>
                <TourDetailStops tour={tour} formatters={formatters} />
            </TourDetailSection>
            <TourDetailSection
                id="tour-detail-address-errors"
                title={translate(`${key}.sections.addressErrors`)}
            >
                <TourAddressErrors tour={tour} />
            </TourDetailSection>
            <TourDetailSection
                id="tour-detail-unsuccessful"
                title={translate(`${key}.sections.unsuccessfulJobs`)}
            >
                <TourUnsuccessfulJobs tour={tour} formatters={formatters} />
            </TourDetailSection>
            {tour.device ? (
                <TourDetailSection
                    id="tour-detail-device"
                    title={translate(`${key}.sections.device`)}
                >
                    <TourDeviceCard device={tour.device} formatters={formatters} />
                </TourDetailSection>
            ) : null}
            {tour.driverLocation !== undefined ? (
                <TourDetailSection
                    id="tour-detail-location"
                    title={translate(`${key}.sections.driverLocation`)}
                >
                    <TourDriverLocation location={tour.driverLocation} formatters={formatters} />
                </TourDetailSection>
            ) : null}
            <CustomWaypointDialog
                kind={adding?.kind ?? 'coordinates'}
                open={adding !== null}
                place={adding?.place}
                depot={tour.depotLocation}
                countryCode={scope.depot?.countryCode ?? ''}
                onClose={() => setAdding(null)}
                onSubmit={(body) => add.mutateAsync(body)}
            />
        </Box>
    );
}
