import type { ErrorDetail } from './contracts/common.js';
import { isSubcontractorPath } from './permissions.js';
import {
    currentInContext,
    depotOf,
    findRole,
    isRoleInContext,
    isRoleVisibleTo,
    isSubcontractorRole,
    mayRemoveAt,
    resultingRows,
    scopeRuleFor,
    type PermissionEditing,
    type PermissionRow,
} from './permissionRows.js';
import type { PermissionChangeRequest } from './contracts/back-office-users.js';

/** The permission editing rules (shell §5, domain §5), each named so a 400 or a disabled option can say which. */
const permissionRuleMessages = {
    ROW_INCOMPLETE: 'A row needs a role and at least one scope before another row can be added.',
    ROWS_LOCKED_BY_SUBCONTRACTOR:
        'No further row can be added while a subcontractor scope is present.',
    NOTHING_TO_SUBMIT: 'At least one row with a scope is needed.',
    NO_CHANGE: 'At least one permission must be added or removed.',
    DUPLICATE_ROLE: 'A role may appear only once.',
    DUPLICATE_ASSIGNMENT: 'The permission is already assigned or listed twice.',
    ALL_TENANTS_EXCLUSIVE: 'A tenant role on all tenants cannot also have single-tenant scopes.',
    SUBCONTRACTOR_PER_DEPOT: 'Only one subcontractor scope per depot may be chosen.',
    NO_ASSIGN_PERMISSION: 'You may not assign permissions on this scope.',
    NO_REMOVE_PERMISSION: 'You may not remove permissions on this scope.',
    ROLE_NOT_AVAILABLE: 'The role is unknown or not available in this context.',
    ROLE_MIX: 'Subcontractor roles cannot be mixed with other roles.',
    SCOPE_OUTSIDE_ROLE: "The scope lies outside the role's visibility path.",
    SCOPE_LEVEL:
        'The scope does not fit the role (subcontractor scopes only for subcontractor roles, all tenants only for tenant roles).',
    UNKNOWN_PERMISSION: 'The permission to remove does not exist for this user.',
    REMOVAL_OUT_OF_CONTEXT: 'Only permissions of the current context can be removed.',
} as const;
export type PermissionRule = keyof typeof permissionRuleMessages;

/** One broken rule: `row` indexes the rows validated, `addIndex`/`removeIndex` the request's lists. */
export interface PermissionViolation {
    rule: PermissionRule;
    row?: number;
    roleId?: string;
    path?: string;
    permissionId?: string;
    addIndex?: number;
    removeIndex?: number;
}

const key = (roleId: string, path: string) => `${roleId}\n${path}`;
const isComplete = (row: PermissionRow): row is { roleId: string; paths: string[] } =>
    row.roleId !== null && row.paths.length > 0;

/**
 * Validates dialog rows (or the rows a request results in). Rules on single scopes apply to new
 * scopes only, rules between scopes only when one side is new: existing assignments never block
 * a change.
 */
export function validateRows(
    editing: PermissionEditing,
    rows: readonly PermissionRow[],
): PermissionViolation[] {
    const violations: PermissionViolation[] = [];
    const existing = new Set(currentInContext(editing).map((a) => key(a.roleId, a.path)));
    const isNew = (roleId: string, path: string) => !existing.has(key(roleId, path));
    const hasNew = (row: PermissionRow) =>
        row.roleId !== null && row.paths.some((path) => isNew(row.roleId as string, path));
    const complete = rows
        .map((row, index) => ({ row, index }))
        .filter(({ row }) => isComplete(row));
    if (complete.length === 0) violations.push({ rule: 'NOTHING_TO_SUBMIT' });

    const seenRoles = new Set<string>();
    const subcontractorByDepot = new Map<string, { path: string; fresh: boolean }>();
    for (const { row, index } of complete) {
        const roleId = row.roleId as string;
        if (seenRoles.has(roleId)) violations.push({ rule: 'DUPLICATE_ROLE', row: index, roleId });
        seenRoles.add(roleId);
        const role = findRole(editing, roleId);
        if (
            hasNew(row) &&
            (!role ||
                !isRoleInContext(role, editing.context) ||
                !isRoleVisibleTo(editing.editor, role, editing.context))
        ) {
            violations.push({ rule: 'ROLE_NOT_AVAILABLE', row: index, roleId });
            continue;
        }
        for (const path of row.paths) {
            const fresh = isNew(roleId, path);
            const rule = role && fresh ? scopeRuleFor(editing, role, path) : null;
            if (rule) violations.push({ rule, row: index, roleId, path });
            if (
                role?.contexts.includes('TENANT') &&
                path !== '' &&
                row.paths.includes('') &&
                (fresh || isNew(roleId, ''))
            ) {
                violations.push({ rule: 'ALL_TENANTS_EXCLUSIVE', row: index, roleId, path });
            }
            if (!isSubcontractorPath(path)) continue;
            const other = subcontractorByDepot.get(depotOf(path));
            if (!other) subcontractorByDepot.set(depotOf(path), { path, fresh });
            else if (other.path !== path && (fresh || other.fresh))
                violations.push({ rule: 'SUBCONTRACTOR_PER_DEPOT', row: index, roleId, path });
        }
    }

    // Between rows: the first existing row sets the kind; otherwise the first row.
    const known = complete.flatMap(({ row, index }) => {
        const role = findRole(editing, row.roleId);
        return role ? [{ row, index, subcontractor: isSubcontractorRole(role) }] : [];
    });
    const anchor = known.find(({ row }) => !hasNew(row)) ?? known[0];
    for (const { row, index, subcontractor } of known) {
        if (anchor && hasNew(row) && subcontractor !== anchor.subcontractor)
            violations.push({ rule: 'ROLE_MIX', row: index, roleId: row.roleId as string });
    }
    const locked =
        editing.context !== 'admin' &&
        complete.length > 1 &&
        complete.some(({ row }) => row.paths.some(isSubcontractorPath));
    const lockAnchor =
        complete.find(({ row }) => !hasNew(row)) ??
        complete.find(({ row }) => row.paths.some(isSubcontractorPath));
    for (const { row, index } of complete) {
        if (locked && index !== lockAnchor?.index && hasNew(row))
            violations.push({
                rule: 'ROWS_LOCKED_BY_SUBCONTRACTOR',
                row: index,
                roleId: row.roleId as string,
            });
    }
    return violations;
}

