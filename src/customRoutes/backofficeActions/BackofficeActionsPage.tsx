import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { RoleSyncSection } from './RoleSyncSection';
import { TranslationsSection } from './TranslationsSection';

/**
 * `/administration/backoffice-actions` (admins only, domain §2): role sync between environments
 * and the translation update. The server refuses everyone else; the route sits in the
 * administration context, which only admins reach.
 */
export function BackofficeActionsPage() {
    const translate = useTranslate();
    return (
        <Box sx={{ mt: 1, display: 'grid', gap: 2, minWidth: 0 }}>
            <Typography component="h1" variant="h5">
                {translate('app.backofficeActions.title')}
            </Typography>
            <RoleSyncSection />
            <TranslationsSection />
        </Box>
    );
}
