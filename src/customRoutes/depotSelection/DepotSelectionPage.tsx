import { Alert, Card, CardContent, Typography } from '@mui/material';
import { useId } from 'react';
import { Loading, Title, useTranslate } from 'react-admin';
import { Navigate, useParams } from 'react-router-dom';
import { DepotSelectionPanel } from './DepotSelectionPanel';
import { depotPath, useDistributionCenters } from './useDistributionCenters';

/**
 * `/depot` and `/depot/:tenantId`: choose the depot to work in. With a single depot the user
 * goes straight to it (shell §2.9: the dialog opens only for more than one).
 */
export function DepotSelectionPage() {
    const translate = useTranslate();
    const { tenantId } = useParams<{ tenantId?: string }>();
    const { data: centers, isPending, error } = useDistributionCenters(tenantId);
    const headingId = useId();

    if (isPending) return <Loading />;
    if (error || !centers)
        return <Alert severity="error">{translate('app.depotSelection.loadError')}</Alert>;
    if (centers.length === 1 && centers[0]) return <Navigate to={depotPath(centers[0])} replace />;

    return (
        <Card sx={{ mt: 2, maxWidth: 720 }}>
            <Title title={translate('app.depotSelection.title')} />
            <CardContent>
                <Typography id={headingId} component="h1" variant="h5" gutterBottom>
                    {translate('app.depotSelection.title')}
                </Typography>
                <DepotSelectionPanel centers={centers} labelledBy={headingId} />
            </CardContent>
        </Card>
    );
}
