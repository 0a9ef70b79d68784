import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authorizationFailure } from '../../domain/authorizationErrors.js';
import { authorizationErrors, type AuthorizationErrorCode } from '../../domain/errors.js';
import { grantedScopes, type PermissionTarget } from '../../domain/permissionChecks.js';
import { visibleDepotScopes, type ProfileActions } from '../../domain/permissions.js';
import { AppError } from '../errors.js';
import { narrowScopes, scopeTreeScopes, type ScopeSet } from './scopes.js';

/**
 * Route-level authorization (ARCHITECTURE.md, Identity and access: "the server enforces it on
 * every request and filters every query by the caller's scopes").
 *
 * Every route of a service states what it needs in its options, `config: { access }`, with
 * `signedIn(...)` or `requireAction(...)`. `secureService` (called once per service) refuses
 * at boot any route that states nothing, authenticates every request (onRequest) and, after
 * validation (preHandler), runs the route's check: a failure is a 403 with the domain's
 * authorization code; a pass leaves `request.access.scopes`, the scopes the handler's queries
 * must filter by (`scopeCondition` / `scopeParameters`).
 *
 * Existence is never revealed: checks look only at the caller's permissions and the path the
 * request names, never at the database. Handlers answer an id outside `request.access.scopes`
 * exactly like an unknown id (404), and a scope path they cannot find exactly like a path
 * outside the caller's scopes (`noDataPermission`).
 */

/** What a route's handler may read once its check passed. */
export interface AccessGrant {
    /** Rows must lie under these scopes; already narrowed to the request's explicit scope path. */
    scopes: ScopeSet;
    /** The explicit scope path the request named ('' and absent are both undefined). */
    path?: string;
}

/** A route's declared need: a one-line description (OpenAPI) and the check. */
export interface RouteAccess {
    readonly description: string;
    /** Answers what the route may read, or throws a 403 `AppError`. */
    grant(request: FastifyRequest): AccessGrant;
}

declare module 'fastify' {
    interface FastifyContextConfig {
        /** Required on every service route: `signedIn(...)` or `requireAction(...)`. */
        access?: RouteAccess;
    }
    interface FastifyRequest {
        /** Set by the preHandler of `secureService` from the route's `config.access`. */
        access: AccessGrant;
    }
}

/** Reads a request's explicit scope path (a validated string field), or undefined. */
export type PathSource = (request: FastifyRequest) => string | undefined;

