import { authorizationErrors, type AuthorizationErrorCode, type ErrorPageCode } from './errors.js';
import { can, canAnywhereUnder, type PermissionTarget } from './permissionChecks.js';
import { contextsOf, DEPOT_PATH_LENGTH, type ProfileActions } from './permissions.js';
import { splitScopePath } from './scopePath.js';

/**
 * Which authorization failure applies (domain §6: "no page permission, no data permission,
 * no depot permission at all, and the selected depot being out of scope"), checked in order:
 *
 * 1. `NO_DC_PERMISSION`: a depot target, and the user has no depot context at all.
 * 2. `NO_PERMISSION`: the feature is granted nowhere in the target's context (the page).
 * 3. `CHANGE_SCOPE`: granted elsewhere, but nowhere in the selected scope of the target: its
 *    depot (first four segments) in the depot context, its tenant in the tenant context.
 * 4. `NO_DATA_PERMISSION`: granted within the selected scope, but not for the target itself
 *    (another subcontractor of the depot, a depot of the group outside the grant).
 *
 * `coverage: 'whole'` (default) needs the grant to cover the target (`can`); `'some'` accepts a
 * grant anywhere under it (`canAnywhereUnder`, for pages listing filtered data).
 */
export function authorizationFailure(
    actions: ProfileActions,
    code: string,
    target: PermissionTarget,
    coverage: 'whole' | 'some' = 'whole',
): AuthorizationErrorCode | null {
    if (target.context === 'admin') return can(actions, code, target) ? null : 'NO_PERMISSION';
    if (target.context === 'depot' && !contextsOf(actions).includes('depot'))
        return 'NO_DC_PERMISSION';
    if (!canAnywhereUnder(actions, code, { context: target.context })) return 'NO_PERMISSION';
    const segments = splitScopePath(target.path ?? '');
    const selected = segments
        .slice(0, target.context === 'depot' ? DEPOT_PATH_LENGTH : 1)
        .join('.');
    if (!canAnywhereUnder(actions, code, { context: target.context, path: selected }))
        return 'CHANGE_SCOPE';
    const granted =
        coverage === 'whole' ? can(actions, code, target) : canAnywhereUnder(actions, code, target);
    return granted ? null : 'NO_DATA_PERMISSION';
}

/** The browser error page for a failure (changeScope shows a scope selector). */
export function authorizationPageCode(failure: AuthorizationErrorCode): ErrorPageCode {
    return authorizationErrors[failure].pageCode;
}
