import { useCallback } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { UserProfile } from '../../../domain/contracts/profile';
import type { AppDataProvider } from '../../dataProviders';
import { refusalReason } from '../../dataProviders/apiError';
import { useAppDialog } from '../../layout/dialogs/useAppDialog';

/**
 * Resetting another user's two-step sign-in (issue 13 point 13) after a confirmation that names
 * them: the server turns it off and ends their sessions, so their next sign-in asks for no code
 * (or sets up a new authenticator when they must have one). A success notice names the user; a
 * refusal says the server's reason.
 */
export function useResetUserMfa(): (user: UserProfile) => void {
    const dataProvider = useDataProvider<AppDataProvider>();
    const dialog = useAppDialog();
    const notify = useNotify();
    return useCallback(
        (user) => {
            const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
            const reset = async () => {
                try {
                    await dataProvider.resetUserMfa(user.id);
                    notify('app.mfa.reset.done', { type: 'success', messageArgs: { name } });
                } catch (error) {
                    dialog.open({
                        type: 'error',
                        messageKey: 'app.mfa.reset.failed',
                        descriptionKey: refusalReason(error) ?? 'app.alert.error',
                    });
                }
            };
            dialog.open({
                type: 'warning',
                messageKey: 'app.mfa.reset.confirm',
                descriptionKey: 'app.mfa.reset.warning',
                values: { name },
                submit: { labelKey: 'app.mfa.reset.submit', onSubmit: () => void reset() },
            });
        },
        [dataProvider, dialog, notify],
    );
}
