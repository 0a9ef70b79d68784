import type { AppContext, RoleContext } from './enums.js';
import type { ProfileActions } from './contracts/profile.js';
import { scopeCovers, splitScopePath } from './scopePath.js';

/** The actions of a user's profile by context (declared with the profile's contract). */
export type { ProfileActions };

export const ADMIN_ACTION = 'admin';
export const SUPER_ADMIN_ACTION = 'super-admin';
export const TENANT_ADMIN_ACTION = 'tenant-admin';
/** Lets tenant users see every depot of their organisation (domain §6). */
const TENANT_DEPOTS_ACTION = 'r:tenant-dcs';

export interface AssignedRole {
    contexts: readonly RoleContext[];
    actions: readonly string[];
    scopePath: string;
}

export function emptyProfileActions(): ProfileActions {
    return { ADMIN: [], TENANT: {}, DEPOT: {}, SUBCONTRACTOR: {} };
}

function addActions(target: Record<string, string[]>, path: string, actions: readonly string[]) {
    target[path] = [...new Set([...(target[path] ?? []), ...actions])].sort();
}

/** Groups a user's role assignments into profile actions, one entry per context and scope path. */
export function buildProfileActions(assignments: readonly AssignedRole[]): ProfileActions {
    const result = emptyProfileActions();
    for (const { contexts, actions, scopePath } of assignments) {
        for (const context of contexts) {
            if (context === 'ADMIN')
                result.ADMIN = [...new Set([...result.ADMIN, ...actions])].sort();
            else addActions(result[context], scopePath, actions);
        }
    }
    return result;
}

export function isAdmin(actions: ProfileActions): boolean {
    return actions.ADMIN.includes(ADMIN_ACTION);
}

/** A super admin is an admin that also holds 'super-admin' (shell §6). */
export function isSuperAdmin(actions: ProfileActions): boolean {
    return isAdmin(actions) && actions.ADMIN.includes(SUPER_ADMIN_ACTION);
}

export const DEPOT_PATH_LENGTH = 4;
const SUBCONTRACTOR_PATH_LENGTH = 5;

/** A subcontractor scope: `tenant.country.group.depot.subcontractor` (domain §3: five parts). */
export function isSubcontractorPath(path: string): boolean {
    return splitScopePath(path).length === SUBCONTRACTOR_PATH_LENGTH;
}

/** The depot part of a path: at most its first four segments. */
function depotPart(path: string): string {
    return splitScopePath(path).slice(0, DEPOT_PATH_LENGTH).join('.');
}

function isTenantAdmin(actions: ProfileActions): boolean {
    return Object.values(actions.TENANT).some((codes) => codes.includes(TENANT_ADMIN_ACTION));
}

const hasEntries = (record: Record<string, string[]>) => Object.keys(record).length > 0;

/**
 * The contexts a user may work in (shell §6): admins see admin, tenant and depot; tenant
 * admins tenant and depot; others tenant and depot when they hold such actions; subcontractor
 * users see depots.
 */
export function contextsOf(actions: ProfileActions): AppContext[] {
    if (isAdmin(actions)) return ['admin', 'tenant', 'depot'];
    if (isTenantAdmin(actions)) return ['tenant', 'depot'];
    const contexts: AppContext[] = [];
    if (hasEntries(actions.TENANT)) contexts.push('tenant');
    if (hasEntries(actions.DEPOT) || hasEntries(actions.SUBCONTRACTOR)) contexts.push('depot');
    return contexts;
}

/**
 * Scope paths under which the user may see depots: `'ALL'` for admins, otherwise a list of
 * path prefixes. Tenant-level scopes reveal a whole organisation only to tenant admins and
 * holders of r:tenant-dcs; depot scopes reveal what they cover (a depot role on a
 * subcontractor path reveals its depot); a subcontractor scope reveals its depot, and only a
 * five-part subcontractor path counts as one.
 */
export function visibleDepotScopes(actions: ProfileActions): 'ALL' | string[] {
    if (isAdmin(actions)) return 'ALL';
    const prefixes = new Set<string>();
    for (const [path, codes] of Object.entries(actions.TENANT)) {
        if (codes.includes(TENANT_ADMIN_ACTION) || codes.includes(TENANT_DEPOTS_ACTION)) {
            if (path === '') return 'ALL';
            prefixes.add(path);
        }
    }
    for (const path of Object.keys(actions.DEPOT)) {
        if (path === '') return 'ALL';
        prefixes.add(depotPart(path));
    }
    for (const path of Object.keys(actions.SUBCONTRACTOR)) {
        if (isSubcontractorPath(path)) prefixes.add(depotPart(path));
    }
    return minimalPrefixes([...prefixes]);
}

/** Drops prefixes already covered by a shorter one. */
export function minimalPrefixes(paths: string[]): string[] {
    const sorted = [...new Set(paths)].sort(
        (a, b) => splitScopePath(a).length - splitScopePath(b).length,
    );
    const kept: string[] = [];
    for (const path of sorted)
        if (!kept.some((prefix) => scopeCovers(prefix, path))) kept.push(path);
    return kept.sort();
}

/** Tenant ids in which the user has the tenant context; `'ALL'` for admins and all-tenant scopes. */
export function tenantIdsOf(actions: ProfileActions): 'ALL' | string[] {
    if (isAdmin(actions)) return 'ALL';
    const ids = new Set<string>();
    for (const path of Object.keys(actions.TENANT)) {
        if (path === '') return 'ALL';
        const [tenantId] = splitScopePath(path);
        if (tenantId) ids.add(tenantId);
    }
    return [...ids].sort();
}

/**
 * Every scope the user holds any role on (any context), reduced to the shortest prefixes;
 * `'ALL'` for admins and all-tenant scopes. Feeds the scope tree and scope selectors.
 */
export function assignedScopes(actions: ProfileActions): 'ALL' | string[] {
    if (isAdmin(actions)) return 'ALL';
    const paths = [
        ...Object.keys(actions.TENANT),
        ...Object.keys(actions.DEPOT),
        ...Object.keys(actions.SUBCONTRACTOR),
    ];
    if (paths.includes('')) return 'ALL';
    return minimalPrefixes(paths);
}
