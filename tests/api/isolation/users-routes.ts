import { randomUUID } from 'node:crypto';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { backOfficeUserTypes } from '../../../domain/enums.js';
import type {
    BackOfficeUser,
    RolesAndScopes,
} from '../../../domain/contracts/back-office-users.js';
import type { Page } from '../../../domain/contracts/common.js';
import type { Database } from '../../../server/db/client.js';
import { permissionAssignments, users } from '../../../server/db/schema/index.js';
import {
    breaches,
    covers,
    depotGrantPaths,
    isAdminSubject,
    overlaps,
    segmentsOf,
    sorted,
    tenantGrantPaths,
    type Probe,
    type RouteCase,
    type Subject,
} from './matrix.js';

/**
 * Matrix rows of the back-office user calls. Expectations are recomputed from the matrix grants
 * and the assignment table (whole-segment matching written out here, not the server's code).
 */

type ErrorBody = { code?: string; message?: string };
const LIST_SIZE = 500;

/** The part of the caller's grant paths under the view path (a grant above the view narrows to it). */
const narrow = (grants: readonly string[], view: string) => [
    ...new Set(
        grants.flatMap((grant) =>
            covers(grant, view) ? [view] : covers(view, grant) ? [grant] : [],
        ),
    ),
];

/** Ids of back-office users holding an assignment under one of `scopes` ('' = everything). */
async function usersUnder(db: Database, scopes: readonly string[]): Promise<string[]> {
    if (scopes.length === 0) return [];
    const under = (scope: string): SQL =>
        scope === ''
            ? sql`true`
            : sql`(${permissionAssignments.scopePath} = ${scope} or left(${permissionAssignments.scopePath}, ${scope.length + 1}) = ${`${scope}.`})`;
    const rows = await db
        .selectDistinct({ id: users.id })
        .from(users)
        .innerJoin(permissionAssignments, eq(permissionAssignments.userId, users.id))
        .where(and(inArray(users.type, [...backOfficeUserTypes]), or(...scopes.map(under))));
    return sorted(rows.map((row) => row.id));
}

const readPaths = (subject: Subject) => [
    ...depotGrantPaths(subject, 'r:bo-user'),
    ...tenantGrantPaths(subject, 'r:bo-user'),
];

/** The caller may read the target: admins everyone; otherwise a non-admin grant of the target under the caller's r:bo-user. */
function readable(subject: Subject, target: Subject): boolean {
    if (isAdminSubject(subject)) return true;
    const paths = readPaths(subject);
    return target.grants.some(
        (grant) =>
            !grant.contexts.includes('ADMIN') && paths.some((path) => covers(path, grant.path)),
    );
}

/** The edit rule: admins everyone; targets with an admin grant or none: admins only; else `code` covering one grant (tenant roles: in the tenant context). */
function editable(subject: Subject, target: Subject, code = 'u:bo-user'): boolean {
    if (isAdminSubject(subject)) return true;
    if (
        target.grants.length === 0 ||
        target.grants.some((grant) => grant.contexts.includes('ADMIN'))
    )
        return false;
    const inTenant = tenantGrantPaths(subject, code);
    const inDepot = depotGrantPaths(subject, code);
    return target.grants.some((grant) => {
        const tenantCovers = inTenant.some((path) => covers(path, grant.path));
        return grant.contexts[0] === 'TENANT'
            ? tenantCovers
            : tenantCovers || inDepot.some((path) => covers(path, grant.path));
    });
}

/** Views to list: every organisation (tenant context) and, in the depot context, the caller's depots plus one depot of each organisation. */
function views({ subject, world }: Probe): { context: 'tenant' | 'depot'; path: string }[] {
    const own = world.depots
        .filter((depot) => subject.grants.some((grant) => overlaps(grant.path, depot.path)))
        .slice(0, 3);
    const others = world.tenantIds.flatMap(
        (tenant) => world.depots.find((depot) => depot.tenantId === tenant) ?? [],
    );
    const depots = [...new Set([...own, ...others].map((depot) => depot.path))];
    return [
        ...world.tenantIds.map((path) => ({ context: 'tenant' as const, path })),
        ...depots.map((path) => ({ context: 'depot' as const, path })),
    ];
}

/** A file answer cannot be parsed as JSON by the matrix's `get`: a thrown SyntaxError means a file was sent. */
async function fileOrError(
    probe: Probe,
    url: string,
): Promise<{ file: boolean; status?: number; code?: string }> {
    try {
        const { status, body } = await probe.get<ErrorBody>(url);
        return { file: false, status, code: body.code };
    } catch (error) {
        if (error instanceof SyntaxError) return { file: true };
        throw error;
    }
}

