import { Alert } from '@mui/material';
import { Loading, useTranslate } from 'react-admin';

/** Shown instead of a page while the user's profile loads, or when it could not be loaded. */
export function ProfileFallback({ isPending }: { isPending: boolean }) {
    const translate = useTranslate();
    if (isPending) return <Loading />;
    return (
        <Alert severity="error" sx={{ m: 2 }}>
            {translate('ra.notification.http_error')}
        </Alert>
    );
}
