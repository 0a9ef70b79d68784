import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useAppTranslate } from '../../i18n/useAppTranslate';

/** A form's main button: Enter in any field presses it; while the call runs it shows a spinner and the pending text. */
export function SubmitButton({
    pending,
    labelKey,
    pendingKey,
}: {
    pending: boolean;
    labelKey: string;
    pendingKey: string;
}) {
    const translate = useAppTranslate();
    return (
        <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={pending}
            startIcon={
                pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined
            }
        >
            {translate(pending ? pendingKey : labelKey)}
        </Button>
    );
}
