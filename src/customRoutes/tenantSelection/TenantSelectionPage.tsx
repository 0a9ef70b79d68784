import { Card, CardContent, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useId } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link, Navigate } from 'react-router-dom';
import { ProfileFallback } from '../../layout/ProfileFallback';
import { useUserProfile } from '../../useUserProfile';

/** `/tenant`: choose the organisation to work in; a single one opens directly. The list is sorted by name (shell §3). */
export function TenantSelectionPage() {
    const translate = useTranslate();
    const { profile, isPending } = useUserProfile();
    const headingId = useId();
    if (!profile) return <ProfileFallback isPending={isPending} />;
    const tenants = [...profile.tenants].sort((a, b) => a.name.localeCompare(b.name));
    if (tenants.length === 1 && tenants[0]) return <Navigate to={`/tenant/${encodeURIComponent(tenants[0].id)}`} replace />;
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
                    <List aria-labelledby={headingId}>
                        {tenants.map((tenant) => (
                            <ListItem key={tenant.id} disablePadding>
                                <ListItemButton component={Link} to={`/tenant/${encodeURIComponent(tenant.id)}`}>
                                    <ListItemText primary={tenant.name} />
                                </ListItemButton>
                            </ListItem>
                        ))}
                    </List>
                )}
            </CardContent>
        </Card>
    );
}
