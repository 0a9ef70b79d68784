import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import WarningAmber from '@mui/icons-material/WarningAmber';
import {
    Box,
    Button,
    Dialog,
    DialogActions,
    DialogContent,
    DialogContentText,
    DialogTitle,
    useMediaQuery,
    type AlertColor,
    type Theme,
} from '@mui/material';
import { useId, type ComponentType, type KeyboardEvent } from 'react';
import { useTranslate } from 'react-admin';
import { dialogPaperSx } from './dialogWidths';

const icons: Record<AlertColor, ComponentType<{ color: AlertColor; fontSize: 'large' }>> = {
    success: CheckCircleOutline,
    error: ErrorOutline,
    info: InfoOutlined,
    warning: WarningAmber,
};

/** Without a message of its own, a dialog says the generic text of its type (shell §8). */
const genericMessage: Partial<Record<AlertColor, string>> = {
    success: 'app.alert.success',
    error: 'app.alert.error',
};

/** What a shell dialog shows (shell §2.1). */
export interface AppDialogOptions {
    type: AlertColor;
    /** Text key of the message; defaults to the generic success or error text. */
    messageKey?: string;
    /** Text key of a further explanation. */
    descriptionKey?: string;
    /** Values for the message and description texts. */
    values?: Record<string, unknown>;
    /** An action besides closing; Enter runs it unless it is disabled. The dialog closes after it unless `keepOpen`. */
    submit?: { labelKey: string; onSubmit: () => void; disabled?: boolean; keepOpen?: boolean };
    /** Esc and a click outside do nothing, and there is no close button. */
    notClosable?: boolean;
    /** 15vw wider than the usual widths. */
    large?: boolean;
    /** The whole screen on extra-small screens. */
    fullScreenOnXs?: boolean;
    /** Called whenever the dialog closes (not after a submit that keeps it open). */
    onClose?: () => void;
}

export interface AppDialogProps extends AppDialogOptions {
    open: boolean;
    /** Asked to close: close button, Esc, a click outside, Enter without a submit, or after a submit. */
    onRequestClose: () => void;
}

/** Enter on these keeps its own meaning (a focused button or link, typing, a list option). */
const ownsEnter = (target: EventTarget) =>
    target instanceof HTMLElement &&
    (target.closest(
        'button, a[href], input, textarea, select, [role="option"], [role="menuitem"]',
    ) !== null ||
        target.isContentEditable);

/**
 * The shell's modal dialog (shell §2.1, §5): a message with an icon by type, an optional
 * description and an optional submit button. Enter confirms (the submit, else closing) unless
 * the submit is disabled; Esc and a click outside close unless the dialog is not closable.
 */
export function AppDialog({
    open,
    onRequestClose,
    type,
    messageKey,
    descriptionKey,
    values,
    submit,
    notClosable,
    large,
    fullScreenOnXs,
}: AppDialogProps) {
    const translate = useTranslate();
    const titleId = useId();
    const descriptionId = useId();
    const extraSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.only('xs'));
    const Icon = icons[type];

    const runSubmit = () => {
        if (!submit || submit.disabled) return;
        submit.onSubmit();
        if (!submit.keepOpen) onRequestClose();
    };
    const confirm = () => {
        if (submit) runSubmit();
        else if (!notClosable) onRequestClose();
    };
    const onKeyDown = (event: KeyboardEvent) => {
        if (event.key !== 'Enter' || event.defaultPrevented || ownsEnter(event.target)) return;
        event.preventDefault();
        confirm();
    };

    return (
        <Dialog
            open={open}
            onClose={notClosable ? undefined : onRequestClose}
            onKeyDown={onKeyDown}
            role="alertdialog"
            aria-labelledby={titleId}
            aria-describedby={descriptionKey ? descriptionId : undefined}
            fullWidth
            maxWidth={false}
            fullScreen={Boolean(fullScreenOnXs) && extraSmall}
            slotProps={{ paper: { sx: dialogPaperSx(large) } }}
        >
            <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <Icon color={type} fontSize="large" />
                <Box component="span">
                    {translate(messageKey ?? genericMessage[type] ?? 'app.alert.error', values)}
                </Box>
            </DialogTitle>
            {descriptionKey && (
                <DialogContent>
                    <DialogContentText id={descriptionId}>
                        {translate(descriptionKey, values)}
                    </DialogContentText>
                </DialogContent>
            )}
            {(submit || !notClosable) && (
                <DialogActions>
                    {!notClosable && (
                        <Button
                            onClick={onRequestClose}
                            variant={submit ? 'text' : 'contained'}
                            autoFocus={!submit}
                        >
                            {translate('app.alert.close')}
                        </Button>
                    )}
                    {submit && (
                        <Button
                            onClick={runSubmit}
                            variant="contained"
                            disabled={submit.disabled}
                            autoFocus={!submit.disabled}
                        >
                            {translate(submit.labelKey, values)}
                        </Button>
                    )}
                </DialogActions>
            )}
        </Dialog>
    );
}
