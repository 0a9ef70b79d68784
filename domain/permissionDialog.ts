import {
    requestViolations,
    validateRows,
    type PermissionRule,
    type PermissionViolation,
} from './permissionEditing.js';
import { isAdmin, isSubcontractorPath, type ProfileActions } from './permissions.js';
import {
    changeRequestOf,
    currentInContext,
    depotOf,
    findRole,
    isRoleInContext,
    isRoleVisibleTo,
    isSubcontractorRole,
    mayRemoveAt,
    scopeRuleFor,
    type EditableRole,
    type PermissionEditing,
    type PermissionRow,
} from './permissionRows.js';

/**
 * What the user dialog enables (shell §5, domain §5). Each function answers with the rule that
 * blocks, or null, so the dialog can disable an option and say why.
 */

/** Only an admin may edit another user's permissions on the profile page (shell §6). */
export function mayEditPermissionsOnProfilePage(actions: ProfileActions): boolean {
    return isAdmin(actions);
}

/**
 * Roles offered for row `rowIndex`: of the dialog's context, visible to the editor (visibility
 * path), not used by another row, and of the same kind (subcontractor or not) as the other rows.
 */
export function roleOptions(
    editing: PermissionEditing,
    rows: readonly PermissionRow[],
    rowIndex: number,
): EditableRole[] {
    const others = rows
        .filter((_row, index) => index !== rowIndex)
        .map((row) => findRole(editing, row.roleId))
        .filter((role): role is EditableRole => role !== undefined);
    return editing.roles.filter(
        (role) =>
            isRoleInContext(role, editing.context) &&
            isRoleVisibleTo(editing.editor, role, editing.context) &&
            !others.some((other) => other.id === role.id) &&
            others.every((other) => isSubcontractorRole(other) === isSubcontractorRole(role)),
    );
}

/** Why another row cannot be added, or null. */
export function addRowBlocker(
    editing: PermissionEditing,
    rows: readonly PermissionRow[],
): PermissionRule | null {
    if (rows.some((row) => row.roleId === null || row.paths.length === 0)) return 'ROW_INCOMPLETE';
    if (editing.context !== 'admin' && rows.some((row) => row.paths.some(isSubcontractorPath)))
        return 'ROWS_LOCKED_BY_SUBCONTRACTOR';
    if (roleOptions(editing, [...rows, { roleId: null, paths: [] }], rows.length).length === 0)
        return 'ROLE_NOT_AVAILABLE';
    return null;
}

/**
 * Why scope `path` is disabled in row `rowIndex`, or null when it may be toggled. A scope the user
 * already holds needs the right to remove it; a new one the right to assign it, a shape fitting
 * the role, no all-tenants scope in the row and no other subcontractor of the same depot.
 */
export function scopeOptionBlocker(
    editing: PermissionEditing,
    rows: readonly PermissionRow[],
    rowIndex: number,
    path: string,
): PermissionRule | null {
    const row = rows[rowIndex];
    const role = findRole(editing, row?.roleId ?? null);
    if (!row || !role) return 'ROW_INCOMPLETE';
    const held = currentInContext(editing).some((a) => a.roleId === role.id && a.path === path);
    if (held)
        return mayRemoveAt(editing.editor, editing.context, path) ? null : 'NO_REMOVE_PERMISSION';
    const rule = scopeRuleFor(editing, role, path);
    if (rule) return rule;
    if (role.contexts.includes('TENANT') && path !== '' && row.paths.includes(''))
        return 'ALL_TENANTS_EXCLUSIVE';
    const otherSubcontractor = rows.some((other) =>
        other.paths.some(
            (p) => isSubcontractorPath(p) && p !== path && depotOf(p) === depotOf(path),
        ),
    );
    if (isSubcontractorPath(path) && otherSubcontractor) return 'SUBCONTRACTOR_PER_DEPOT';
    return null;
}

/** The option to select automatically: the only one there is (shell §5), else undefined. */
export function autoSelection<T>(options: readonly T[]): T | undefined {
    return options.length === 1 ? options[0] : undefined;
}

/** Everything that blocks submitting the dialog; empty = the submit button is enabled. */
export function submitBlockers(
    editing: PermissionEditing,
    rows: readonly PermissionRow[],
): PermissionViolation[] {
    return [
        ...validateRows(editing, rows),
        ...requestViolations(editing, changeRequestOf(editing, rows)),
    ];
}
