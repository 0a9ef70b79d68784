import { useParams } from 'react-router-dom';
import { can } from '../../../domain/permissionChecks';
import { useUserProfile } from '../../useUserProfile';

/** The organisation in the route and whether the user may write its credentials (w:api-access-management on the whole organisation). */
export function useApiCredentialPermissions(): { tenantId: string; canWrite: boolean } {
    const { tenantId = '' } = useParams<{ tenantId: string }>();
    const { profile } = useUserProfile();
    const canWrite =
        profile !== undefined &&
        tenantId !== '' &&
        can(profile.actions, 'w:api-access-management', { context: 'tenant', path: tenantId });
    return { tenantId, canWrite };
}
