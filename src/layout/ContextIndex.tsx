import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { Loading, Title, useTranslate } from 'react-admin';
import { Link, Navigate } from 'react-router-dom';
import { useContextNavigation } from './useContextNavigation';

/**
 * A context's index (`/administration`, `/tenant/:tenantId`): the preferred page of the spec
 * when the user may use it (shell §2.5: back-office users; §2.7: depots), else the first page
 * of the drawer the user may use; when there is none, a page that says so. Never a page the
 * user would be refused.
 */
export function ContextIndex({ preferred }: { preferred: string }) {
    const translate = useTranslate();
    const { current, input, entries } = useContextNavigation();
    if (!current?.basePath || !input) return <Loading />;
    const pages = entries.flatMap((entry) => (entry.path === undefined ? [] : [entry.path]));
    const target = pages.includes(preferred) ? preferred : pages[0];
    if (target !== undefined) return <Navigate to={`${current.basePath}/${target}`} replace />;
    return (
        <Box sx={{ py: 3, maxWidth: 720 }}>
            <Title title={translate('app.navigation.noPagesTitle')} />
            <Alert severity="info" role="alert">
                <AlertTitle component="h1">{translate('app.navigation.noPagesTitle')}</AlertTitle>
                {translate('app.navigation.noPages')}
            </Alert>
            <Button component={Link} to="/landing" sx={{ mt: 2 }}>
                {translate('app.error.backToStart')}
            </Button>
        </Box>
    );
}
