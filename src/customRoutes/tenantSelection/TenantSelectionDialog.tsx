import {
    Button,
    Dialog,
    DialogActions,
    DialogContent,
    DialogTitle,
    LinearProgress,
    Typography,
    useMediaQuery,
    type Theme,
} from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { dialogPaperSx } from '../../layout/dialogs/dialogWidths';
import { useSelectableTenants } from '../../scope/useSelectableTenants';
import { TenantSelectionList } from './TenantSelectionList';

/** The organisation selection as a dialog (shell §2.1, §2.9): choosing one opens it and closes the dialog. */
export function TenantSelectionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
    const translate = useTranslate();
    const titleId = useId();
    const extraSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.only('xs'));
    const { tenants, isPending } = useSelectableTenants({ enabled: open });
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
            <DialogTitle id={titleId}>{translate('app.tenantSelection.title')}</DialogTitle>
            <DialogContent dividers>
                {isPending ? (
                    <LinearProgress aria-label={translate('ra.page.loading')} />
                ) : tenants.length === 0 ? (
                    <Typography>{translate('app.tenantSelection.none')}</Typography>
                ) : (
                    <TenantSelectionList
                        tenants={tenants}
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
