import Delete from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import ManageAccounts from '@mui/icons-material/ManageAccountsOutlined';
import { Box, IconButton, Tooltip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactElement } from 'react';
import { SelectInput, useListContext, useRefresh, useTranslate } from 'react-admin';
import { EMPTY_VALUE } from '../../../domain/formatting';
import type { RolesAndScopes } from '../../../domain/contracts/back-office-users';
import type { AddEditUserFrom } from '../../../domain/tenantConfiguration';
import { AddEditElsewhereNotice } from '../../controls/AddEditElsewhereNotice';
import { BackOfficeTable, type TableColumn } from '../../controls/table';
import type {
    BackOfficeUserRecord,
    UserView,
} from '../../dataProviders/backOfficeUsersDataProvider';
import { useFormatters } from '../../settings/useFormatters';
import { useUserProfile } from '../../useUserProfile';
import { BackOfficeUserDialog, type UserDialogMode } from './BackOfficeUserDialog';
import { BackOfficeUserToolbar } from './BackOfficeUserToolbar';
import { userTypesFor } from './userDataForm';
import { deletableByViewer, mayActOnUser, userListAccess, type UserListAccess } from './userAccess';
import { useBackOfficeUserCalls } from './useBackOfficeUserCalls';
import { useDeleteUsers } from './useDeleteUsers';

export interface BackOfficeUserTableProps {
    view: UserView;
    addEditUserFrom: AddEditUserFrom | undefined;
    timeZone: string;
}

/** The row's buttons do not open the row: neither the table row's handler nor the card's link. */
const stop = {
    onClick: (event: { stopPropagation: () => void; preventDefault: () => void }) => {
        event.stopPropagation();
        event.preventDefault();
    },
    onKeyDown: (event: { stopPropagation: () => void }) => event.stopPropagation(),
};

