import type { FastifyRequest } from 'fastify';
import { grantedScopes } from '../../../domain/permissionChecks.js';
import { splitScopePath } from '../../../domain/scopePath.js';
import type { ProfileActions } from '../../../domain/permissions.js';
import { assertAction, type PathSource, type RouteAccess } from '../../access/route-access.js';
import type { CredentialTenants } from './credentials-repository.js';

export const READ_CREDENTIALS = 'r:api-access-management';
export const WRITE_CREDENTIALS = 'w:api-access-management';

/**
 * The organisations whose credentials the caller may read: r:api-access-management in the
 * tenant context on the whole organisation (credentials belong to the organisation, not to a
 * region; tenant-admin and admins pass).
 */
function readableCredentialTenants(actions: ProfileActions): CredentialTenants {
    const scopes = grantedScopes(actions, READ_CREDENTIALS, 'tenant');
    if (scopes === 'ALL') return 'ALL';
    return scopes.filter((path) => splitScopePath(path).length === 1);
}

/** The readable organisations, as granted by `credentialFeature`. */
export const credentialTenantsOf = (request: FastifyRequest): CredentialTenants =>
    request.access.scopes;

/**
 * Needs `code` somewhere in the tenant context (403 NO_PERMISSION otherwise, whatever the id).
 * The credential is then loaded among the readable organisations (another organisation's is
 * 404 like an unknown id) and `code` checked on its organisation.
 */
export function credentialFeature(code: string, what: string): RouteAccess {
    return {
        description: `Needs ${code} in the tenant context; ${what}`,
        grant(request) {
            assertAction(request.caller.actions, code, { context: 'tenant' }, 'some');
            return { scopes: readableCredentialTenants(request.caller.actions) };
        },
    };
}

/** The organisation named by the body's `tenantId` (validated by the route schema). */
export const bodyTenant: PathSource = (request) => {
    const body = request.body as { tenantId?: unknown } | undefined;
    return typeof body?.tenantId === 'string' && body.tenantId !== '' ? body.tenantId : undefined;
};
