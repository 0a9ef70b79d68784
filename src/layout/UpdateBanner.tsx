import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useState, useSyncExternalStore } from 'react';
import { useAppTranslate } from '../i18n/useAppTranslate';
import { dismissUpdate, getLatestVersionId, subscribeToVersion, updateToOffer } from '../version';

/**
 * Offers the newer build the server reports (`x-version-id`, shell §2.1): Update reloads the
 * page; closing hides the banner for the rest of the tab session.
 */
export function UpdateBanner() {
    const translate = useAppTranslate();
    const latest = useSyncExternalStore(subscribeToVersion, getLatestVersionId);
    const [dismissed, setDismissed] = useState<string | undefined>();
    const offered = latest !== undefined && latest !== dismissed ? updateToOffer() : undefined;
    if (!offered) return null;
    const close = () => {
        dismissUpdate(offered);
        setDismissed(offered);
    };
    return (
        <Alert
            severity="info"
            role="status"
            sx={{ mb: 1, alignItems: 'center' }}
            action={
                <>
                    <Button color="inherit" size="small" onClick={() => window.location.reload()}>
                        {translate('app.update.reload')}
                    </Button>
                    <IconButton
                        color="inherit"
                        size="small"
                        aria-label={translate('app.update.dismiss')}
                        onClick={close}
                    >
                        <CloseIcon fontSize="small" />
                    </IconButton>
                </>
            }
        >
            {translate('app.update.available')}
        </Alert>
    );
}
