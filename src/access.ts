import { assignedScopes, type ProfileActions } from '../domain/permissions';
import { splitScopePath } from '../domain/scopePath';
import { currentContextOf } from './layout/navigation';
import { canAccessScreen } from './screens/registry';
import { screens } from './screens/list';

/**
 * The browser's use of the shared permission model (domain/permissionChecks.ts) for menus,
 * guards and `canAccess`. It only decides what to show: the server enforces every rule again.
 */

/**
 * react-admin's `canAccess` (shell §6): the action's rule in the resource's screen
 * (src/screens/list.ts), checked in the context and organisation of `pathname` when it names
 * one. Admins pass; others need one of the action's features there.
 */
export function canAccessAction(
    actions: ProfileActions,
    resource: string,
    action: string,
    pathname?: string,
): boolean {
    const current = pathname === undefined ? null : currentContextOf(pathname);
    const place = current ? { context: current.context, tenantId: current.tenantId } : undefined;
    return canAccessScreen(screens, actions, { resource, action, place });
}

/** Whether the user may open a resource's list somewhere (any context, any organisation). */
export function canAccessResource(actions: ProfileActions, resource: string): boolean {
    return canAccessAction(actions, resource, 'list');
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