/** Rules of the request itself: something to change, no duplicates, removals of this user, context and editor. */
export function requestViolations(
    editing: PermissionEditing,
    request: PermissionChangeRequest,
): PermissionViolation[] {
    const violations: PermissionViolation[] = [];
    if (request.addPermissions.length === 0 && request.removePermissions.length === 0)
        violations.push({ rule: 'NO_CHANGE' });
    const removed = new Set(request.removePermissions);
    const seen = new Set<string>();
    request.addPermissions.forEach(({ roleId, path }, addIndex) => {
        const assigned = editing.current.some(
            (a) => a.roleId === roleId && a.path === path && !removed.has(a.id),
        );
        if (seen.has(key(roleId, path)) || assigned)
            violations.push({ rule: 'DUPLICATE_ASSIGNMENT', roleId, path, addIndex });
        seen.add(key(roleId, path));
    });
    const inContext = currentInContext(editing);
    request.removePermissions.forEach((permissionId, removeIndex) => {
        const assignment = editing.current.find((a) => a.id === permissionId);
        const at = { permissionId, removeIndex };
        if (!assignment) violations.push({ rule: 'UNKNOWN_PERMISSION', ...at });
        else if (!inContext.includes(assignment))
            violations.push({
                rule: 'REMOVAL_OUT_OF_CONTEXT',
                ...at,
                roleId: assignment.roleId,
                path: assignment.path,
            });
        else if (!mayRemoveAt(editing.editor, editing.context, assignment.path)) {
            violations.push({
                rule: 'NO_REMOVE_PERMISSION',
                ...at,
                roleId: assignment.roleId,
                path: assignment.path,
            });
        }
    });
    return violations;
}

/**
 * The server's check of `PUT /v2/users/{hashId}/permissions`: the request's own rules plus every
 * row rule on the rows it results in, each pointed at the addition it concerns. Empty = valid.
 */
export function validatePermissionChange(
    editing: PermissionEditing,
    request: PermissionChangeRequest,
): PermissionViolation[] {
    const rowViolations = validateRows(editing, resultingRows(editing, request)).map(
        ({ row: _row, ...violation }) => {
            const addIndex = request.addPermissions.findIndex(
                (a) =>
                    a.roleId === violation.roleId &&
                    (violation.path === undefined || a.path === violation.path),
            );
            return addIndex === -1 ? violation : { ...violation, addIndex };
        },
    );
    return [...requestViolations(editing, request), ...rowViolations];
}

/** Error details for a 400 answer, naming the addition or removal each violation concerns. */
export function permissionViolationDetails(
    violations: readonly PermissionViolation[],
): ErrorDetail[] {
    return violations.map((violation) => {
        const field =
            violation.addIndex !== undefined
                ? `/body/permissions/addPermissions/${violation.addIndex}`
                : violation.removeIndex !== undefined
                  ? `/body/permissions/removePermissions/${violation.removeIndex}`
                  : '/body/permissions';
        const where = [
            violation.roleId && `role ${violation.roleId}`,
            violation.path !== undefined && `scope '${violation.path}'`,
        ]
            .filter(Boolean)
            .join(', ');
        return {
            field,
            message: `${violation.rule}: ${permissionRuleMessages[violation.rule]}${where ? ` (${where})` : ''}`,
        };
    });
}
