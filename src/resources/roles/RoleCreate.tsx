import { Create, SimpleForm } from 'react-admin';
import type { Role } from '../../../domain/contracts/roles';
import { useSavedRecordNotice } from '../../notifications/useRecordNotice';
import { roleBodyOf } from './roleActions';
import { RoleInputs } from './RoleInputs';
import { useRolePermissions } from './useRolePermissions';
import { useRoleSaveError } from './useRoleSaveError';

/** A new role of the organisation in the route. */
export function RoleCreate() {
    const { tenantId } = useRolePermissions();
    const onError = useRoleSaveError();
    const onSuccess = useSavedRecordNotice('created', 'show');
    return (
        <Create
            transform={(data: Partial<Role>) => roleBodyOf(data, tenantId)}
            redirect="show"
            mutationOptions={{ onError, onSuccess }}
        >
            <SimpleForm
                noValidate
                defaultValues={{
                    name: '',
                    contexts: ['DEPOT'],
                    actions: [],
                    visibilityPath: tenantId,
                }}
            >
                <RoleInputs tenantId={tenantId} />
            </SimpleForm>
        </Create>
    );
}
