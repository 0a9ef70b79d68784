import { Card, CardContent, Typography } from '@mui/material';
import { useId } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { ProfileFallback } from '../../layout/ProfileFallback';
import { useSelectableTenants } from '../../scope/useSelectableTenants';
import { useUserProfile } from '../../useUserProfile';
import { TenantSelectionList, tenantPath } from './TenantSelectionList';

/** `/tenant`: choose the organisation to work in; a single one opens directly. The list is sorted by name (shell §3). */
export function TenantSelectionPage() {
    const translate = useTranslate();
    const { profile, isPending } = useUserProfile();
    const { tenants } = useSelectableTenants();
    const headingId = useId();
    if (!profile) return <ProfileFallback isPending={isPending} />;
    if (tenants.length === 1 && tenants[0]) return <Navigate to={tenantPath(tenants[0])} replace />;
    return (
        <Card sx={{ mt: 2, maxWidth: 720 }}>
            <Title title={translate('app.tenantSelection.title')} />
            <CardContent>
                <Typography id={headingId} component="h1" variant="h5" gutterBottom>
                    {translate('app.tenantSelection.title')}
                </Typography>
                {tenants.length === 0 ? (
                    <Typography>{translate('app.tenantSelection.none')}</Typography>
                ) : (
                    <TenantSelectionList tenants={tenants} labelledBy={headingId} />
                )}
            </CardContent>
        </Card>
    );
}
