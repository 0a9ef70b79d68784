import type {
    RolesAndScopes,
    ScopeOption,
} from '../../../../domain/contracts/back-office-users.js';
import type { ScopeNode } from '../../../../domain/contracts/scopes.js';
import { grantedScopes } from '../../../../domain/permissionChecks.js';
import type { ProfileActions } from '../../../../domain/permissions.js';
import {
    isRoleInContext,
    isRoleVisibleTo,
    mayAssignAt,
} from '../../../../domain/permissionRows.js';
import { scopeCovers, scopesOverlap, splitScopePath } from '../../../../domain/scopePath.js';
import { narrowScopes } from '../../../access/scopes.js';
import type { Queryable } from '../../../db/client.js';
import { buildScopeTree } from '../scope-tree.js';
import type { View } from './access.js';
import { editableRoles } from './user-repository.js';

export const ASSIGN = 'can-assign-permission';

const flatten = (node: ScopeNode): ScopeNode[] => [node, ...node.children.flatMap(flatten)];

/**
 * What the user dialog may offer in `view` (domain §7): the roles of the view's organisation
 * (technical ones too) in its context and visible to the caller, and the scopes under the view
 * path where the caller holds can-assign-permission ('' = all tenants, or the admin scope).
 */
export async function rolesAndScopesFor(
    db: Queryable,
    actions: ProfileActions,
    view: View,
): Promise<RolesAndScopes> {
    const tenantId = view.context === 'admin' ? null : (splitScopePath(view.path)[0] ?? null);
    const roles = (await editableRoles(db, tenantId))
        .filter(
            (role) =>
                isRoleInContext(role, view.context) && isRoleVisibleTo(actions, role, view.context),
        )
        .map(({ id, name, contexts, visibilityPath, actions: codes }) => ({
            id,
            name,
            contexts,
            visibilityPath,
            actions: codes,
        }));
    if (view.context === 'admin')
        return { roles, scopes: [{ path: '', name: 'ADMIN', scope: 'ADMIN' }] };
    const assignable = narrowScopes(grantedScopes(actions, ASSIGN, view.context), view.path);
    const tree = await buildScopeTree(db, assignable, 5);
    const nodes = flatten(tree).filter(
        (node) =>
            node.path !== '' &&
            scopeCovers(view.path, node.path) &&
            (assignable === 'ALL' || assignable.some((scope) => scopesOverlap(scope, node.path))),
    );
    const scopes: ScopeOption[] = nodes.map((node) => ({
        path: node.path,
        name: node.name,
        scope: node.scope,
    }));
    if (view.context === 'tenant' && mayAssignAt(actions, 'tenant', ''))
        scopes.unshift({ path: '', name: 'All tenants', scope: 'ADMIN' });
    return { roles, scopes };
}
