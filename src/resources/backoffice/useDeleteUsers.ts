import { useCallback } from 'react';
import { useDataProvider, useRefresh, useUnselectAll } from 'react-admin';
import type { BackOfficeUserRecord } from '../../dataProviders/backOfficeUsersDataProvider';
import { useAppDialog } from '../../layout/dialogs/useAppDialog';

/**
 * Deleting one or several users (`DELETE /api/v2/users`, one call) after a confirmation that
 * names them; the identity goes with them and their sessions end (server side).
 */
export function useDeleteUsers(): (users: readonly BackOfficeUserRecord[]) => void {
    const dataProvider = useDataProvider();
    const dialog = useAppDialog();
    const refresh = useRefresh();
    const unselectAll = useUnselectAll('backoffice');
    return useCallback(
        (users) => {
            if (users.length === 0) return;
            const names = users
                .map((user) => `${user.firstName} ${user.lastName} (${user.email})`)
                .join(', ');
            const remove = async () => {
                try {
                    await dataProvider.deleteMany('backoffice', {
                        ids: users.map((user) => user.id),
                    });
                    unselectAll();
                    refresh();
                    dialog.open({
                        type: 'success',
                        messageKey: 'app.users.deleted',
                        values: { count: users.length },
                    });
                } catch {
                    dialog.open({ type: 'error', descriptionKey: 'app.userErrors.deleteFailed' });
                }
            };
            dialog.open({
                type: 'warning',
                messageKey: 'app.users.deleteConfirm',
                descriptionKey: 'app.users.deleteWarning',
                values: { count: users.length, names },
                submit: { labelKey: 'ra.action.delete', onSubmit: () => void remove() },
            });
        },
        [dataProvider, dialog, refresh, unselectAll],
    );
}