function field(source: unknown, name: string): string | undefined {
    const value =
        source && typeof source === 'object'
            ? (source as Record<string, unknown>)[name]
            : undefined;
    return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The scope path in query parameter `name` (validated by the route schema). */
export const queryPath =
    (name = 'path'): PathSource =>
    (request) =>
        field(request.query, name);

/** The scope path in path parameter `name` (a tenant id is the one-segment path of its tenant). */
export const paramPath =
    (name: string): PathSource =>
    (request) =>
        field(request.params, name);

/** Which rows a route open to every signed-in user may read (the domain's visibility rules). */
const rowScopes = {
    /** Only the caller's own records (the profile): no scoped rows. */
    own: (): ScopeSet => [],
    /** Depots (and what hangs off them) the caller may see: `visibleDepotScopes`. */
    visibleDepots: (actions: ProfileActions): ScopeSet => visibleDepotScopes(actions),
    /** Branches of the scope tree the caller holds a role in: `scopeTreeScopes`. */
    scopeTree: (actions: ProfileActions): ScopeSet => scopeTreeScopes(actions),
} as const;
type RowScopes = keyof typeof rowScopes;

const rowDescriptions: Record<RowScopes, string> = {
    own: "the caller's own records",
    visibleDepots: 'the depots the caller may see',
    scopeTree: 'the scopes the caller holds a role in',
};

/** The 403 of an authorization failure, with the domain's default text and what was asked. */
export function accessDenied(
    failure: AuthorizationErrorCode,
    code: string,
    path?: string,
): AppError {
    const where = path ? ` at ${path}` : '';
    return new AppError(403, failure, `${authorizationErrors[failure].message} (${code}${where})`);
}

/**
 * The answer for an explicit scope path that is outside the caller's scopes, and equally for
 * one that does not exist (never reveal which).
 */
export function noDataPermission(path: string): AppError {
    return new AppError(
        403,
        'NO_DATA_PERMISSION',
        `The scope ${path} does not exist or is outside your permissions.`,
    );
}

/**
 * Throws the domain's authorization failure when `code` is not granted for `target`
 * (`authorizationFailure`: NO_DC_PERMISSION, NO_PERMISSION, CHANGE_SCOPE, NO_DATA_PERMISSION).
 * For handlers that learn the target only after loading an entity inside `request.access.scopes`.
 */
export function assertAction(
    actions: ProfileActions,
    code: string,
    target: PermissionTarget,
    coverage: 'whole' | 'some' = 'whole',
): void {
    const failure = authorizationFailure(actions, code, target, coverage);
    if (failure)
        throw accessDenied(failure, code, target.context === 'admin' ? undefined : target.path);
}

export interface SignedInOptions {
    /** Which rows the route reads (default `own`). */
    rows?: RowScopes;
    /** The request's explicit scope path, narrowing the rows. */
    within?: PathSource;
    /**
     * A path outside the caller's scopes: `'empty'` (default) narrows to nothing, so a list
     * answers `[]` as for an unknown path; `'refuse'` answers 403 NO_DATA_PERMISSION, for routes
     * that address the scope itself (and must refuse an unknown one the same way).
     */
    outside?: 'empty' | 'refuse';
}

/** Open to every signed-in back-office user; rows filtered by the caller's scopes (`rows`). */
export function signedIn(options: SignedInOptions = {}): RouteAccess {
    const rows = options.rows ?? 'own';
    const { within, outside = 'empty' } = options;
    return {
        description: `Any signed-in back-office user; answers ${rowDescriptions[rows]}${
            within
                ? `, narrowed to the requested scope path (${outside === 'refuse' ? 'a path outside them is 403 NO_DATA_PERMISSION' : 'a path outside them answers nothing'})`
                : ''
        }.`,
        grant(request) {
            const path = within?.(request);
            const scopes = narrowScopes(rowScopes[rows](request.caller.actions), path);
            if (
                path !== undefined &&
                outside === 'refuse' &&
                scopes !== 'ALL' &&
                scopes.length === 0
            )
                throw noDataPermission(path);
            return path === undefined ? { scopes } : { scopes, path };
        },
    };
}

/** The target of `requireAction`: the admin context, or a tenant/depot-context path read from the request. */
export type ActionTarget =
    { context: 'admin' } | { context: 'tenant' | 'depot'; path?: PathSource };

export interface RequireActionOptions {
    /** `'whole'` (default): the grant must cover the target path; `'some'`: a grant anywhere under it (lists). */
    coverage?: 'whole' | 'some';
}

/**
 * Needs action `code` at the target (domain `authorizationFailure`); the rows are where `code`
 * is granted (`grantedScopes`), narrowed to the target path.
 */
export function requireAction(
    code: string,
    target: ActionTarget,
    options: RequireActionOptions = {},
): RouteAccess {
    const coverage = options.coverage ?? 'whole';
    const where =
        target.context === 'admin'
            ? 'the admin context'
            : `the ${target.context} context${target.path ? ' at the requested scope' : ''}`;
    return {
        description: `Needs ${code} in ${where}${coverage === 'some' ? ' (anywhere under it; rows filtered)' : ''}.`,
        grant(request) {
            const { actions } = request.caller;
            if (target.context === 'admin') {
                assertAction(actions, code, target);
                return { scopes: 'ALL' };
            }
            const path = target.path?.(request);
            assertAction(actions, code, { context: target.context, path }, coverage);
            const scopes = narrowScopes(grantedScopes(actions, code, target.context), path);
            return path === undefined ? { scopes } : { scopes, path };
        },
    };
}

/**
 * Secures one service's encapsulated context: every route must declare `config.access` (a
 * route without it fails the boot), every request is authenticated, and the route's check
 * runs after validation. Call before registering the service's routes.
 */
export function secureService(service: FastifyInstance): void {
    if (!service.hasRequestDecorator('access'))
        service.decorateRequest('access', null as unknown as AccessGrant);
    service.addHook('onRoute', (route) => {
        const access = route.config?.access;
        if (!access)
            throw new Error(
                `${String(route.method)} ${route.url} declares no access: add config.access (signedIn(...) or requireAction(...)).`,
            );
        const note = `Access: ${access.description}`;
        // The automatic HEAD route shares the GET route's schema object: add the note once.
        if (route.schema && !route.schema.description?.includes(note))
            route.schema.description = [route.schema.description, note]
                .filter(Boolean)
                .join('\n\n');
    });
    service.addHook('onRequest', service.authenticate);
    service.addHook('preHandler', async (request) => {
        const access = request.routeOptions.config.access;
        if (!access) throw new AppError(500, 'SERVER_ERROR', 'This route declares no access.');
        request.access = access.grant(request);
    });
}
