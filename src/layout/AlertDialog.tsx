import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, type AlertColor } from '@mui/material';
import { useId, type ComponentType } from 'react';
import { useTranslate } from 'react-admin';

const icons: Record<AlertColor, ComponentType<{ color: AlertColor; fontSize: 'large' }>> = {
    success: CheckCircleOutline,
    error: ErrorOutline,
    info: InfoOutlined,
    warning: WarningAmber,
};

/** Without a message of its own, a dialog says the generic text of its type (shell §8). */
const genericMessage: Partial<Record<AlertColor, string>> = { success: 'app.alert.success', error: 'app.alert.error' };

export interface AlertDialogProps {
    open: boolean;
    type: AlertColor;
    /** Text key of the message; defaults to the generic success or error text. */
    messageKey?: string;
    /** Text key of a further explanation. */
    descriptionKey?: string;
    onClose: () => void;
}

/**
 * The shell's alert (shell §2.1): a message with an icon by type and an optional description.
 * The close button has the focus, so Enter confirms; Esc and a click outside close it too.
 */
export function AlertDialog({ open, type, messageKey, descriptionKey, onClose }: AlertDialogProps) {
    const translate = useTranslate();
    const titleId = useId();
    const descriptionId = useId();
    const Icon = icons[type];
    return (
        <Dialog
            open={open}
            onClose={onClose}
            role="alertdialog"
            aria-labelledby={titleId}
            aria-describedby={descriptionKey ? descriptionId : undefined}
            slotProps={{ paper: { sx: { width: { xs: '100%', md: '70vw', lg: '50vw', xl: '40vw' }, maxWidth: 640 } } }}
        >
            <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <Icon color={type} fontSize="large" />
                <Box component="span">{translate(messageKey ?? genericMessage[type] ?? 'app.alert.error')}</Box>
            </DialogTitle>
            {descriptionKey && (
                <DialogContent>
                    <DialogContentText id={descriptionId}>{translate(descriptionKey)}</DialogContentText>
                </DialogContent>
            )}
            <DialogActions>
                <Button onClick={onClose} variant="contained" autoFocus>
                    {translate('app.alert.close')}
                </Button>
            </DialogActions>
        </Dialog>
    );
}
