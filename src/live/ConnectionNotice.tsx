import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { errorPageCodeOf } from '../../domain/errors';
import type { LiveConnectionStatus } from './liveConnection';

const key = 'app.liveStatus.connection';
const MINUTE_MS = 60_000;

/**
 * Says when the page is not live (issue 15 part 3): while reconnecting, with the age of the data
 * shown; a refused subscription names its reason.
 */
export function ConnectionNotice({
    status,
    hasData,
    now,
}: {
    status: LiveConnectionStatus;
    hasData: boolean;
    now: Date;
}) {
    const translate = useTranslate();
    if (status.refused) {
        const page = errorPageCodeOf(status.refused) ?? 'noDataPermission';
        return (
            <Alert severity="error" role="alert">
                {translate(`app.error.codes.${page}`)}
            </Alert>
        );
    }
    if (status.connected) return null;
    if (!hasData || status.lostAt === null)
        return (
            <Alert severity="info" role="status">
                {translate(`${key}.connecting`)}
            </Alert>
        );
    const minutes = Math.floor((now.getTime() - status.lostAt) / MINUTE_MS);
    return (
        <Alert severity="warning" role="alert" data-live-lost>
            {minutes < 1 ? translate(`${key}.lostJustNow`) : translate(`${key}.lost`, { minutes })}
        </Alert>
    );
}
