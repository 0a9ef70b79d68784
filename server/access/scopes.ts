import {
    isAdmin,
    isSubcontractorPath,
    minimalPrefixes,
    type ProfileActions,
} from '../../domain/permissions.js';
import { scopeCovers } from '../../domain/scopePath.js';

/** Where a caller's rows may come from: everything, or the rows under these path prefixes (whole segments). */
export type ScopeSet = 'ALL' | string[];

/**
 * The part of `scopes` that lies under `path` (a request's explicit scope): a scope covering
 * the path narrows to the path, a scope under the path stays. No path (or '') keeps `scopes`;
 * an empty answer means the path is outside the caller's scopes.
 */
export function narrowScopes(scopes: ScopeSet, path: string | undefined): ScopeSet {
    if (path === undefined || path === '') return scopes;
    if (scopes === 'ALL') return [path];
    const narrowed: string[] = [];
    for (const scope of scopes) {
        if (scopeCovers(scope, path)) narrowed.push(path);
        else if (scopeCovers(path, scope)) narrowed.push(scope);
    }
    return minimalPrefixes(narrowed);
}

/** True when `path` lies under one of `scopes`. */
export function scopeSetCovers(scopes: ScopeSet, path: string): boolean {
    return scopes === 'ALL' || scopes.some((scope) => scopeCovers(scope, path));
}

/**
 * The scopes the scope tree (`GET /api/scopes`) may show: every scope the caller holds a role
 * on, like `assignedScopes`, except that a subcontractor-context role counts only on a
 * five-part path (the same rule as `visibleDepotScopes` and the action checks), so an
 * irregular subcontractor assignment on a depot or region never reveals its other
 * subcontractors.
 */
export function scopeTreeScopes(actions: ProfileActions): ScopeSet {
    if (isAdmin(actions)) return 'ALL';
    const paths = [
        ...Object.keys(actions.TENANT),
        ...Object.keys(actions.DEPOT),
        ...Object.keys(actions.SUBCONTRACTOR).filter(isSubcontractorPath),
    ];
    if (paths.includes('')) return 'ALL';
    return minimalPrefixes(paths);
}
