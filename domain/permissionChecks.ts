import { actionDefinition } from './actions.js';
import type { AppContext } from './enums.js';
import {
    ADMIN_ACTION,
    isAdmin,
    isSubcontractorPath,
    isSuperAdmin,
    minimalPrefixes,
    SUPER_ADMIN_ACTION,
    TENANT_ADMIN_ACTION,
    type ProfileActions,
} from './permissions.js';
import { scopeCovers, scopesOverlap } from './scopePath.js';

/**
 * Action checks (shell §6, domain §6): the one implementation the server and the browser call.
 *
 * A grant is a set of scope subtrees ("regions"): a code held on a path covers that path and
 * everything below it (missing trailing segments are wildcards), matched by whole segments.
 * Admins pass every check; a tenant admin passes every check under the paths where it holds
 * `tenant-admin` ('' = all tenants). Tenant checks read TENANT entries, depot checks DEPOT
 * and SUBCONTRACTOR entries. A code is granted only where its `requires` are granted too,
 * and `grantedWith` codes add to its region (domain/actions.ts).
 */

/** What a check is about: the admin context, or a scope path in the tenant or depot context ('' or absent = everything). */
export type PermissionTarget =
    { context: 'admin' } | { context: 'tenant' | 'depot'; path?: string };

type Region = string[];

function entriesOf(actions: ProfileActions, context: 'tenant' | 'depot'): [string, string[]][] {
    if (context === 'tenant') return Object.entries(actions.TENANT);
    // A subcontractor user is scoped to their subcontractor: only five-part paths count.
    const subcontractor = Object.entries(actions.SUBCONTRACTOR).filter(([path]) =>
        isSubcontractorPath(path),
    );
    return [...Object.entries(actions.DEPOT), ...subcontractor];
}

function tenantAdminRegion(actions: ProfileActions): Region {
    return Object.entries(actions.TENANT)
        .filter(([, codes]) => codes.includes(TENANT_ADMIN_ACTION))
        .map(([path]) => path);
}

function intersect(a: Region, b: Region): Region {
    const result: string[] = [];
    for (const left of a) {
        for (const right of b) {
            if (scopeCovers(left, right)) result.push(right);
            else if (scopeCovers(right, left)) result.push(left);
        }
    }
    return minimalPrefixes(result);
}

function regionOf(
    actions: ProfileActions,
    code: string,
    context: 'tenant' | 'depot',
    seen: ReadonlySet<string>,
): Region {
    if (seen.has(code)) return []; // a dependency cycle grants nothing
    const trail = new Set([...seen, code]);
    const definition = actionDefinition(code);
    let region = [
        ...tenantAdminRegion(actions),
        ...entriesOf(actions, context)
            .filter(([, codes]) => codes.includes(code))
            .map(([path]) => path),
    ];
    for (const source of definition?.grantedWith ?? [])
        region.push(...regionOf(actions, source, context, trail));
    region = minimalPrefixes(region);
    for (const required of definition?.requires ?? [])
        region = intersect(region, regionOf(actions, required, context, trail));
    return region;
}

function markerCheck(actions: ProfileActions, code: string): boolean | undefined {
    if (code === ADMIN_ACTION) return isAdmin(actions);
    if (code === SUPER_ADMIN_ACTION) return isSuperAdmin(actions);
    return undefined;
}

/**
 * Where `code` is granted in a context: `'ALL'` (admins, all-tenant tenant admins, '' scopes)
 * or the minimal path prefixes. Feeds SQL scope filters and scope pickers.
 */
export function grantedScopes(
    actions: ProfileActions,
    code: string,
    context: AppContext,
): 'ALL' | string[] {
    const marker = markerCheck(actions, code);
    if (marker !== undefined) return marker ? 'ALL' : [];
    if (isAdmin(actions)) return 'ALL';
    if (context === 'admin') return [];
    const region = regionOf(actions, code, context, new Set());
    return region.includes('') ? 'ALL' : region;
}

function pathOf(target: PermissionTarget): string {
    return target.context === 'admin' ? '' : (target.path ?? '');
}

/**
 * True when `code` is granted for the WHOLE target: a grant covers the target path (data access
 * on one entity, or a tenant-wide page). `admin` and `super-admin` are checked as markers: only
 * admins (super admins) hold them, tenant admins do not.
 */
export function can(actions: ProfileActions, code: string, target: PermissionTarget): boolean {
    const scopes = grantedScopes(actions, code, target.context);
    const path = pathOf(target);
    return scopes === 'ALL' || scopes.some((scope) => scopeCovers(scope, path));
}

/**
 * True when `code` is granted somewhere under the target, or above it (menus, page entry: "the
 * user may use this feature somewhere under the selected scope"). Data must still be filtered
 * with `grantedScopes` or checked per entity with `can`.
 */
export function canAnywhereUnder(
    actions: ProfileActions,
    code: string,
    target: PermissionTarget,
): boolean {
    const scopes = grantedScopes(actions, code, target.context);
    const path = pathOf(target);
    return scopes === 'ALL' || scopes.some((scope) => scopesOverlap(scope, path));
}

/** True when `code` is granted anywhere in any context (the coarse "has this feature at all"). */
export function canSomewhere(actions: ProfileActions, code: string): boolean {
    return (['admin', 'tenant', 'depot'] as const).some((context) =>
        canAnywhereUnder(actions, code, { context }),
    );
}

/**
 * The subcontractor scopes (five-part paths) the user holds as a subcontractor user, optionally
 * only those under `under` (a depot path). Their last segment is the subcontractor id.
 */
export function subcontractorScopesOf(actions: ProfileActions, under = ''): string[] {
    return Object.keys(actions.SUBCONTRACTOR)
        .filter((path) => isSubcontractorPath(path) && scopeCovers(under, path))
        .sort();
}
