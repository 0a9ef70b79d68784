import { useParams } from 'react-router-dom';
import { can, canAnywhereUnder } from '../../../domain/permissionChecks';
import type { PermissionTarget } from '../../../domain/permissionChecks';
import { useUserProfile } from '../../useUserProfile';
import type { Depot } from '../../../domain/contracts/depots';

export interface DepotPermissions {
    /** The organisation of the route (`/tenant/:tenantId/...`), or undefined in the administration. */
    tenantId: string | undefined;
    /** c:depot somewhere in the context (admins: everywhere). */
    canCreate: boolean;
    /** u:depot covering the depot's region. */
    canEdit: (depot: Pick<Depot, 'tenantId' | 'countryCode' | 'groupId'> | undefined) => boolean;
}

/** What the user may do with depots in the current context (the server checks again). */
export function useDepotPermissions(): DepotPermissions {
    const { tenantId } = useParams<{ tenantId?: string }>();
    const { profile } = useUserProfile();
    const actions = profile?.actions;
    const target: PermissionTarget = { context: 'tenant', path: tenantId ?? '' };
    return {
        tenantId,
        canCreate: actions !== undefined && canAnywhereUnder(actions, 'c:depot', target),
        canEdit: (depot) =>
            actions !== undefined &&
            depot !== undefined &&
            can(actions, 'u:depot', {
                context: 'tenant',
                path: [depot.tenantId, depot.countryCode, depot.groupId].join('.'),
            }),
    };
}
