import { Alert, Button, Card, CardContent, CardHeader } from '@mui/material';
import {
    Loading,
    RecordContextProvider,
    ResourceContextProvider,
    Title,
    useGetOne,
    useTranslate,
} from 'react-admin';
import { Navigate, useParams } from 'react-router-dom';
import { DepotDetails } from '../../resources/depots/DepotDetails';
import type { Depot } from '../../resources/depots';
import { useScopeSelection } from '../../scope/ScopeSelectionProvider';
import { useDistributionCenters } from '../depotSelection/useDistributionCenters';

/**
 * `/depot/:tenantId/:externalDepotId`: the selected depot's core data. A depot the user may
 * not see leads to the error page (shell §8: noPermission also covers a missing depot permission).
 */
export function DepotSummaryPage() {
    const translate = useTranslate();
    const { openDialog } = useScopeSelection();
    const { tenantId, externalDepotId } = useParams<{
        tenantId: string;
        externalDepotId: string;
    }>();
    // The session's depot list, shared with the scope selection.
    const centers = useDistributionCenters();
    const center = centers.data?.find(
        (candidate) =>
            candidate.tenant.id === tenantId && candidate.externalDepotId === externalDepotId,
    );
    const depot = useGetOne<Depot>(
        'depots',
        { id: center?.internalDepotId ?? '' },
        { enabled: Boolean(center) },
    );

    if (centers.isPending || (center && depot.isPending)) return <Loading />;
    if (centers.error || depot.error)
        return <Alert severity="error">{translate('app.depotSummary.loadError')}</Alert>;
    if (!center || !depot.data) return <Navigate to="/error/noPermission" replace />;

    return (
        <Card sx={{ mt: 2, maxWidth: 720 }}>
            <Title title={translate('app.depotSummary.title')} />
            <CardHeader
                title={`${depot.data.externalDepotId} ${depot.data.name}`}
                slotProps={{ title: { component: 'h1', variant: 'h5' } }}
                action={
                    (centers.data?.length ?? 0) > 1 && (
                        <Button onClick={() => openDialog('depot')} aria-haspopup="dialog">
                            {translate('app.depotSummary.change')}
                        </Button>
                    )
                }
            />
            <CardContent>
                <ResourceContextProvider value="depots">
                    <RecordContextProvider value={depot.data}>
                        <DepotDetails />
                    </RecordContextProvider>
                </ResourceContextProvider>
            </CardContent>
        </Card>
    );
}
