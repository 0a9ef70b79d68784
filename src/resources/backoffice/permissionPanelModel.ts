import type { AppContext } from '../../../domain/enums';
import type {
    RolesAndScopes,
    ScopeOption,
    UserPermission,
} from '../../../domain/contracts/back-office-users';
import type { PermissionRule } from '../../../domain/permissionEditing';
import { autoSelection, roleOptions, scopeOptionBlocker } from '../../../domain/permissionDialog';
import type {
    EditableRole,
    PermissionEditing,
    PermissionRow,
} from '../../../domain/permissionRows';
import type { ProfileActions } from '../../../domain/permissions';

/**
 * The permissions panel's model over domain/permissionDialog.ts: the editing situation from the
 * roles and scopes the server offers and the user's assignments, and each row's choices.
 */

/**
 * The editing situation. Roles the user holds but the caller is not offered are added (with
 * their own scope as visibility) so that their rows show and can be removed where allowed.
 */
export function editingOf(
    editor: ProfileActions,
    context: AppContext,
    offered: RolesAndScopes,
    permissions: readonly UserPermission[],
): PermissionEditing {
    const roles: EditableRole[] = offered.roles.map(({ id, name, contexts, visibilityPath }) => ({
        id,
        name,
        contexts,
        visibilityPath,
    }));
    for (const permission of permissions) {
        if (!roles.some((role) => role.id === permission.roleId)) {
            roles.push({
                id: permission.roleId,
                name: permission.roleName,
                contexts: permission.contexts,
                visibilityPath: permission.path,
            });
        }
    }
    return {
        editor,
        context,
        roles,
        current: permissions.map(({ id, roleId, path }) => ({ id, roleId, path })),
    };
}

/** Scopes to show: the offered ones plus those the user holds (named as the user's permissions name them). */
export function scopesOf(
    offered: RolesAndScopes,
    permissions: readonly UserPermission[],
): ScopeOption[] {
    const scopes = [...offered.scopes];
    for (const permission of permissions) {
        if (!scopes.some((scope) => scope.path === permission.path))
            scopes.push({
                path: permission.path,
                name: permission.scopeName,
                scope: permission.scope,
            });
    }
    return scopes;
}

/** The roles a row's select lists: the allowed ones, and the row's own role even when it is no longer offered. */
export function rowRoleOptions(
    editing: PermissionEditing,
    rows: readonly PermissionRow[],
    rowIndex: number,
): EditableRole[] {
    const options = roleOptions(editing, rows, rowIndex);
    const own = editing.roles.find((role) => role.id === rows[rowIndex]?.roleId);
    return own && !options.includes(own) ? [own, ...options] : options;
}

export interface ScopeChoice {
    scope: ScopeOption;
    /** Why it cannot be toggled; null when it can. */
    blocker: PermissionRule | null;
}

/** Rules that say the scope does not belong to the role at all: such scopes are not listed for it. */
const notForRole: readonly PermissionRule[] = ['SCOPE_LEVEL', 'SCOPE_OUTSIDE_ROLE'];

/**
 * The scopes of a row: those fitting its role, each with the rule that disables it (shell §5).
 * A chosen scope always shows and may be unchosen, unless the editor may not remove it.
 */
export function rowScopeChoices(
    editing: PermissionEditing,
    rows: readonly PermissionRow[],
    rowIndex: number,
    scopes: readonly ScopeOption[],
): ScopeChoice[] {
    const row = rows[rowIndex];
    if (!row || row.roleId === null) return [];
    return scopes
        .map((scope) => {
            const blocker = scopeOptionBlocker(editing, rows, rowIndex, scope.path);
            // A chosen scope may always be unchosen, unless the user holds it and the editor may not remove it.
            const chosen = row.paths.includes(scope.path);
            return {
                scope,
                blocker: chosen && blocker !== 'NO_REMOVE_PERMISSION' ? null : blocker,
            };
        })
        .filter(
            ({ scope, blocker }) =>
                row.paths.includes(scope.path) || blocker === null || !notForRole.includes(blocker),
        );
}

/**
 * Row `rowIndex` after the automatic choices of shell §5: without a role it gets the only role
 * there is; with a role and no scope, the only selectable scope. Applied when a row is added or
 * its role changes, never while the user removes scopes.
 */
export function autoSelectRow(
    editing: PermissionEditing,
    rows: readonly PermissionRow[],
    rowIndex: number,
    scopes: readonly ScopeOption[],
): PermissionRow[] {
    const next = rows.map((row) => ({ ...row, paths: [...row.paths] }));
    const row = next[rowIndex];
    if (!row) return next;
    if (row.roleId === null)
        row.roleId = autoSelection(roleOptions(editing, next, rowIndex))?.id ?? null;
    if (row.roleId !== null && row.paths.length === 0) {
        const only = autoSelection(
            rowScopeChoices(editing, next, rowIndex, scopes).filter(
                (choice) => choice.blocker === null,
            ),
        );
        if (only) row.paths = [only.scope.path];
    }
    return next;
}
