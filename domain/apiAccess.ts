import type { ErrorDetail } from './contracts/common.js';

/**
 * API access management (domain §2, §6): an organisation's API credentials, which machine
 * clients exchange for a bearer token (OAuth 2.0 client credentials) to call the data gateway.
 * Shared by the server (validation, answers) and the browser (forms, Developer Portal); the
 * bodies and answers of the service are in contracts/api-access.ts.
 */

/** Scopes a credential may be granted: only those with a working endpoint. */
export const apiScopes = ['depots:read', 'assignments:read', 'jobs:write', 'events:write'] as const;
export type ApiScope = (typeof apiScopes)[number];

export const isApiScope = (value: string): value is ApiScope =>
    (apiScopes as readonly string[]).includes(value);

/**
 * The endpoint each scope opens: the service (its machine base: the data gateway's, or the tour
 * commander's), the method and the path relative to that base.
 */
export const apiScopeEndpoints: Record<
    ApiScope,
    { service: 'dataGateway' | 'tourCommander'; method: 'GET' | 'POST'; path: string }
> = {
    'depots:read': { service: 'dataGateway', method: 'GET', path: '/external/depots' },
    'assignments:read': { service: 'dataGateway', method: 'GET', path: '/external/assignments' },
    'jobs:write': { service: 'dataGateway', method: 'POST', path: '/external/jobs' },
    'events:write': {
        service: 'tourCommander',
        method: 'POST',
        path: '/external/driver-app/events',
    },
};

export const credentialStatuses = ['ACTIVE', 'EXPIRED', 'REVOKED'] as const;
export type CredentialStatus = (typeof credentialStatuses)[number];

export const CREDENTIAL_NAME_MIN = 2;
export const CREDENTIAL_NAME_MAX = 80;
/** The latest expiry a credential may have, in days from now (about two years). */
export const CREDENTIAL_MAX_LIFETIME_DAYS = 730;

/** The token endpoint, relative to the API access service base. */
export const TOKEN_PATH = '/oauth2/token';
/** Revoked wins over expired: a revocation is a decision, an expiry a date. */
export function credentialStatus(
    credential: { revokedAt: Date | string | null; expiresAt: Date | string | null },
    now: Date = new Date(),
): CredentialStatus {
    if (credential.revokedAt) return 'REVOKED';
    if (credential.expiresAt && new Date(credential.expiresAt).getTime() <= now.getTime())
        return 'EXPIRED';
    return 'ACTIVE';
}

/** The latest allowed expiry for a credential saved at `now`. */
export function latestExpiry(now: Date = new Date()): Date {
    return new Date(now.getTime() + CREDENTIAL_MAX_LIFETIME_DAYS * 24 * 60 * 60 * 1000);
}

/**
 * Field rules of a credential's name, scopes and expiry (one detail per fault, `/body/<field>`):
 * a name of 2 to 80 characters that is not blank, at least one known scope (no repeats), an
 * expiry in the future and at most two years ahead (null: never).
 */
export function apiCredentialErrors(
    body: { name: string; scopes: readonly string[]; expiresAt: string | null },
    now: Date = new Date(),
): ErrorDetail[] {
    const errors: ErrorDetail[] = [];
    const name = body.name.trim();
    if (name.length < CREDENTIAL_NAME_MIN)
        errors.push({
            field: '/body/name',
            message: `must have at least ${CREDENTIAL_NAME_MIN} characters besides spaces`,
        });
    else if (body.name.length > CREDENTIAL_NAME_MAX)
        errors.push({
            field: '/body/name',
            message: `must not exceed ${CREDENTIAL_NAME_MAX} characters`,
        });
    if (body.scopes.length === 0)
        errors.push({ field: '/body/scopes', message: 'must name at least one scope' });
    const unknown = body.scopes.filter((scope) => !isApiScope(scope));
    if (unknown.length > 0)
        errors.push({
            field: '/body/scopes',
            message: `unknown scopes: ${unknown.join(', ')} (known: ${apiScopes.join(', ')})`,
        });
    else if (new Set(body.scopes).size !== body.scopes.length)
        errors.push({ field: '/body/scopes', message: 'must not repeat a scope' });
    if (body.expiresAt !== null) {
        const at = Date.parse(body.expiresAt);
        if (Number.isNaN(at))
            errors.push({ field: '/body/expiresAt', message: 'must be a date-time' });
        else if (at <= now.getTime())
            errors.push({ field: '/body/expiresAt', message: 'must be in the future' });
        else if (at > latestExpiry(now).getTime())
            errors.push({
                field: '/body/expiresAt',
                message: `must be at most ${CREDENTIAL_MAX_LIFETIME_DAYS} days ahead`,
            });
    }
    return errors;
}

/** Scopes in the catalogue's order, without repeats (what is stored and shown). */
export function normaliseScopes(scopes: readonly string[]): ApiScope[] {
    return apiScopes.filter((scope) => scopes.includes(scope));
}
