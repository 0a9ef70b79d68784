import { Alert, type SxProps, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AddEditUserFrom } from '../../domain/tenantConfiguration';

/**
 * Said where the add and edit buttons of a user list would be when the viewer holds the rights
 * but the organisation's setting "where users may be added and edited" sends them to the other
 * view (issue 13 point 12); nothing otherwise.
 */
export function AddEditElsewhereNotice({
    where,
    sx = { mx: 2, mt: 2 },
}: {
    where: Exclude<AddEditUserFrom, 'ALL'> | undefined;
    sx?: SxProps<Theme>;
}) {
    const translate = useTranslate();
    if (!where) return null;
    return (
        <Alert severity="info" sx={sx}>
            {translate(`app.users.addEditElsewhere.${where}`, {
                setting: translate('app.clientConfig.schema.addEditUserFrom'),
            })}
        </Alert>
    );
}
