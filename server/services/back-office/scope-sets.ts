import { minimalPrefixes } from '../../../domain/permissions.js';
import { narrowScopes, type ScopeSet } from '../../access/scopes.js';

/** Everything under either set. */
export function unionScopes(a: ScopeSet, b: ScopeSet): ScopeSet {
    if (a === 'ALL' || b === 'ALL') return 'ALL';
    return minimalPrefixes([...a, ...b]);
}

/** What lies under both sets. */
export function intersectScopes(a: ScopeSet, b: ScopeSet): ScopeSet {
    if (a === 'ALL') return b;
    if (b === 'ALL') return a;
    return minimalPrefixes(b.flatMap((scope) => narrowScopes(a, scope)));
}
