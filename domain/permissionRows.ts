import type { AppContext, RoleContext } from './enums.js';
import { can, grantedScopes, type PermissionTarget } from './permissionChecks.js';
import { DEPOT_PATH_LENGTH, isSubcontractorPath, type ProfileActions } from './permissions.js';
import { isScopePath, scopeCovers, scopesOverlap, splitScopePath } from './scopePath.js';
import type { PermissionChangeRequest } from './contracts/back-office-users.js';

/**
 * The permission editing model (shell §5, domain §5) shared by the user dialog and the
 * server: rows of one role with its scopes, derived from and turned back into the change
 * request `{ addPermissions: [{ path, roleId }], removePermissions: [ids] }`.
 */
export interface EditableRole {
    id: string;
    name: string;
    contexts: readonly RoleContext[];
    /** Where the role may be assigned: a scope path prefix ('' = everywhere). */
    visibilityPath: string;
}

export interface UserAssignment {
    id: string;
    roleId: string;
    path: string;
}

export interface PermissionRow {
    roleId: string | null;
    paths: string[];
}

/** Who edits whose permissions, where. `roles` must include every role the edited user holds. */
export interface PermissionEditing {
    editor: ProfileActions;
    context: AppContext;
    roles: readonly EditableRole[];
    /** All assignments of the edited user, in every context. */
    current: readonly UserAssignment[];
}

/** Role contexts offered in each dialog context; subcontractor roles in the tenant and depot dialogs. */
const roleContextsFor: Record<AppContext, readonly RoleContext[]> = {
    admin: ['ADMIN'],
    tenant: ['TENANT', 'SUBCONTRACTOR'],
    depot: ['DEPOT', 'SUBCONTRACTOR'],
};

export function isRoleInContext(role: EditableRole, context: AppContext): boolean {
    return role.contexts.some((roleContext) => roleContextsFor[context].includes(roleContext));
}

/** A subcontractor role is assigned on subcontractor scopes only, and is never mixed with other roles. */
export function isSubcontractorRole(role: EditableRole): boolean {
    return role.contexts.includes('SUBCONTRACTOR');
}

const targetFor = (context: AppContext, path: string): PermissionTarget =>
    context === 'admin' ? { context } : { context, path };

/** The editor holds can-assign-permission for the whole scope. */
export function mayAssignAt(editor: ProfileActions, context: AppContext, path: string): boolean {
    return can(editor, 'can-assign-permission', targetFor(context, path));
}

/** Removing needs can-remove-permission or can-assign-permission for the whole scope. */
export function mayRemoveAt(editor: ProfileActions, context: AppContext, path: string): boolean {
    return (
        can(editor, 'can-remove-permission', targetFor(context, path)) ||
        mayAssignAt(editor, context, path)
    );
}

/** A role is offered when its visibility path overlaps a scope where the editor may assign. */
export function isRoleVisibleTo(
    editor: ProfileActions,
    role: EditableRole,
    context: AppContext,
): boolean {
    const scopes = grantedScopes(editor, 'can-assign-permission', context);
    return scopes === 'ALL' || scopes.some((scope) => scopesOverlap(scope, role.visibilityPath));
}

export function findRole(
    editing: PermissionEditing,
    roleId: string | null,
): EditableRole | undefined {
    return editing.roles.find((role) => role.id === roleId);
}

/** The edited user's assignments that belong to the dialog's context (removals apply only to these). */
export function currentInContext(editing: PermissionEditing): UserAssignment[] {
    return editing.current.filter((assignment) => {
        const role = findRole(editing, assignment.roleId);
        return role !== undefined && isRoleInContext(role, editing.context);
    });
}

/** The dialog's starting rows: one per role of the current context, with its scopes. */
export function rowsOf(editing: PermissionEditing): PermissionRow[] {
    const rows: PermissionRow[] = [];
    for (const { roleId, path } of currentInContext(editing)) {
        const row = rows.find((candidate) => candidate.roleId === roleId);
        if (row) row.paths.push(path);
        else rows.push({ roleId, paths: [path] });
    }
    return rows;
}

/** The change request that turns the current assignments of the context into `rows`. */
export function changeRequestOf(
    editing: PermissionEditing,
    rows: readonly PermissionRow[],
): PermissionChangeRequest {
    const current = currentInContext(editing);
    const wanted = rows.flatMap((row) =>
        row.roleId === null
            ? []
            : row.paths.map((path) => ({ path, roleId: row.roleId as string })),
    );
    const isCurrent = (roleId: string, path: string) =>
        current.some((a) => a.roleId === roleId && a.path === path);
    const isWanted = (roleId: string, path: string) =>
        wanted.some((w) => w.roleId === roleId && w.path === path);
    const addPermissions = wanted.filter(
        (w, index) =>
            !isCurrent(w.roleId, w.path) &&
            wanted.findIndex((o) => o.roleId === w.roleId && o.path === w.path) === index,
    );
    return {
        addPermissions,
        removePermissions: current.filter((a) => !isWanted(a.roleId, a.path)).map((a) => a.id),
    };
}

/** The rows of the context after applying `request` (the server validates these). */
export function resultingRows(
    editing: PermissionEditing,
    request: PermissionChangeRequest,
): PermissionRow[] {
    const removed = new Set(request.removePermissions);
    const rows = rowsOf({
        ...editing,
        current: editing.current.filter((assignment) => !removed.has(assignment.id)),
    });
    for (const { roleId, path } of request.addPermissions) {
        const row = rows.find((candidate) => candidate.roleId === roleId);
        if (!row) rows.push({ roleId, paths: [path] });
        else if (!row.paths.includes(path)) row.paths.push(path);
    }
    return rows;
}

/** The depot a subcontractor scope belongs to. */
export function depotOf(path: string): string {
    return splitScopePath(path).slice(0, DEPOT_PATH_LENGTH).join('.');
}

/**
 * The scope's shape must fit the role: a valid path of at most five parts; '' only on admin and
 * tenant-context roles (admin scope, all tenants); subcontractor scopes exactly for subcontractor
 * roles; admin roles only on ''.
 */
function scopeShapeFits(role: EditableRole, context: AppContext, path: string): boolean {
    if (!isScopePath(path) || splitScopePath(path).length > 5) return false;
    if (context === 'admin') return path === '';
    if (path === '') return role.contexts.includes('TENANT') && !isSubcontractorRole(role);
    return isSubcontractorRole(role) === isSubcontractorPath(path);
}

/** Rules on one new scope of a role that do not depend on the other rows. */
export function scopeRuleFor(editing: PermissionEditing, role: EditableRole, path: string) {
    if (!scopeShapeFits(role, editing.context, path)) return 'SCOPE_LEVEL' as const;
    if (!scopeCovers(role.visibilityPath, path)) return 'SCOPE_OUTSIDE_ROLE' as const;
    if (!mayAssignAt(editing.editor, editing.context, path)) return 'NO_ASSIGN_PERMISSION' as const;
    return null;
}
