/**
 * Scope paths (spec-decisions: Scope paths): dot-separated segments
 * `tenantId.countryCode.groupId.internalDepotId[.subcontractorId]`.
 * The empty path on a tenant-context role means "all tenants".
 * Matching is by whole segments, never by raw string prefix (`t1` does not cover `t10`).
 */

const SCOPE_SEPARATOR = '.';

export function splitScopePath(path: string): string[] {
    return path === '' ? [] : path.split(SCOPE_SEPARATOR);
}

export function joinScopePath(segments: readonly string[]): string {
    return segments.join(SCOPE_SEPARATOR);
}

/** True when `scope` covers `target`: every segment of `scope` equals the same segment of `target`. */
export function scopeCovers(scope: string, target: string): boolean {
    // Whole segments: `target` is `scope` itself or continues it after a separator.
    return (
        scope === '' ||
        (target.startsWith(scope) &&
            (target.length === scope.length || target[scope.length] === SCOPE_SEPARATOR))
    );
}

/** True when one path covers the other, in either direction (used to filter trees both ways). */
export function scopesOverlap(a: string, b: string): boolean {
    return scopeCovers(a, b) || scopeCovers(b, a);
}

export function depotScopePath(
    tenantId: string,
    countryCode: string,
    groupId: string,
    internalDepotId: string,
): string {
    return joinScopePath([tenantId, countryCode, groupId, internalDepotId]);
}

export function subcontractorScopePath(depotPath: string, subcontractorId: string): string {
    return joinScopePath([...splitScopePath(depotPath), subcontractorId]);
}

/** A valid id segment: no separator, no whitespace, not empty. */
function isScopeSegment(value: string): boolean {
    return /^[A-Za-z0-9_-]+$/.test(value);
}

export function isScopePath(value: string): boolean {
    return value === '' || splitScopePath(value).every(isScopeSegment);
}
