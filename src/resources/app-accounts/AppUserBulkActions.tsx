import { Button } from '@mui/material';
import {
    useDeleteMany,
    useListContext,
    useNotify,
    useRefresh,
    useResourceContext,
    useTranslate,
    useUpdateMany,
} from 'react-admin';
import { useAppDialog } from '../../layout/dialogs/useAppDialog';
import { errorDescriptionKey } from './fleetErrors';

export interface AppUserBulkRights {
    activate: boolean;
    deactivate: boolean;
    delete: boolean;
}

/**
 * Activate, deactivate or delete the selected accounts, each in one call (domain §4:
 * `PUT /api/users/active|inactive`, `DELETE /api/v2/users`); deleting asks first.
 */
export function AppUserBulkActions({ rights }: { rights: AppUserBulkRights }) {
    const translate = useTranslate();
    const resource = useResourceContext() ?? '';
    const { selectedIds, onUnselectItems } = useListContext();
    const [updateMany, { isPending: isUpdating }] = useUpdateMany();
    const [deleteMany, { isPending: isDeleting }] = useDeleteMany();
    const dialog = useAppDialog();
    const notify = useNotify();
    const refresh = useRefresh();
    if (selectedIds.length === 0) return null;
    const count = selectedIds.length;
    const busy = isUpdating || isDeleting;
    const done = (messageKey: string) => () => {
        onUnselectItems();
        refresh();
        notify(messageKey, { type: 'success', messageArgs: { smart_count: count } });
    };
    const failed = (error: unknown) =>
        dialog.open({
            type: 'error',
            messageKey: 'app.fleet.activationFailed',
            descriptionKey: errorDescriptionKey('user', error),
        });
    const setActive = (active: boolean) =>
        updateMany(
            resource,
            { ids: selectedIds, data: { active } },
            {
                mutationMode: 'pessimistic',
                onSuccess: done(active ? 'app.fleet.activated' : 'app.fleet.deactivated'),
                onError: failed,
            },
        );
    const remove = () =>
        dialog.open({
            type: 'warning',
            messageKey: 'app.fleet.deleteConfirm',
            values: { smart_count: count },
            submit: {
                labelKey: 'ra.action.delete',
                onSubmit: () =>
                    deleteMany(
                        resource,
                        { ids: selectedIds },
                        {
                            mutationMode: 'pessimistic',
                            onSuccess: done('app.fleet.deleted'),
                            onError: (error) =>
                                dialog.open({
                                    type: 'error',
                                    descriptionKey: errorDescriptionKey('user', error),
                                }),
                        },
                    ),
            },
        });
    return (
        <>
            {rights.activate && (
                <Button
                    variant="outlined"
                    size="small"
                    disabled={busy}
                    onClick={() => setActive(true)}
                >
                    {translate('app.fleet.activate', { smart_count: count })}
                </Button>
            )}
            {rights.deactivate && (
                <Button
                    variant="outlined"
                    size="small"
                    disabled={busy}
                    onClick={() => setActive(false)}
                >
                    {translate('app.fleet.deactivate', { smart_count: count })}
                </Button>
            )}
            {rights.delete && (
                <Button
                    variant="outlined"
                    size="small"
                    color="error"
                    disabled={busy}
                    onClick={remove}
                >
                    {translate('app.fleet.delete', { smart_count: count })}
                </Button>
            )}
        </>
    );
}
