import { useCallback, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { refusalReason } from '../../dataProviders/apiError';
import type { AppDataProvider } from '../../dataProviders';
import { useAppDialog } from '../../layout/dialogs/useAppDialog';

/**
 * Sends a user who has not signed in yet a new invitation with a new temporary password
 * (`POST /api/v2/users/:hashId/invitation`, issue 13 point 14); a success notice names the
 * address, a refusal (e.g. the user already chose a password) says the server's reason.
 */
export function useResendInvitation(): {
    resend: (user: { id: string; email: string }) => Promise<void>;
    sending: boolean;
} {
    const notify = useNotify();
    const dataProvider = useDataProvider<AppDataProvider>();
    const dialog = useAppDialog();
    const [sending, setSending] = useState(false);
    const resend = useCallback(
        async (user: { id: string; email: string }) => {
            setSending(true);
            try {
                await dataProvider.resendInvitation(user.id);
                notify('app.users.invitation.resent', {
                    type: 'success',
                    messageArgs: { email: user.email },
                });
            } catch (error) {
                dialog.open({
                    type: 'error',
                    messageKey: 'app.users.invitation.failed',
                    descriptionKey: refusalReason(error) ?? 'app.alert.error',
                });
            } finally {
                setSending(false);
            }
        },
        [dataProvider, dialog, notify],
    );
    return { resend, sending };
}
