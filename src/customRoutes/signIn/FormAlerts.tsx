import Alert, { type AlertColor } from '@mui/material/Alert';
import { useAppTranslate } from '../../i18n/useAppTranslate';

/** A message shown above a sign-in form, e.g. "your sign-in took too long". */
export interface Notice {
    severity: AlertColor;
    key: string;
    options?: Record<string, unknown>;
}

/** The notice and the error of a form; errors are announced (role alert), notices read as status. */
export function FormAlerts({
    notice,
    errorKey,
}: {
    notice?: Notice | null;
    errorKey?: string | null;
}) {
    const translate = useAppTranslate();
    return (
        <>
            {notice && (
                <Alert
                    severity={notice.severity}
                    role={notice.severity === 'error' ? 'alert' : 'status'}
                >
                    {translate(notice.key, notice.options)}
                </Alert>
            )}
            {errorKey && (
                <Alert severity="error" role="alert">
                    {translate(errorKey)}
                </Alert>
            )}
        </>
    );
}
