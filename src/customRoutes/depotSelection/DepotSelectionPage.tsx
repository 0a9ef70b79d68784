import SearchIcon from '@mui/icons-material/Search';
import { Alert, Card, CardContent, InputAdornment, TextField, Typography } from '@mui/material';
import { useId, useMemo, useState } from 'react';
import { Loading, Title, useTranslate } from 'react-admin';
import { Navigate, useParams } from 'react-router-dom';
import { DepotSelectionList } from './DepotSelectionList';
import { depotPath, matchesDepotSearch, useDistributionCenters } from './useDistributionCenters';

/**
 * `/depot` and `/depot/:tenantId`: choose the depot to work in. With a single depot the user
 * goes straight to it (shell §2.9: the dialog opens only for more than one).
 */
export function DepotSelectionPage() {
    const translate = useTranslate();
    const { tenantId } = useParams<{ tenantId?: string }>();
    const { data: centers, isPending, error } = useDistributionCenters(tenantId);
    const [search, setSearch] = useState('');
    const headingId = useId();
    const shown = useMemo(() => (centers ?? []).filter((center) => matchesDepotSearch(center, search)), [centers, search]);

    if (isPending) return <Loading />;
    if (error || !centers) return <Alert severity="error">{translate('app.depotSelection.loadError')}</Alert>;
    if (centers.length === 1 && centers[0]) return <Navigate to={depotPath(centers[0])} replace />;

    return (
        <Card sx={{ mt: 2, maxWidth: 720 }}>
            <Title title={translate('app.depotSelection.title')} />
            <CardContent>
                <Typography id={headingId} component="h1" variant="h5" gutterBottom>
                    {translate('app.depotSelection.title')}
                </Typography>
                {centers.length === 0 ? (
                    <Typography>{translate('app.depotSelection.none')}</Typography>
                ) : (
                    <>
                        <TextField
                            label={translate('app.depotSelection.search')}
                            type="search"
                            value={search}
                            onChange={(event) => setSearch(event.target.value)}
                            fullWidth
                            autoFocus
                            slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> } }}
                        />
                        {shown.length === 0 ? (
                            <Typography sx={{ mt: 2 }} role="status">
                                {translate('app.depotSelection.noMatch')}
                            </Typography>
                        ) : (
                            <DepotSelectionList centers={shown} labelledBy={headingId} />
                        )}
                    </>
                )}
            </CardContent>
        </Card>
    );
}
