import { canSomewhere } from '../domain/permissionChecks';
import { assignedScopes, isAdmin, type ProfileActions } from '../domain/permissions';
import { splitScopePath } from '../domain/scopePath';

/**
 * The browser's use of the shared permission model (domain/permissionChecks.ts) for menus,
 * guards and `canAccess`. It only decides what to show: the server enforces every rule again.
 */

/** Feature code a resource needs outside the admin context (shell §6 features). */
const resourceFeatures: Record<string, string> = {
    depots: 'r:depot-mgmt-list',
};

/** react-admin's `canAccess`: admins pass; others need the resource's feature somewhere. Finer rules come with later resources. */
export function canAccessResource(actions: ProfileActions, resource: string): boolean {
    if (isAdmin(actions)) return true;
    const feature = resourceFeatures[resource];
    return feature !== undefined && canSomewhere(actions, feature);
}

/**
 * Tenants in which the user holds any scope (any context); `'ALL'` for admins and all-tenant
 * scopes. Guards the tenant segment of depot routes (`/depot/:tenantId`).
 */
export function tenantsWithScopes(actions: ProfileActions): 'ALL' | string[] {
    const scopes = assignedScopes(actions);
    if (scopes === 'ALL') return 'ALL';
    return [...new Set(scopes.map((path) => splitScopePath(path)[0]).filter((tenantId): tenantId is string => Boolean(tenantId)))];
}
