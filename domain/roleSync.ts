import type {
    RoleChange,
    RoleSyncContent,
    RoleSyncReason,
    SyncedRole,
} from './contracts/backoffice-actions.js';
import { scopesOverlap } from './scopePath.js';

/**
 * Role sync between environments (Backoffice actions, domain §2): one environment exports its
 * roles as a signed file, another previews and imports it.
 *
 * - Exported: every role as stored: the technical roles (no organisation) and every
 *   organisation's own roles.
 * - Matched: technical roles by id (they keep fixed ids, domain/roles.ts); an organisation's role
 *   by organisation id and name (trimmed, ignoring case), since its id is random per environment.
 * - Technical roles are never written by an import: they come with the release and are restored
 *   at every boot. They are compared only, so the preview shows when two environments differ.
 * - Nothing is ever deleted: roles missing from the file stay as they are.
 *
 * The file, preview and result shapes are in domain/contracts/backoffice-actions.ts.
 */

/**
 * The canonical serialisation that is signed: JSON without white space, object keys sorted by
 * code unit (as RFC 8785 does for our value types), array order kept, undefined members left out.
 */
export function canonicalJson(value: unknown): string {
    if (value === null || typeof value === 'string' || typeof value === 'boolean')
        return JSON.stringify(value);
    if (typeof value === 'number') {
        if (!Number.isFinite(value)) throw new TypeError('canonicalJson: numbers must be finite');
        return JSON.stringify(value);
    }
    if (Array.isArray(value))
        return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
    if (typeof value === 'object') {
        const entries = Object.entries(value as Record<string, unknown>)
            .filter(([, member]) => member !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`).join(',')}}`;
    }
    throw new TypeError(`canonicalJson: ${typeof value} cannot be serialised`);
}

/** The part of a file that its signature covers. */
export function roleSyncContent(file: RoleSyncContent & { signature?: string }): RoleSyncContent {
    const { format, formatVersion, environment, exportedAt, roles } = file;
    return { format, formatVersion, environment, exportedAt, roles };
}

/** How an organisation's role is recognised in another environment. */
const roleMatchName = (name: string) => name.trim().toLowerCase();

export function syncedRoleKey(role: { id: string; tenantId: string | null; name: string }): string {
    return role.tenantId === null ? role.id : `${role.tenantId}/${role.name.trim()}`;
}

/** Keys (or organisation and name) that occur more than once in a file: such a file is malformed. */
export function duplicateSyncedRoles(roles: readonly SyncedRole[]): string[] {
    const seen = new Set<string>();
    const duplicates = new Set<string>();
    for (const role of roles) {
        for (const identity of [
            `key:${role.key}`,
            role.technical
                ? `id:${role.key}`
                : `name:${role.tenantId ?? ''}/${roleMatchName(role.name)}`,
        ]) {
            if (seen.has(identity)) duplicates.add(role.key);
            seen.add(identity);
        }
    }
    return [...duplicates];
}

/** A role as stored here, with where it is assigned. */
export interface RoleHere {
    id: string;
    tenantId: string | null;
    name: string;
    contexts: readonly string[];
    actions: readonly string[];
    visibilityPath: string;
    version: number;
    assignedPaths: readonly string[];
}

export interface RoleSyncTarget {
    roles: readonly RoleHere[];
    tenantIds: ReadonlySet<string>;
    isKnownAction(code: string): boolean;
    /** The role rules broken by an organisation's role definition here (empty when valid). */
    definitionProblems(role: SyncedRole): string[];
}

const sameSet = (a: readonly string[], b: readonly string[]) => {
    const first = new Set(a);
    return first.size === new Set(b).size && b.every((item) => first.has(item));
};
const minus = (a: readonly string[], b: readonly string[]) => a.filter((item) => !b.includes(item));

/** The preview: what importing `file` would do here, role by role, in the file's order. */
export function planRoleSync(
    fileRoles: readonly SyncedRole[],
    target: RoleSyncTarget,
): RoleChange[] {
    const byId = new Map(target.roles.map((role) => [role.id, role]));
    const byName = new Map(
        target.roles
            .filter((role) => role.tenantId !== null)
            .map((role) => [`${role.tenantId}/${roleMatchName(role.name)}`, role]),
    );
    const technicalNames = new Set(
        target.roles
            .filter((role) => role.tenantId === null)
            .map((role) => roleMatchName(role.name)),
    );

    return fileRoles.map((incoming): RoleChange => {
        const here = incoming.technical
            ? byId.get(incoming.key)
            : byName.get(`${incoming.tenantId ?? ''}/${roleMatchName(incoming.name)}`);
        const existing = here && (here.tenantId === null) === incoming.technical ? here : undefined;
        const base: RoleChange = {
            key: incoming.key,
            name: incoming.name,
            tenantId: incoming.tenantId,
            technical: incoming.technical,
            kind: 'unchanged',
            roleId: existing?.id ?? null,
            nameBefore: existing && existing.name !== incoming.name ? existing.name : null,
            addedActions: minus(incoming.actions, existing?.actions ?? []),
            removedActions: existing ? minus(existing.actions, incoming.actions) : [],
            contextsBefore: existing ? [...existing.contexts] : null,
            contextsAfter: [...incoming.contexts],
            visibilityPathBefore: existing?.visibilityPath ?? null,
            visibilityPathAfter: incoming.visibilityPath,
        };
        const same =
            existing !== undefined &&
            existing.name === incoming.name &&
            existing.visibilityPath === incoming.visibilityPath &&
            sameSet(existing.contexts, incoming.contexts) &&
            sameSet(existing.actions, incoming.actions);
        const skip = (reason: RoleSyncReason, reasonDetails?: string[]): RoleChange => ({
            ...base,
            kind: 'skipped',
            reason,
            ...(reasonDetails ? { reasonDetails } : {}),
        });
        const conflict = (reason: RoleSyncReason, reasonDetails: string[]): RoleChange => ({
            ...base,
            kind: 'conflict',
            reason,
            reasonDetails,
        });

        if (incoming.technical) return same ? base : skip('TECHNICAL_ROLE');
        if (incoming.tenantId === null || !target.tenantIds.has(incoming.tenantId))
            return skip('TENANT_NOT_FOUND');
        const unknown = incoming.actions.filter((code) => !target.isKnownAction(code));
        if (unknown.length > 0) return skip('UNKNOWN_ACTIONS', unknown);
        if (same) return base;

        const problems = target.definitionProblems(incoming);
        if (problems.length > 0) return conflict('INVALID_ROLE', problems);
        if (!existing) {
            return technicalNames.has(roleMatchName(incoming.name))
                ? conflict('DUPLICATE_ROLE_NAME', [incoming.name])
                : { ...base, kind: 'create' };
        }
        if (existing.assignedPaths.length > 0) {
            const droppedContexts = minus(existing.contexts, incoming.contexts);
            if (droppedContexts.length > 0)
                return conflict('ROLE_IS_ASSIGNED_TO_USER', droppedContexts);
            const outside = existing.assignedPaths.filter(
                (path) => !scopesOverlap(incoming.visibilityPath, path),
            );
            if (outside.length > 0) return conflict('ROLE_IS_ASSIGNED_TO_USER', outside);
        }
        return { ...base, kind: 'update' };
    });
}

/** Whether an import of this plan may go ahead (no conflicts). */
export const roleSyncApplicable = (changes: readonly RoleChange[]) =>
    changes.every((change) => change.kind !== 'conflict');
