import Edit from '@mui/icons-material/EditOutlined';
import LockReset from '@mui/icons-material/LockReset';
import ManageAccounts from '@mui/icons-material/ManageAccountsOutlined';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { canEditBackOfficeUser } from '../../../domain/backOfficeUserEditing';
import { mayEditPermissionsOnProfilePage } from '../../../domain/permissionDialog';
import { isAdmin } from '../../../domain/permissions';
import type { UserProfile } from '../../../domain/contracts/profile';
import { recordOfProfile, type UserView } from '../../dataProviders/backOfficeUsersDataProvider';
import {
    BackOfficeUserDialog,
    type UserDialogMode,
} from '../../resources/backoffice/BackOfficeUserDialog';
import type { SelectedScope } from '../../scope/selectedScope';
import { useSelectedScope } from '../../scope/useSelectedScope';
import { useResetUserMfa } from './useResetUserMfa';

/**
 * The view the profile page's dialogs work in: the context last selected (its tenant or depot),
 * else the admin view for admins and the user's organisation for others.
 */
function profileDialogView(
    scope: SelectedScope,
    viewerIsAdmin: boolean,
    user: UserProfile,
): UserView {
    if (scope.type === 'DISTRIBUTION_CENTER' && scope.depotPath)
        return { context: 'depot', path: scope.depotPath };
    if (scope.type === 'TENANT' && scope.tenant)
        return { context: 'tenant', path: scope.tenant.id };
    if (viewerIsAdmin) return { context: 'admin' };
    const tenantId = user.tenants[0]?.id;
    return tenantId ? { context: 'tenant', path: tenantId } : { context: 'tenant' };
}

export interface UserProfileActionsProps {
    viewer: UserProfile;
    user: UserProfile;
    /** Reloads the profile after a save. */
    onSaved: () => void;
}

/**
 * Another user's profile (shell §2.4, §6): Edit (the user's data) and Reset two-step sign-in for
 * viewers who may update back-office users (the same reach on the server), and Edit permissions
 * for admins only.
 */
export function UserProfileActions({ viewer, user, onSaved }: UserProfileActionsProps) {
    const translate = useTranslate();
    const { scope } = useSelectedScope();
    const [mode, setMode] = useState<UserDialogMode | null>(null);
    const resetMfa = useResetUserMfa();
    const mayEdit = canEditBackOfficeUser(viewer.actions, user);
    const mayEditPermissions = mayEditPermissionsOnProfilePage(viewer.actions);
    if (!mayEdit && !mayEditPermissions) return null;
    const view = profileDialogView(scope, isAdmin(viewer.actions), user);
    return (
        <>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                {mayEdit && (
                    <Button
                        variant="outlined"
                        startIcon={<Edit />}
                        onClick={() => setMode('editData')}
                    >
                        {translate('ra.action.edit')}
                    </Button>
                )}
                {mayEdit && (
                    <Button
                        variant="outlined"
                        startIcon={<LockReset />}
                        onClick={() => resetMfa(user)}
                    >
                        {translate('app.mfa.reset.action')}
                    </Button>
                )}
                {mayEditPermissions && (
                    <Button
                        variant="outlined"
                        startIcon={<ManageAccounts />}
                        onClick={() => setMode('editPermissions')}
                    >
                        {translate('app.users.editPermissionsAction')}
                    </Button>
                )}
            </Stack>
            {mode && (
                <BackOfficeUserDialog
                    open
                    mode={mode}
                    user={recordOfProfile(user)}
                    view={view}
                    onClose={() => setMode(null)}
                    onSaved={onSaved}
                />
            )}
        </>
    );
}
