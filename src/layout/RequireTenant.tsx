import { Navigate, Outlet, useParams } from 'react-router-dom';
import { useUserProfile } from '../useUserProfile';
import { ProfileFallback } from './ProfileFallback';

/** Guards `/tenant/:tenantId`: a tenant that is not among the user's tenants leads to the error page (shell §2.8). */
export function RequireTenant() {
    const { tenantId } = useParams<{ tenantId: string }>();
    const { profile, isPending } = useUserProfile();
    if (!profile) return <ProfileFallback isPending={isPending} />;
    return profile.tenants.some((tenant) => tenant.id === tenantId) ? <Outlet /> : <Navigate to="/error/noPermission" replace />;
}