/** The list's table, its toolbar, the row actions and the user dialog. */
export function BackOfficeUserTable({ view, addEditUserFrom, timeZone }: BackOfficeUserTableProps) {
    const translate = useTranslate();
    const format = useFormatters(timeZone);
    const refresh = useRefresh();
    const calls = useBackOfficeUserCalls();
    const { profile } = useUserProfile();
    const { selectedIds, data } = useListContext<BackOfficeUserRecord>();
    const [dialog, setDialog] = useState<{
        mode: UserDialogMode;
        user?: BackOfficeUserRecord;
    } | null>(null);
    const deleteUsers = useDeleteUsers();
    const access: UserListAccess = profile
        ? userListAccess(profile.actions, view, addEditUserFrom)
        : { add: false, editData: false, editPermissions: false, delete: false };
    const offered = useQuery<RolesAndScopes>({
        queryKey: ['app', 'rolesAndScopes', view.context, view.path ?? ''],
        queryFn: () => calls.getRolesAndScopes(view),
        staleTime: 60_000,
    });

    const columns = useMemo<TableColumn<BackOfficeUserRecord>[]>(() => {
        const mayOn = (code: string, user: BackOfficeUserRecord) =>
            profile !== undefined &&
            mayActOnUser(
                profile.actions,
                code,
                view,
                user.permissions.map((p) => p.path),
            );
        const name = (user: BackOfficeUserRecord) => `${user.firstName} ${user.lastName}`;
        return [
            {
                key: 'lastName',
                title: 'app.users.name',
                sortable: true,
                render: (user) => `${user.lastName}, ${user.firstName}`,
            },
            { key: 'email', sortable: true },
            {
                key: 'type',
                sortable: true,
                render: (user) => translate(`app.users.types.${user.type}`),
            },
            {
                key: 'permissions',
                render: (user) =>
                    user.permissions.length === 0
                        ? EMPTY_VALUE
                        : user.permissions.map((permission) => (
                              <Box key={permission.id} component="span" sx={{ display: 'block' }}>
                                  {`${permission.roleName} (${permission.scopeName || translate('app.users.allScopes')})`}
                              </Box>
                          )),
            },
            {
                key: 'lastLogin',
                sortable: true,
                render: (user) =>
                    user.lastLogin
                        ? format.dateTime(user.lastLogin)
                        : translate('app.profile.notLoggedIn'),
            },
            { key: 'created', sortable: true, render: (user) => format.date(user.created) },
            {
                key: 'actions',
                title: 'app.users.actions',
                interactive: true,
                align: 'right',
                render: (user) => {
                    const buttons: ReactElement[] = [];
                    const button = (
                        key: string,
                        label: string,
                        icon: ReactElement,
                        onClick: () => void,
                    ) => (
                        <Tooltip key={key} title={label}>
                            <IconButton size="small" aria-label={label} onClick={onClick}>
                                {icon}
                            </IconButton>
                        </Tooltip>
                    );
                    if (access.editData && mayOn('u:bo-user', user)) {
                        buttons.push(
                            button(
                                'data',
                                translate('app.users.editData', { name: name(user) }),
                                <Edit fontSize="small" />,
                                () => setDialog({ mode: 'editData', user }),
                            ),
                        );
                    }
                    if (access.editPermissions && mayOn('u:bo-user', user)) {
                        buttons.push(
                            button(
                                'permissions',
                                translate('app.users.editPermissions', { name: name(user) }),
                                <ManageAccounts fontSize="small" />,
                                () => setDialog({ mode: 'editPermissions', user }),
                            ),
                        );
                    }
                    if (
                        access.delete &&
                        mayOn('d:bo-user', user) &&
                        deletableByViewer([user], profile?.id).length > 0
                    ) {
                        buttons.push(
                            button(
                                'delete',
                                translate('app.users.delete', { name: name(user) }),
                                <Delete fontSize="small" />,
                                () => deleteUsers([user]),
                            ),
                        );
                    }
                    return (
                        <Box
                            component="span"
                            sx={{ display: 'inline-flex', whiteSpace: 'nowrap' }}
                            {...stop}
                        >
                            {buttons}
                        </Box>
                    );
                },
            },
        ];
    }, [
        translate,
        format,
        access.editData,
        access.editPermissions,
        access.delete,
        profile,
        view,
        deleteUsers,
    ]);

    const filters = useMemo(
        () => [
            <SelectInput
                key="type"
                source="type"
                label="resources.backoffice.fields.type"
                choices={userTypesFor(view.context).map((type) => ({
                    id: type,
                    name: translate(`app.users.types.${type}`),
                }))}
            />,
            <SelectInput
                key="roleId"
                source="roleId"
                label="app.users.role"
                choices={(offered.data?.roles ?? []).map((role) => ({
                    id: role.id,
                    name: role.name,
                }))}
            />,
        ],
        [translate, view.context, offered.data],
    );
    const selected = deletableByViewer(
        (data ?? []).filter((user) => selectedIds.includes(user.id)),
        profile?.id,
    );

    return (
        <>
            <AddEditElsewhereNotice where={access.addEditElsewhere} />
            <BackOfficeUserToolbar
                view={view}
                mayAdd={access.add}
                onAdd={() => setDialog({ mode: 'create' })}
                selected={access.delete ? selected : []}
                onDeleteSelected={() => deleteUsers(selected)}
            />
            <BackOfficeTable
                tableId="backofficeUsers"
                columns={columns}
                syncWithUrl
                selectable={access.delete}
                rowLink={(user) => `/users/profile/${encodeURIComponent(String(user.id))}`}
                filters={filters}
            />
            {dialog && (
                <BackOfficeUserDialog
                    open
                    mode={dialog.mode}
                    {...(dialog.user ? { user: dialog.user } : {})}
                    view={view}
                    onClose={() => setDialog(null)}
                    onSaved={refresh}
                />
            )}
        </>
    );
}
