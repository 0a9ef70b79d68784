import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../../domain/enums.js';
import { can, grantedScopes } from '../../../../domain/permissionChecks.js';
import { isAdmin, type ProfileActions } from '../../../../domain/permissions.js';
import {
    assertAction,
    requireAction,
    type AccessGrant,
    type RouteAccess,
} from '../../../access/route-access.js';
import { scopeSetCovers, type ScopeSet } from '../../../access/scopes.js';
import { badRequest } from '../../../errors.js';
import { unionScopes } from '../scope-sets.js';

export const READ_USERS = 'r:bo-user';
export const CREATE_USERS = 'c:bo-user';
export const UPDATE_USERS = 'u:bo-user';
const DELETE_USERS = 'd:bo-user';

/** The view a request names: `context` plus `path` (query or body), the path required outside the admin context. */
export interface View {
    context: AppContext;
    /** '' in the admin context. */
    path: string;
}

function fieldOf(source: unknown, name: string): string | undefined {
    const value =
        source && typeof source === 'object'
            ? (source as Record<string, unknown>)[name]
            : undefined;
    return typeof value === 'string' ? value : undefined;
}

export function viewOf(request: FastifyRequest, from: 'query' | 'body'): View {
    const source = from === 'query' ? request.query : request.body;
    const context = fieldOf(source, 'context') as AppContext;
    const path = fieldOf(source, 'path') ?? '';
    if (context !== 'admin' && path === '') {
        throw badRequest(`path is required in the ${context} context`, [
            {
                field: `/${from === 'query' ? 'querystring' : 'body'}/path`,
                message: 'path is required',
            },
        ]);
    }
    return { context, path: context === 'admin' ? '' : path };
}

/**
 * A view-scoped route (list, download, create, roles and scopes): the admin context for admins
 * only; otherwise `code` somewhere under the view path (403 with the domain's code otherwise),
 * the rows being where `code` is granted in the view's context, narrowed to the path.
 */
export function viewAccess(code: string, from: 'query' | 'body', description: string): RouteAccess {
    return {
        description: `${description} The admin context needs admin; the tenant and depot contexts need ${code} under the view path (rows narrowed to it).`,
        grant(request): AccessGrant {
            const view = viewOf(request, from);
            if (view.context === 'admin') {
                assertAction(request.caller.actions, 'admin', { context: 'admin' });
                return { scopes: 'ALL' };
            }
            const pathSource = () => view.path;
            return requireAction(
                code,
                { context: view.context, path: pathSource },
                { coverage: 'some' },
            ).grant(request);
        },
    };
}

/** Where the caller may read back-office users (both contexts; all for admins). */
export function readableScopes(actions: ProfileActions): ScopeSet {
    return unionScopes(
        grantedScopes(actions, READ_USERS, 'depot'),
        grantedScopes(actions, READ_USERS, 'tenant'),
    );
}

/** Routes that address one user: any signed-in user; the handler answers 404 for users outside the caller's reach. */
export function userAccess(code: string, description: string): RouteAccess {
    return {
        description,
        grant: (request) => ({
            scopes: unionScopes(
                grantedScopes(request.caller.actions, code, 'depot'),
                grantedScopes(request.caller.actions, code, 'tenant'),
            ),
        }),
    };
}

/** A role assignment as the reach rules read it. */
export interface ReachAssignment {
    scopePath: string;
    contexts: readonly string[];
}

/**
 * Whether `code` covers one assignment: admin-context assignments for admins only; a tenant-role
 * assignment needs the code in the tenant context, any other one in either context.
 */
function coversAssignment(
    actions: ProfileActions,
    code: string,
    assignment: ReachAssignment,
): boolean {
    if (isAdmin(actions)) return true;
    if (assignment.contexts.includes('ADMIN')) return false;
    const inTenant = can(actions, code, { context: 'tenant', path: assignment.scopePath });
    if (assignment.contexts[0] === 'TENANT') return inTenant;
    return inTenant || can(actions, code, { context: 'depot', path: assignment.scopePath });
}

/**
 * The edit rule of domain/backOfficeUserEditing.ts on the server's rows: admins always; users
 * holding an admin role, or none at all, admins only; others when `code` covers one assignment.
 */
export function mayEditUser(
    actions: ProfileActions,
    assignments: readonly ReachAssignment[],
    code = UPDATE_USERS,
): boolean {
    if (isAdmin(actions)) return true;
    if (assignments.length === 0 || assignments.some((a) => a.contexts.includes('ADMIN')))
        return false;
    return assignments.some((assignment) => coversAssignment(actions, code, assignment));
}

/** Deleting needs `d:bo-user` covering every assignment (admin-role holders and users without roles: admins only). */
export function mayDeleteUser(
    actions: ProfileActions,
    assignments: readonly ReachAssignment[],
): boolean {
    if (isAdmin(actions)) return true;
    if (assignments.length === 0 || assignments.some((a) => a.contexts.includes('ADMIN')))
        return false;
    return assignments.every((assignment) => coversAssignment(actions, DELETE_USERS, assignment));
}

/** A user is visible to the caller when one of its assignments lies in the caller's read scopes. */
export function mayReadUser(
    actions: ProfileActions,
    assignments: readonly ReachAssignment[],
): boolean {
    if (isAdmin(actions)) return true;
    const scopes = readableScopes(actions);
    return assignments.some(
        (assignment) =>
            !assignment.contexts.includes('ADMIN') && scopeSetCovers(scopes, assignment.scopePath),
    );
}
