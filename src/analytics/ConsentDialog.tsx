import {
    Box,
    Button,
    Dialog,
    DialogActions,
    DialogContent,
    DialogContentText,
    DialogTitle,
    FormControlLabel,
    Stack,
    Switch,
    Typography,
    useMediaQuery,
    type Theme,
} from '@mui/material';
import { useId, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { consentStore } from './consent';

export interface ConsentDialogProps {
    open: boolean;
    onClose: () => void;
}

/**
 * Cookie settings (shell §2.4, §9): necessary storage is always on and explained; analytics
 * are optional. "Only necessary", "Save selection" and "Accept all" store the decision.
 * Closing without a choice stores nothing.
 */
export function ConsentDialog({ open, onClose }: ConsentDialogProps) {
    const translate = useTranslate();
    const notify = useNotify();
    const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
    const [analytics, setAnalytics] = useState(() => consentStore.get()?.analytics ?? false);
    const titleId = useId();
    const introId = useId();
    const necessaryId = useId();
    const analyticsId = useId();

    const decide = (choice: boolean) => {
        consentStore.decide(choice);
        setAnalytics(choice);
        notify('app.consent.saved', { type: 'success' });
        onClose();
    };

    return (
        <Dialog
            open={open}
            onClose={onClose}
            fullScreen={fullScreen}
            aria-labelledby={titleId}
            aria-describedby={introId}
            slotProps={{
                paper: { sx: { width: { md: '70vw', lg: '50vw', xl: '40vw' }, maxWidth: 720 } },
                // Each opening starts from the stored choice.
                transition: { onEnter: () => setAnalytics(consentStore.get()?.analytics ?? false) },
            }}
        >
            <DialogTitle id={titleId}>{translate('app.consent.title')}</DialogTitle>
            <DialogContent>
                <DialogContentText id={introId} sx={{ mb: 2 }}>
                    {translate('app.consent.intro')}
                </DialogContentText>
                <Stack spacing={2}>
                    <Box>
                        <FormControlLabel
                            control={
                                <Switch
                                    checked
                                    disabled
                                    slotProps={{ input: { 'aria-describedby': necessaryId } }}
                                />
                            }
                            label={translate('app.consent.necessary')}
                        />
                        <Typography id={necessaryId} variant="body2" color="text.secondary">
                            {translate('app.consent.necessaryDescription')}
                        </Typography>
                    </Box>
                    <Box>
                        <FormControlLabel
                            control={
                                <Switch
                                    checked={analytics}
                                    onChange={(event) => setAnalytics(event.target.checked)}
                                    slotProps={{ input: { 'aria-describedby': analyticsId } }}
                                />
                            }
                            label={translate('app.consent.analytics')}
                        />
                        <Typography id={analyticsId} variant="body2" color="text.secondary">
                            {translate('app.consent.analyticsDescription')}
                        </Typography>
                    </Box>
                </Stack>
            </DialogContent>
            <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
                <Button onClick={() => decide(false)}>
                    {translate('app.consent.onlyNecessary')}
                </Button>
                <Button onClick={() => decide(analytics)} variant="outlined">
                    {translate('app.consent.save')}
                </Button>
                <Button onClick={() => decide(true)} variant="contained">
                    {translate('app.consent.acceptAll')}
                </Button>
            </DialogActions>
        </Dialog>
    );
}
