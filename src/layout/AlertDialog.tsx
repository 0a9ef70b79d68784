import type { AlertColor } from '@mui/material';
import { AppDialog } from './dialogs/AppDialog';

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
 * The shell's alert as a controlled component, for pages that keep the open state themselves;
 * elsewhere `useAppDialog()` opens the same dialog without state of its own.
 */
export function AlertDialog({ open, onClose, ...options }: AlertDialogProps) {
    return <AppDialog {...options} open={open} onRequestClose={onClose} />;
}
