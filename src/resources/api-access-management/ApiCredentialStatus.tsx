import Block from '@mui/icons-material/Block';
import CheckCircle from '@mui/icons-material/CheckCircle';
import EventBusy from '@mui/icons-material/EventBusy';
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CredentialStatus } from '../../../domain/apiAccess';

const icons = {
    ACTIVE: <CheckCircle color="success" />,
    EXPIRED: <EventBusy color="warning" />,
    REVOKED: <Block />,
};

/** The status as a chip with a word and an icon (never colour alone); the text keeps the theme's contrast. */
export function ApiCredentialStatus({ status }: { status: CredentialStatus }) {
    const translate = useTranslate();
    return (
        <Chip
            size="small"
            variant="outlined"
            icon={icons[status]}
            label={translate(`app.apiAccess.status.${status}`)}
            data-status={status}
        />
    );
}
