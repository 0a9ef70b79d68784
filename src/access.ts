import { canSomewhere } from '../domain/permissionChecks';
import { assignedScopes, isAdmin, type ProfileActions } from '../domain/permissions';
import { splitScopePath } from '../domain/scopePath';

/**
 * The browser's use of the shared permission model (domain/permissionChecks.ts) for menus,
 * guards and `canAccess`. It only decides what to show: the server enforces every rule again.
 */

/**
 * Feature codes a resource needs outside the admin context, any one of them (shell §6 features).
 * Resources not listed (`app-accounts-admin`, ...) are for admins only.
 */
const resourceFeatures: Record<string, readonly string[]> = {
    depots: ['r:depot-mgmt-list'],
    backoffice: ['r:bo-user'],
    tempDrivers: ['r:temp-driver'],
    'app-accounts': ['r:driver', 'r:temp-driver'],
    subcontractor: ['r:suco'],
    vehicles: ['r:suco'],
    subcontractorDrivers: ['r:driver'],
    roles: ['r:role'],
    'api-access-management': ['r:api-access-management'],
};

/** react-admin's `canAccess`: admins pass; others need one of the resource's features somewhere (pages filter by scope). */
export function canAccessResource(actions: ProfileActions, resource: string): boolean {
    if (isAdmin(actions)) return true;
    return (resourceFeatures[resource] ?? []).some((feature) => canSomewhere(actions, feature));
}

/**
 * Tenants in which the user holds any scope (any context); `'ALL'` for admins and all-tenant
 * scopes. Guards the tenant segment of depot routes (`/depot/:tenantId`).
 */
export function tenantsWithScopes(actions: ProfileActions): 'ALL' | string[] {
    const scopes = assignedScopes(actions);
    if (scopes === 'ALL') return 'ALL';
    return [
        ...new Set(
            scopes
                .map((path) => splitScopePath(path)[0])
                .filter((tenantId): tenantId is string => Boolean(tenantId)),
        ),
    ];
}
