import type { FastifyRequest } from 'fastify';
import { grantedScopes } from '../../../../domain/permissionChecks.js';
import type { DriverType } from '../../../../domain/contracts/fleet.js';
import type { ProfileActions } from '../../../../domain/permissions.js';
import { assertAction, type RouteAccess } from '../../../access/route-access.js';
import { narrowScopes, type ScopeSet } from '../../../access/scopes.js';
import type { AppUserScopes } from './app-users-repository.js';

/** The action codes of one kind of app account (domain §6: drivers and temporary drivers). */
export const appUserActions = {
    DRIVER: { read: 'r:driver', create: 'c:driver', update: 'u:driver' },
    TEMP_DRIVER: { read: 'r:temp-driver', create: 'c:temp-driver', update: 'u:temp-driver' },
} as const satisfies Record<DriverType, { read: string; create: string; update: string }>;

const isEmpty = (scopes: ScopeSet) => scopes !== 'ALL' && scopes.length === 0;
const union = (a: ScopeSet, b: ScopeSet): ScopeSet =>
    a === 'ALL' || b === 'ALL' ? 'ALL' : [...new Set([...a, ...b])];

/** Where the caller may read driver and courier accounts, under `path` and of one kind when asked. */
export function appUserReadScopes(
    actions: ProfileActions,
    path: string | undefined,
    driverType?: DriverType,
): AppUserScopes {
    const scopes = (kind: DriverType) =>
        driverType && driverType !== kind
            ? []
            : narrowScopes(grantedScopes(actions, appUserActions[kind].read, 'depot'), path);
    return { drivers: scopes('DRIVER'), couriers: scopes('TEMP_DRIVER') };
}

/**
 * `GET /v3/users/app`: r:driver (driver accounts) or r:temp-driver (courier accounts) in the
 * depot context somewhere under the requested path; the handler filters each kind by its code.
 */
export const appUserReadAccess: RouteAccess = {
    description:
        'Needs r:driver (driver app accounts) or r:temp-driver (courier accounts) in the depot context anywhere under the requested path; each kind of account is filtered by its own code.',
    grant(request) {
        const query = request.query as { path?: string; driverType?: DriverType };
        const path = query.path === '' ? undefined : query.path;
        const { drivers, couriers } = appUserReadScopes(
            request.caller.actions,
            path,
            query.driverType,
        );
        if (isEmpty(drivers) && isEmpty(couriers)) {
            assertAction(
                request.caller.actions,
                appUserActions[query.driverType ?? 'DRIVER'].read,
                { context: 'depot', path },
                'some',
            );
            assertAction(
                request.caller.actions,
                appUserActions.TEMP_DRIVER.read,
                { context: 'depot', path },
                'some',
            );
        }
        const scopes = union(drivers, couriers);
        return path === undefined ? { scopes } : { scopes, path };
    },
};

/**
 * A write on one kind of account, chosen by the `driverType` path parameter: the code must be
 * granted somewhere in the depot context; rows are where it is granted.
 */
export function appUserWriteAccess(kind: 'create' | 'update'): RouteAccess {
    return {
        description: `Needs ${kind === 'create' ? 'c:driver (DRIVER) or c:temp-driver (TEMP_DRIVER)' : 'u:driver (DRIVER) or u:temp-driver (TEMP_DRIVER)'} in the depot context at the account's subcontractor.`,
        grant(request: FastifyRequest) {
            const { driverType } = request.params as { driverType: DriverType };
            const code = appUserActions[driverType][kind];
            assertAction(request.caller.actions, code, { context: 'depot' }, 'some');
            return { scopes: grantedScopes(request.caller.actions, code, 'depot') };
        },
    };
}
