import {
    Box,
    Button,
    CircularProgress,
    Dialog,
    DialogActions,
    DialogContent,
    DialogTitle,
    Stack,
    useMediaQuery,
    type Theme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { RolesAndScopes } from '../../../domain/contracts/back-office-users';
import { submitBlockers } from '../../../domain/permissionDialog';
import { changeRequestOf, rowsOf, type PermissionRow } from '../../../domain/permissionRows';
import type { ProfileActions } from '../../../domain/permissions';
import type {
    BackOfficeUserRecord,
    UserView,
} from '../../dataProviders/backOfficeUsersDataProvider';
import { useAppDialog } from '../../layout/dialogs/useAppDialog';
import { useRecordNotice } from '../../notifications/useRecordNotice';
import { useUserProfile } from '../../useUserProfile';
import { autoSelectRow, editingOf, scopesOf } from './permissionPanelModel';
import { PermissionsPanel } from './PermissionsPanel';
import { useBackOfficeUserCalls } from './useBackOfficeUserCalls';
import { useResendInvitation } from './useResendInvitation';
import { UserDataPanel } from './UserDataPanel';
import {
    canSaveUserData,
    createBodyOf,
    emptyUserData,
    updateBodyOf,
    userDataOf,
    type UserDataValues,
} from './userDataForm';
import { saveErrorAlert } from './userSaveErrors';

/** The user dialog's three modes (shell §4, domain §4). */
export type UserDialogMode = 'create' | 'editData' | 'editPermissions';

export interface BackOfficeUserDialogProps {
    mode: UserDialogMode;
    /** The user to edit (edit modes). */
    user?: BackOfficeUserRecord;
    view: UserView;
    open: boolean;
    onClose: () => void;
    /** After a successful save (the dialog closes itself). */
    onSaved?: () => void;
}

const titleKeys: Record<UserDialogMode, string> = {
    create: 'app.users.createTitle',
    editData: 'app.users.editDataTitle',
    editPermissions: 'app.users.editPermissionsTitle',
};

/**
 * The user dialog (shell §2.1, §5): create = data and permissions side by side (80% wide, stacked
 * and full screen on extra-small screens), edit data or edit permissions = one panel (50%).
 * Enter submits when Save is enabled; Esc closes.
 */
export function BackOfficeUserDialog(props: BackOfficeUserDialogProps) {
    const { mode, user, view, open, onClose } = props;
    const translate = useTranslate();
    const titleId = useId();
    const extraSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.only('xs'));
    const calls = useBackOfficeUserCalls();
    const { profile } = useUserProfile();
    const needsPermissions = mode !== 'editData';
    const offered = useQuery<RolesAndScopes>({
        queryKey: ['app', 'rolesAndScopes', view.context, view.path ?? ''],
        queryFn: () => calls.getRolesAndScopes(view),
        enabled: open && needsPermissions,
        staleTime: 60_000,
    });
    const both = mode === 'create';
    const ready = profile !== undefined && (!needsPermissions || offered.data !== undefined);

    return (
        <Dialog
            open={open}
            onClose={onClose}
            aria-labelledby={titleId}
            fullWidth
            maxWidth={false}
            fullScreen={both && extraSmall}
            slotProps={{
                paper: { sx: { width: { md: both ? '80vw' : '50vw' }, maxWidth: 'none' } },
            }}
        >
            <DialogTitle id={titleId}>
                {translate(titleKeys[mode], {
                    name: user ? `${user.firstName} ${user.lastName}` : '',
                })}
            </DialogTitle>
            {ready ? (
                <UserDialogForm
                    {...props}
                    editor={profile.actions}
                    offered={offered.data ?? { roles: [], scopes: [] }}
                />
            ) : (
                <DialogContent sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
                    {offered.isError ? (
                        translate('app.alert.error')
                    ) : (
                        <CircularProgress aria-label={translate('ra.page.loading')} />
                    )}
                </DialogContent>
            )}
        </Dialog>
    );
}

interface UserDialogFormProps extends BackOfficeUserDialogProps {
    editor: ProfileActions;
    offered: RolesAndScopes;
}

