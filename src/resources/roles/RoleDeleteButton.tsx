import { darken } from '@mui/material/styles';
import {
    DeleteWithConfirmButton,
    useNotify,
    useRecordContext,
    useRedirect,
    useResourceContext,
    useTranslate,
    type HttpError,
} from 'react-admin';
import type { Role } from '../../../domain/contracts/roles';
import { useRecordNotice } from '../../notifications/useRecordNotice';

/**
 * Deletes the role after a confirmation saying it is irreversible (domain §5 Roles). A role
 * still assigned to users is refused by the server (ROLE_IS_ASSIGNED_TO_USER): the message says so.
 * A deletion says which role went (the shared record notice), then goes to the list.
 */
export function RoleDeleteButton() {
    const role = useRecordContext<Role>();
    const notify = useNotify();
    const translate = useTranslate();
    const notice = useRecordNotice();
    const redirect = useRedirect();
    const resource = useResourceContext();
    if (!role) return null;
    const onError = (error: unknown) => {
        const code = (error as HttpError | undefined)?.body?.code as string | undefined;
        notify(
            code === 'ROLE_IS_ASSIGNED_TO_USER'
                ? 'app.roles.delete.assigned'
                : 'app.roles.delete.failed',
            { type: 'error', messageArgs: { name: role.name } },
        );
    };
    return (
        <DeleteWithConfirmButton
            mutationMode="pessimistic"
            confirmTitle={translate('app.roles.delete.title', { name: role.name })}
            confirmContent={translate('app.roles.delete.content')}
            confirmColor="warning"
            mutationOptions={{
                onError,
                onSuccess: () => {
                    notice('deleted', role);
                    redirect('list', resource);
                },
            }}
            redirect="list"
            // The theme's error red is too light for small text on the toolbar's grey (WCAG AA).
            sx={{ color: (theme) => darken(theme.palette.error.dark, 0.2) }}
        />
    );
}
