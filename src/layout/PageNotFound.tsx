import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/**
 * An address that is no page, inside the layout: inside a context (`/depot/…/unknown`,
 * `/administration/reports` while that page does not exist) and outside one (react-admin's
 * catch-all). Says so in words, with a way back to the start page.
 */
export function PageNotFound() {
    const translate = useTranslate();
    return (
        <Box sx={{ py: 3, maxWidth: 720 }}>
            <Title title={translate('app.error.notFoundTitle')} />
            <Alert severity="info" role="alert">
                <AlertTitle component="h1">{translate('app.error.notFoundTitle')}</AlertTitle>
                {translate('app.error.notFound')}
            </Alert>
            <Button component={Link} to="/landing" sx={{ mt: 2 }}>
                {translate('app.error.backToStart')}
            </Button>
        </Box>
    );
}
