import { useEffect } from 'react';
import { Navigate, Outlet, useParams } from 'react-router-dom';
import type { UserProfile } from '../../domain/contracts/profile';
import { tenantsWithScopes } from '../access';
import { selectTenant } from '../selectedTenant';
import { useUserProfile } from '../useUserProfile';
import { ProfileFallback } from './ProfileFallback';

/** On the tenant view, the tenants of the user's tenant context; on the depot view, any tenant the user holds a scope in. */
function mayEnter(
    profile: UserProfile,
    context: 'tenant' | 'depot',
    tenantId: string | undefined,
): boolean {
    if (!tenantId) return false;
    if (context === 'tenant') return profile.tenants.some((tenant) => tenant.id === tenantId);
    const tenants = tenantsWithScopes(profile.actions);
    return tenants === 'ALL' || tenants.includes(tenantId);
}

/**
 * Guards `/tenant/:tenantId` and `/depot/:tenantId`: a tenant that is not the user's leads to the
 * error page (shell §2.8). Entering a tenant route selects its tenant.
 */
export function RequireTenant({ context }: { context: 'tenant' | 'depot' }) {
    const { tenantId } = useParams<{ tenantId: string }>();
    const { profile, isPending } = useUserProfile();
    const allowed = profile !== undefined && mayEnter(profile, context, tenantId);
    useEffect(() => {
        if (allowed && context === 'tenant' && tenantId) selectTenant(tenantId);
    }, [allowed, context, tenantId]);
    if (!profile) return <ProfileFallback isPending={isPending} />;
    return allowed ? <Outlet /> : <Navigate to="/error/noPermission" replace />;
}
