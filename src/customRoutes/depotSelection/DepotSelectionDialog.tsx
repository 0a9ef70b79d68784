import {
    Alert,
    Button,
    Dialog,
    DialogActions,
    DialogContent,
    DialogTitle,
    LinearProgress,
    useMediaQuery,
    type Theme,
} from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { dialogPaperSx } from '../../layout/dialogs/dialogWidths';
import { DepotSelectionPanel } from './DepotSelectionPanel';
import { useDistributionCenters } from './useDistributionCenters';

/** The depot selection as a dialog (shell §2.1, §2.9): choosing a depot opens its page and closes the dialog. */
export function DepotSelectionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
    const translate = useTranslate();
    const titleId = useId();
    const extraSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.only('xs'));
    const {
        data: centers,
        isPending,
        error,
    } = useDistributionCenters(undefined, { enabled: open });
    return (
        <Dialog
            open={open}
            onClose={onClose}
            aria-labelledby={titleId}
            fullWidth
            maxWidth={false}
            fullScreen={extraSmall}
            slotProps={{ paper: { sx: dialogPaperSx() } }}
        >
            <DialogTitle id={titleId}>{translate('app.depotSelection.title')}</DialogTitle>
            <DialogContent dividers>
                {isPending ? (
                    <LinearProgress aria-label={translate('ra.page.loading')} />
                ) : error || !centers ? (
                    <Alert severity="error">{translate('app.depotSelection.loadError')}</Alert>
                ) : (
                    <DepotSelectionPanel
                        centers={centers}
                        labelledBy={titleId}
                        onSelect={onClose}
                    />
                )}
            </DialogContent>
            <DialogActions>
                <Button onClick={onClose}>{translate('app.alert.close')}</Button>
            </DialogActions>
        </Dialog>
    );
}
