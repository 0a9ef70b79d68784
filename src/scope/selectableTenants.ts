import type { ScopeNode } from '../../domain/contracts/scopes';
import type { UserProfile } from '../../domain/contracts/profile';
import type { TenantRef } from './selectedScope';

/** The organisations of a scope tree: an ADMIN root stands for its children (shell §7). */
function tenantNodesOf(tree: ScopeNode): ScopeNode[] {
    if (tree.scope === 'TENANT') return [tree];
    return tree.children.filter((node) => node.scope === 'TENANT');
}

const byName = (a: TenantRef, b: TenantRef) =>
    a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/**
 * The organisations offered in the tenant view, sorted by name (shell §3): the profile's tenants
 * (those the user may enter with the tenant context), named as the scope tree names them when
 * it is loaded.
 */
export function selectableTenants(
    profile: Pick<UserProfile, 'tenants'>,
    tree: ScopeNode | null | undefined,
): TenantRef[] {
    const names = new Map(tree ? tenantNodesOf(tree).map((node) => [node.id, node.name]) : []);
    return profile.tenants
        .map((tenant) => ({ id: tenant.id, name: names.get(tenant.id) ?? tenant.name }))
        .sort(byName);
}
