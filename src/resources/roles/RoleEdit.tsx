import { Alert } from '@mui/material';
import { Edit, SaveButton, SimpleForm, Toolbar, useRecordContext, useTranslate } from 'react-admin';
import type { Role } from '../../../domain/contracts/roles';
import { useSavedRecordNotice } from '../../notifications/useRecordNotice';
import { roleUpdateBodyOf } from './roleActions';
import { RoleDeleteButton } from './RoleDeleteButton';
import { RoleInputs } from './RoleInputs';
import { useRolePermissions } from './useRolePermissions';
import { useRoleSaveError } from './useRoleSaveError';

function RoleEditToolbar() {
    const role = useRecordContext<Role>();
    const { canDelete } = useRolePermissions();
    return (
        <Toolbar sx={{ justifyContent: 'space-between' }}>
            <SaveButton />
            {canDelete(role) && <RoleDeleteButton />}
        </Toolbar>
    );
}

function RoleEditForm() {
    const role = useRecordContext<Role>();
    const translate = useTranslate();
    const { tenantId, canEdit } = useRolePermissions();
    if (!role) return null;
    if (!canEdit(role))
        return (
            <Alert severity="info">
                {translate(role.technical ? 'app.roles.technicalNote' : 'app.roles.readOnly')}
            </Alert>
        );
    return (
        <SimpleForm toolbar={<RoleEditToolbar />} noValidate>
            <RoleInputs tenantId={tenantId} />
        </SimpleForm>
    );
}

/** Changes a role; the save sends the version it was based on (409 STALE_RECORD when someone else saved first). */
export function RoleEdit() {
    const onError = useRoleSaveError();
    const onSuccess = useSavedRecordNotice('updated', 'show');
    return (
        <Edit
            transform={(data: Partial<Role>) => roleUpdateBodyOf(data)}
            mutationMode="pessimistic"
            redirect="show"
            mutationOptions={{ onError, onSuccess }}
        >
            <RoleEditForm />
        </Edit>
    );
}
