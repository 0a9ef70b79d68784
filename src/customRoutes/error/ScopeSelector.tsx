import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { contextsOf } from '../../../domain/permissions';
import { useCurrentContext } from '../../layout/useCurrentContext';
import { useSelectedTenant } from '../../selectedTenant';
import { useUserProfile } from '../../useUserProfile';
import { landingContexts } from '../landing/landingContexts';

const selectionKeys = { tenant: 'app.error.selectTenant', depot: 'app.error.selectDepot' } as const;

/**
 * Shown with the `changeScope` error: the way to another depot or organisation. Inside a
 * context only its own selection; elsewhere each scope-bound context the user has.
 */
export function ScopeSelector() {
    const translate = useTranslate();
    const current = useCurrentContext();
    const selectedTenant = useSelectedTenant();
    const { profile } = useUserProfile();
    if (!profile) return null;
    const contexts = contextsOf(profile.actions).filter(
        (context): context is 'tenant' | 'depot' =>
            context !== 'admin' &&
            (!current || current.context === 'admin' || current.context === context),
    );
    if (contexts.length === 0) return null;
    const tenantName = profile.tenants.find((tenant) => tenant.id === selectedTenant)?.name;
    return (
        <Box component="nav" aria-label={translate('app.error.scopeSelector')} sx={{ mt: 2 }}>
            {tenantName && contexts.includes('tenant') && (
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {translate('app.error.selectedTenant', { name: tenantName })}
                </Typography>
            )}
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                {contexts.map((context) => {
                    const { icon: Icon, path } = landingContexts[context];
                    return (
                        <Button
                            key={context}
                            variant="outlined"
                            component={Link}
                            to={path}
                            startIcon={<Icon />}
                        >
                            {translate(selectionKeys[context])}
                        </Button>
                    );
                })}
            </Box>
        </Box>
    );
}
