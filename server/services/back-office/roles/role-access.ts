import type { FastifyRequest } from 'fastify';
import { grantedScopes } from '../../../../domain/permissionChecks.js';
import { splitScopePath } from '../../../../domain/scopePath.js';
import type { ProfileActions } from '../../../../domain/permissions.js';
import { assertAction, type PathSource, type RouteAccess } from '../../../access/route-access.js';
import { badRequest } from '../../../errors.js';
import type { RoleTenants } from './roles-repository.js';

export const READ_ROLES = 'r:role';

/**
 * The organisations whose roles the caller may read: r:role in the tenant context on the whole
 * organisation (roles are organisation-wide; a grant on a region reads none). Technical roles
 * are readable wherever r:role is held at all.
 */
function readableRoleTenants(actions: ProfileActions): RoleTenants {
    const scopes = grantedScopes(actions, READ_ROLES, 'tenant');
    if (scopes === 'ALL') return 'ALL';
    return scopes.filter((path) => splitScopePath(path).length === 1);
}

/** The readable organisations as the grant's scopes ('ALL' or tenant ids, which are one-segment paths). */
export function rolesOf(request: FastifyRequest): RoleTenants {
    return request.access.scopes;
}

/**
 * The organisations the role list may show: `tenantId` (the filter) needs r:role on it; without
 * it the caller must read every organisation's roles (400 otherwise).
 */
export function listedRoleTenants(
    request: FastifyRequest,
    tenantId: string | undefined,
): RoleTenants {
    const readable = rolesOf(request);
    if (tenantId)
        assertAction(request.caller.actions, READ_ROLES, { context: 'tenant', path: tenantId });
    else if (readable !== 'ALL')
        throw badRequest('filter.tenantId is required.', [
            { field: '/querystring/filter/tenantId', message: 'is required' },
        ]);
    return readable;
}

/**
 * Needs `code` somewhere in the tenant context (403 NO_PERMISSION otherwise, whatever the id:
 * nothing about the role is revealed). The role itself is checked by the handler once loaded
 * among the readable roles: another organisation's role is 404 like an unknown id.
 */
export function roleFeature(code: string, what: string): RouteAccess {
    return {
        description: `Needs ${code} in the tenant context; ${what}`,
        grant(request) {
            assertAction(request.caller.actions, code, { context: 'tenant' }, 'some');
            return { scopes: readableRoleTenants(request.caller.actions) };
        },
    };
}

/** The organisation named by the body's `tenantId` (validated by the route schema). */
export const bodyTenant: PathSource = (request) => {
    const body = request.body as { tenantId?: unknown } | undefined;
    return typeof body?.tenantId === 'string' && body.tenantId !== '' ? body.tenantId : undefined;
};
