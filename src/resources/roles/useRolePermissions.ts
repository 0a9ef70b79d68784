import { useParams } from 'react-router-dom';
import { can } from '../../../domain/permissionChecks';
import type { Role } from '../../../domain/contracts/roles';
import { useUserProfile } from '../../useUserProfile';

export interface RolePermissions {
    tenantId: string;
    canCreate: boolean;
    /** Technical roles are read-only for everyone. */
    canEdit: (role: Pick<Role, 'technical'> | undefined) => boolean;
    canDelete: (role: Pick<Role, 'technical'> | undefined) => boolean;
}

/** What the user may do with the roles of the organisation in the route (`c:role`, `u:role`, `d:role` on the whole organisation). */
export function useRolePermissions(): RolePermissions {
    const { tenantId = '' } = useParams<{ tenantId: string }>();
    const { profile } = useUserProfile();
    const allowed = (code: string) =>
        profile !== undefined &&
        tenantId !== '' &&
        can(profile.actions, code, { context: 'tenant', path: tenantId });
    const update = allowed('u:role');
    const remove = allowed('d:role');
    return {
        tenantId,
        canCreate: allowed('c:role'),
        canEdit: (role) => update && role !== undefined && !role.technical,
        canDelete: (role) => remove && role !== undefined && !role.technical,
    };
}
