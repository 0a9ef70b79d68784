import { useCallback } from 'react';
import { useDataProvider, useRefresh, useUnselectAll } from 'react-admin';
import { refusalReason } from '../../dataProviders/apiError';
import type { BackOfficeUserRecord } from '../../dataProviders/backOfficeUsersDataProvider';
import { useAppDialog } from '../../layout/dialogs/useAppDialog';
import { useRecordNoticeText } from '../../notifications/useRecordNotice';

/**
 * Deleting one or several users (`DELETE /api/v2/users`, one call) after a confirmation that
 * names them; the identity goes with them and their sessions end (server side). A refusal
 * says the server's reason.
 */
export function useDeleteUsers(): (users: readonly BackOfficeUserRecord[]) => void {
    const dataProvider = useDataProvider();
    const dialog = useAppDialog();
    const refresh = useRefresh();
    const unselectAll = useUnselectAll('backoffice');
    const noticeText = useRecordNoticeText('backoffice');
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
                    // One user is named ("User Anna Schmidt deleted"), several are counted.
                    const [only] = users;
                    const notice =
                        users.length === 1 && only ? noticeText('deleted', only) : undefined;
                    dialog.open({
                        type: 'success',
                        messageKey: notice?.key ?? 'app.users.deleted',
                        values: notice?.values ?? { count: users.length },
                    });
                } catch (error) {
                    // The server's reason when it refused (e.g. deleting oneself), else the generic text.
                    dialog.open({
                        type: 'error',
                        messageKey: 'app.userErrors.deleteFailed',
                        descriptionKey: refusalReason(error) ?? 'app.alert.error',
                    });
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
        [dataProvider, dialog, refresh, unselectAll, noticeText],
    );
}
