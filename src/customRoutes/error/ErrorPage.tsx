import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { errorPageCodes, type ErrorPageCode } from '../../../domain/errors';
import { ScopeSelector } from './ScopeSelector';

const isErrorPageCode = (code: string | undefined): code is ErrorPageCode =>
    (errorPageCodes as readonly (string | undefined)[]).includes(code);

/**
 * `/error/:errorCode` (also below the depot and administration paths): the message for a known
 * code, with a scope selector for `changeScope`; an unknown code shows nothing (shell §2.3).
 */
export function ErrorPage() {
    const translate = useTranslate();
    const { errorCode } = useParams<{ errorCode: string }>();
    if (!isErrorPageCode(errorCode)) return null;
    return (
        <Box sx={{ py: 3, maxWidth: 720 }}>
            <Title title={translate('app.error.title')} />
            <Alert severity="warning" role="alert">
                <AlertTitle component="h1">{translate('app.error.title')}</AlertTitle>
                {translate(`app.error.codes.${errorCode}`)}
            </Alert>
            {errorCode === 'changeScope' && <ScopeSelector />}
            <Button component={Link} to="/landing" sx={{ mt: 2 }}>
                {translate('app.error.backToStart')}
            </Button>
        </Box>
    );
}