/**
 * Targets of the one-user writes: the caller and one matrix login per distinct set of grants
 * (the reach rules read only the grants' contexts and paths), to keep the rows cheap.
 */
function targetsOf(probe: Probe): Subject[] {
    const seen = new Set<string>();
    return probe.subjects.filter((target) => {
        const key = sorted(
            target.grants.map((grant) => `${grant.contexts.join('+')}:${grant.path}`),
        ).join('|');
        if (target.userId !== probe.subject.userId && seen.has(key)) return false;
        seen.add(key);
        return true;
    });
}

export const backOfficeUserRoutes: RouteCase[] = [
    {
        route: 'GET /api/v2/users',
        variant:
            'admin context, every organisation (tenant context), own and foreign depots: exactly the users under the view and the r:bo-user scopes',
        async run(probe) {
            const { subject, expected, db, get } = probe;
            const admin = isAdminSubject(subject);
            const adminList = await get<Page<BackOfficeUser> & ErrorBody>(
                `/api/v2/users?context=admin&size=1`,
            );
            if (admin) {
                const [all] = await db
                    .select({ n: sql<number>`count(*)`.mapWith(Number) })
                    .from(users)
                    .where(inArray(users.type, [...backOfficeUserTypes]));
                expect
                    .soft({ status: adminList.status, total: adminList.body.totalElements })
                    .toEqual({ status: 200, total: all?.n });
            } else {
                expect
                    .soft({ status: adminList.status, code: adminList.body.code })
                    .toEqual({ status: 403, code: 'NO_PERMISSION' });
            }
            const visiblePaths = readPaths(subject);
            for (const view of views(probe)) {
                const url = `/api/v2/users?context=${view.context}&path=${view.path}&size=${LIST_SIZE}`;
                const { status, body } = await get<Page<BackOfficeUser> & ErrorBody>(url);
                const grants = admin
                    ? ['']
                    : view.context === 'tenant'
                      ? tenantGrantPaths(subject, 'r:bo-user')
                      : depotGrantPaths(subject, 'r:bo-user');
                if (!grants.some((grant) => overlaps(grant, view.path))) {
                    expect.soft(status, url).toBe(403);
                    continue;
                }
                const want = await usersUnder(db, narrow(grants, view.path));
                expect
                    .soft({ status, total: body.totalElements }, url)
                    .toEqual({ status: 200, total: want.length });
                if (want.length <= LIST_SIZE)
                    expect.soft(sorted(body.content.map((user) => user.id)), url).toEqual(want);
                const shown = body.content.flatMap((user) =>
                    user.permissions.map((permission) => permission.path),
                );
                if (!admin) {
                    expect
                        .soft(
                            shown.filter(
                                (path) => !visiblePaths.some((scope) => covers(scope, path)),
                            ),
                            url,
                        )
                        .toEqual([]);
                    expect.soft(breaches(expected, shown), url).toEqual([]);
                }
            }
        },
    },
    {
        route: 'GET /api/v2/users/export',
        variant: 'a file for readers of back-office users, 403 NO_PERMISSION for everyone else',
        async run(probe) {
            const allowed = isAdminSubject(probe.subject) || readPaths(probe.subject).length > 0;
            const answer = await fileOrError(probe, '/api/v2/users/export');
            expect(answer).toEqual(
                allowed ? { file: true } : { file: false, status: 403, code: 'NO_PERMISSION' },
            );
        },
    },
    {
        route: 'GET /api/v2/users/download',
        variant: "every organisation: a file where the list answers, the list's refusal elsewhere",
        async run(probe) {
            const admin = isAdminSubject(probe.subject);
            for (const tenant of probe.world.tenantIds) {
                const allowed =
                    admin ||
                    tenantGrantPaths(probe.subject, 'r:bo-user').some((grant) =>
                        overlaps(grant, tenant),
                    );
                const answer = await fileOrError(
                    probe,
                    `/api/v2/users/download?context=tenant&path=${tenant}&format=csv`,
                );
                if (allowed) expect.soft(answer, tenant).toEqual({ file: true });
                else
                    expect
                        .soft({ file: answer.file, status: answer.status }, tenant)
                        .toEqual({ file: false, status: 403 });
            }
        },
    },
    {
        route: 'POST /api/v2/users',
        variant:
            "outside the caller's scopes refused and nothing created; inside a depot with c:bo-user created",
        async run(probe) {
            const { subject, world, db, send } = probe;
            const admin = isAdminSubject(subject);
            const body = (path: string) => ({
                type: 'BackofficeManager',
                email: `matrix-${randomUUID()}@example.com`,
                firstName: 'Matrix',
                lastName: 'Probe',
                mobilePhone: null,
                landLine: null,
                context: 'depot',
                path,
                permissions: { addPermissions: [{ path, roleId: 'role-depot-standard' }] },
            });
            const foreign = world.depots.find(
                (depot) => !subject.grants.some((grant) => overlaps(grant.path, depot.path)),
            );
            if (foreign && !admin) {
                const payload = body(foreign.path);
                const { status } = await send<ErrorBody>('POST', '/api/v2/users', payload);
                expect.soft(status, foreign.path).toBe(403);
                expect
                    .soft(
                        await db
                            .select({ id: users.id })
                            .from(users)
                            .where(eq(users.email, payload.email)),
                    )
                    .toEqual([]);
            }
            const creators = admin ? [''] : depotGrantPaths(subject, 'c:bo-user');
            const home = world.depots.find((depot) =>
                creators.some((path) => covers(path, depot.path)),
            );
            if (!home) return;
            const payload = body(home.path);
            const created = await send<BackOfficeUser>('POST', '/api/v2/users', payload);
            expect(created.status, home.path).toBe(201);
            // Leave the world as it was.
            const removed = await send('DELETE', '/api/v2/users', { ids: [created.body.id] });
            if (removed.status !== 200) await db.delete(users).where(eq(users.id, created.body.id));
        },
    },
    {
        route: 'PUT /api/users/:hashId',
        variant:
            'every matrix login as target with a stale version: 409 in reach, 404 like an unknown id outside it; one edit in reach works',
        async run(probe) {
            const { subject, send, db } = probe;
            const payload = {
                type: 'BackofficeManager',
                firstName: 'Matrix',
                lastName: 'Probe',
                mobilePhone: null,
                landLine: null,
                version: 999_999,
            };
            for (const target of targetsOf(probe)) {
                const url = `/api/users/${target.userId}`;
                const { status, body } = await send<ErrorBody>('PUT', url, payload);
                if (editable(subject, target))
                    expect
                        .soft({ status, code: body.code }, url)
                        .toEqual({ status: 409, code: 'STALE_RECORD' });
                else
                    expect
                        .soft({ status, message: body.message }, url)
                        .toEqual({ status: 404, message: `User ${target.userId} was not found.` });
            }
            const unknown = await send<ErrorBody>('PUT', '/api/users/nope', payload);
            expect.soft(unknown.status).toBe(404);
            const target = targetsOf(probe).find(
                (other) => other.userId !== subject.userId && editable(subject, other),
            );
            if (!target) return;
            const [row] = await db.select().from(users).where(eq(users.id, target.userId));
            if (!row) return;
            const same = {
                type: row.type,
                firstName: row.firstName,
                lastName: row.lastName,
                mobilePhone: row.mobilePhone,
                landLine: row.landLine,
                version: row.version,
            };
            const { status } = await send('PUT', `/api/users/${target.userId}`, same);
            expect(status, target.email).toBe(200);
        },
    },
    {
        route: 'PUT /api/v2/users/:hashId/permissions',
        variant:
            'every matrix login as target, removing an unknown permission: 400 in reach, 404 outside, nothing changed',
        async run(probe) {
            const { subject, send, world } = probe;
            for (const target of targetsOf(probe)) {
                const path =
                    target.grants.find((grant) => segmentsOf(grant.path).length >= 4)?.path ??
                    world.depots[0]?.path ??
                    '';
                const url = `/api/v2/users/${target.userId}/permissions`;
                const { status } = await send<ErrorBody>('PUT', url, {
                    id: target.userId,
                    context: 'depot',
                    path: segmentsOf(path).slice(0, 4).join('.'),
                    permissions: { addPermissions: [], removePermissions: ['matrix-nope'] },
                });
                expect.soft(status, url).toBe(editable(subject, target) ? 400 : 404);
            }
        },
    },
    {
        route: 'DELETE /api/v2/users',
        variant:
            'every matrix login with the caller itself: 404 for a target out of sight, else 400 (oneself), nothing deleted',
        async run(probe) {
            const { subject, send, db } = probe;
            for (const target of targetsOf(probe)) {
                const { status } = await send<ErrorBody>('DELETE', '/api/v2/users', {
                    ids: [target.userId, subject.userId],
                });
                const visible = readable(subject, target) && readable(subject, subject);
                expect.soft(status, target.email).toBe(visible ? 400 : 404);
            }
            const ids = targetsOf(probe).map((target) => target.userId);
            const [left] = await db
                .select({ n: sql<number>`count(*)`.mapWith(Number) })
                .from(users)
                .where(inArray(users.id, ids));
            expect(left?.n).toBe(ids.length);
        },
    },
    {
        route: 'POST /api/v2/users/:hashId/mfa-reset',
        variant:
            'every matrix login out of edit reach: 404 like an unknown id; the caller itself: 400 in reach, else 404 (targets in reach are not reset: that would end their sessions)',
        async run(probe) {
            const { subject, send } = probe;
            for (const target of targetsOf(probe)) {
                const self = target.userId === subject.userId;
                if (!self && editable(subject, target)) continue;
                const url = `/api/v2/users/${target.userId}/mfa-reset`;
                const { status, body } = await send<ErrorBody>('POST', url);
                if (self && editable(subject, target))
                    expect
                        .soft({ status, code: body.code }, url)
                        .toEqual({ status: 400, code: 'CANNOT_RESET_OWN_MFA' });
                else
                    expect
                        .soft({ status, message: body.message }, url)
                        .toEqual({ status: 404, message: `User ${target.userId} was not found.` });
            }
            const unknown = await send<ErrorBody>('POST', '/api/v2/users/nope/mfa-reset');
            expect.soft(unknown.status).toBe(404);
        },
    },
    {
        route: 'POST /api/v2/users/:hashId/invitation',
        variant:
            'every matrix login: out of edit reach 404 like an unknown id; in reach 409 USER_ALREADY_ACTIVE (every matrix login has chosen a password), no mail queued',
        async run(probe) {
            const { subject, send } = probe;
            for (const target of targetsOf(probe)) {
                const url = `/api/v2/users/${target.userId}/invitation`;
                const { status, body } = await send<ErrorBody>('POST', url);
                if (editable(subject, target))
                    expect
                        .soft({ status, code: body.code }, url)
                        .toEqual({ status: 409, code: 'USER_ALREADY_ACTIVE' });
                else
                    expect
                        .soft({ status, message: body.message }, url)
                        .toEqual({ status: 404, message: `User ${target.userId} was not found.` });
            }
            const unknown = await send<ErrorBody>('POST', '/api/v2/users/nope/invitation');
            expect.soft(unknown.status).toBe(404);
        },
    },
    {
        route: 'GET /api/v2/mail-outbox',
        variant: 'admins read it (demo and development); every other login 403 NO_PERMISSION',
        async run({ subject, get }) {
            const url = '/api/v2/mail-outbox?limit=1';
            const { status, body } = await get<ErrorBody>(url);
            if (isAdminSubject(subject)) expect.soft(status, url).toBe(200);
            else
                expect
                    .soft({ status, code: body.code }, url)
                    .toEqual({ status: 403, code: 'NO_PERMISSION' });
        },
    },
    {
        route: 'GET /api/rolesAndScopes',
        variant:
            "every organisation: scopes only under the view and the caller's scopes, 403 where the caller holds nothing",
        async run(probe) {
            const { subject, expected, world, get } = probe;
            const admin = isAdminSubject(subject);
            for (const tenant of world.tenantIds) {
                const url = `/api/rolesAndScopes?context=tenant&path=${tenant}`;
                const { status, body } = await get<RolesAndScopes & ErrorBody>(url);
                if (!admin && !expected.nodes.has(tenant)) {
                    expect.soft(status, url).toBe(403);
                    continue;
                }
                if (status !== 200) continue;
                const paths = body.scopes.map((scope) => scope.path);
                expect
                    .soft(
                        paths.filter((path) => path !== '' && !covers(tenant, path)),
                        url,
                    )
                    .toEqual([]);
                if (!admin) {
                    expect.soft(breaches(expected, paths), url).toEqual([]);
                    expect
                        .soft(
                            paths.filter((path) => path !== '' && !expected.nodes.has(path)),
                            url,
                        )
                        .toEqual([]);
                }
                expect
                    .soft(
                        body.roles.filter(
                            (role) =>
                                !role.contexts.some(
                                    (context) =>
                                        context === 'TENANT' || context === 'SUBCONTRACTOR',
                                ),
                        ),
                        url,
                    )
                    .toEqual([]);
            }
        },
    },
];