function UserDialogForm({
    mode,
    user,
    view,
    onClose,
    onSaved,
    editor,
    offered,
}: UserDialogFormProps) {
    const translate = useTranslate();
    const dataProvider = useDataProvider();
    const calls = useBackOfficeUserCalls();
    const alert = useAppDialog();
    const notice = useRecordNotice('backoffice');
    const editing = editingOf(
        editor,
        view.context,
        offered,
        mode === 'create' ? [] : (user?.permissions ?? []),
    );
    const scopes = scopesOf(offered, mode === 'create' ? [] : (user?.permissions ?? []));
    const original = user && mode !== 'create' ? userDataOf(user) : null;
    const [values, setValues] = useState<UserDataValues>(original ?? emptyUserData);
    const [rows, setRows] = useState<PermissionRow[]>(() =>
        mode === 'create'
            ? autoSelectRow(editing, [{ roleId: null, paths: [] }], 0, scopes)
            : rowsOf(editing),
    );
    const [saving, setSaving] = useState(false);
    const invitation = useResendInvitation();
    const [attempted, setAttempted] = useState(false);

    const dataOk = mode === 'editPermissions' || canSaveUserData(values, original);
    const permissionsOk = mode === 'editData' || submitBlockers(editing, rows).length === 0;
    const enabled = dataOk && permissionsOk && !saving;

    const save = async () => {
        const operation =
            mode === 'create' ? 'add' : mode === 'editData' ? 'update' : 'permissions';
        setSaving(true);
        try {
            if (mode === 'create') {
                const { data } = await dataProvider.create('backoffice', {
                    data: createBodyOf(values, view, changeRequestOf(editing, rows)),
                });
                notice('created', data);
            } else if (mode === 'editData' && user) {
                const { data } = await dataProvider.update('backoffice', {
                    id: user.id,
                    data: updateBodyOf(values, user),
                    previousData: user,
                });
                notice('updated', data);
            } else if (user) {
                await calls.updatePermissions({
                    id: user.id,
                    context: view.context,
                    ...(view.path ? { path: view.path } : {}),
                    permissions: changeRequestOf(editing, rows),
                });
                notice('updated', user);
            }
            onClose();
            onSaved?.();
        } catch (error) {
            alert.open(
                saveErrorAlert(error, operation, {
                    email: values.email.trim(),
                    mobilePhone: values.mobilePhone.trim() || null,
                }),
            );
        } finally {
            setSaving(false);
        }
    };
    const onSubmit = (event: FormEvent) => {
        event.preventDefault();
        setAttempted(true);
        if (enabled) void save();
    };

    const dataPanel = (
        <UserDataPanel
            values={values}
            onChange={setValues}
            isNew={mode === 'create'}
            context={view.context}
            showAllErrors={attempted}
        />
    );
    const permissionsPanel = (
        <PermissionsPanel editing={editing} scopes={scopes} rows={rows} onChange={setRows} />
    );
    return (
        <Box
            component="form"
            noValidate
            onSubmit={onSubmit}
            sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
        >
            <DialogContent dividers>
                {mode === 'create' ? (
                    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
                        <Box sx={{ flex: '1 1 0', minWidth: 0 }}>{dataPanel}</Box>
                        <Box sx={{ flex: '1 1 0', minWidth: 0 }}>{permissionsPanel}</Box>
                    </Stack>
                ) : mode === 'editData' ? (
                    dataPanel
                ) : (
                    permissionsPanel
                )}
            </DialogContent>
            <DialogActions>
                {mode === 'editData' && user && user.lastLogin === null ? (
                    <Button
                        onClick={() => void invitation.resend(user)}
                        disabled={invitation.sending}
                        sx={{ mr: 'auto' }}
                    >
                        {translate('app.users.invitation.resend')}
                    </Button>
                ) : null}
                <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
                <Button type="submit" variant="contained" disabled={!enabled}>
                    {translate('ra.action.save')}
                </Button>
            </DialogActions>
        </Box>
    );
}
