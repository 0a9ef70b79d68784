import { randomUUID } from 'node:crypto';
import { eq, inArray, isNull, or } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Role } from '../../../domain/contracts/roles.js';
import type { Database } from '../../../server/db/client.js';
import { roles } from '../../../server/db/schema/index.js';
import {
    covers,
    encode,
    isAdminSubject,
    sorted,
    type Probe,
    type RouteCase,
    type Subject,
} from './matrix.js';

/**
 * Roles (`/api/roles`): an organisation's roles are read and written with r:role / c:role /
 * u:role / d:role in the tenant context on the whole organisation (or tenant-admin there);
 * technical roles (no organisation) are readable wherever r:role is held and never writable.
 * Written out here from the grants, independently of the server's permission code.
 */

type Refusal = { code?: string; message?: string };

/** Tenant grants holding `code` (with its requirement r:role) or tenant-admin. */
const tenantPaths = (subject: Subject, code: string) =>
    subject.grants
        .filter(
            (grant) =>
                grant.contexts.includes('TENANT') &&
                (grant.actions.includes('tenant-admin') ||
                    (grant.actions.includes(code) && grant.actions.includes('r:role'))),
        )
        .map((grant) => grant.path);
/** May use `code` on organisation `tenantId` (the grant covers the whole organisation). */
const mayOn = (subject: Subject, code: string, tenantId: string) =>
    isAdminSubject(subject) || tenantPaths(subject, code).some((path) => covers(path, tenantId));
/** Holds `code` anywhere in the tenant context. */
const holds = (subject: Subject, code: string) =>
    isAdminSubject(subject) || tenantPaths(subject, code).length > 0;

const ROLE_PREFIX = 'iso-role-';

/** One role per organisation (twins included), written once; the matrix logins never hold them. */
async function organisationRoles(
    db: Database,
    tenantIds: readonly string[],
): Promise<Map<string, string>> {
    const ids = new Map(tenantIds.map((tenantId) => [tenantId, `${ROLE_PREFIX}${tenantId}`]));
    await db
        .insert(roles)
        .values(
            tenantIds.map((tenantId) => ({
                id: `${ROLE_PREFIX}${tenantId}`,
                tenantId,
                name: `Isolation role ${tenantId}`,
                contexts: ['TENANT' as const],
                actions: ['r:parcel-finder'],
                visibilityPath: tenantId,
            })),
        )
        .onConflictDoNothing();
    return ids;
}

const storedRole = async (db: Database, id: string) =>
    (await db.select().from(roles).where(eq(roles.id, id)))[0];

export const roleRoutes: RouteCase[] = [
    {
        route: 'GET /api/roles',
        variant: 'every organisation and twin, and no organisation',
        async run({ subject, world, db, get }: Probe) {
            await organisationRoles(db, world.tenantIds);
            for (const tenantId of world.tenantIds) {
                const url = `/api/roles?filter=${encode({ tenantId })}&range=${encode([0, 499])}`;
                const { status, body } = await get<Role[] & Refusal>(url);
                if (mayOn(subject, 'r:role', tenantId)) {
                    const wanted = await db
                        .select({ id: roles.id })
                        .from(roles)
                        .where(or(isNull(roles.tenantId), eq(roles.tenantId, tenantId)));
                    expect.soft(status, url).toBe(200);
                    expect
                        .soft(sorted(status === 200 ? body.map((role) => role.id) : []), url)
                        .toEqual(sorted(wanted.map((role) => role.id)));
                } else {
                    expect.soft({ status, code: body.code }, url).toEqual({
                        status: 403,
                        code: holds(subject, 'r:role')
                            ? expect.stringMatching(/^(CHANGE_SCOPE|NO_DATA_PERMISSION)$/)
                            : 'NO_PERMISSION',
                    });
                }
            }
            const url = `/api/roles?range=${encode([0, 499])}`;
            const { status, body } = await get<Role[] & Refusal>(url);
            if (isAdminSubject(subject) || tenantPaths(subject, 'r:role').includes('')) {
                expect.soft(status, url).toBe(200);
                expect
                    .soft(body.length, url)
                    .toBe((await db.select({ id: roles.id }).from(roles)).length);
            } else {
                expect.soft({ status, code: body.code }, url).toEqual({
                    status: holds(subject, 'r:role') ? 400 : 403,
                    code: holds(subject, 'r:role') ? 'BAD_REQUEST' : 'NO_PERMISSION',
                });
            }
        },
    },
    {
        route: 'GET /api/roles/:id',
        variant: "every organisation's role, a technical role and an unknown id",
        async run({ subject, world, db, get }: Probe) {
            const ids = await organisationRoles(db, world.tenantIds);
            const reference = await get<Refusal>('/api/roles/nope');
            for (const [tenantId, id] of [...ids, [null, 'role-depot-standard'] as const]) {
                const url = `/api/roles/${id}`;
                const { status, body } = await get<Role & Refusal>(url);
                if (!holds(subject, 'r:role')) {
                    expect
                        .soft({ status, code: body.code }, url)
                        .toEqual({ status: 403, code: 'NO_PERMISSION' });
                } else if (tenantId === null || mayOn(subject, 'r:role', tenantId)) {
                    expect
                        .soft({ status, id: body.id, tenantId: body.tenantId }, url)
                        .toEqual({ status: 200, id, tenantId });
                } else {
                    // Another organisation's role answers exactly like an unknown id.
                    expect
                        .soft(
                            { status, code: body.code, message: body.message?.replace(id, 'nope') },
                            url,
                        )
                        .toEqual({
                            status: 404,
                            code: reference.body.code,
                            message: reference.body.message,
                        });
                }
            }
        },
    },
    {
        route: 'POST /api/roles',
        variant: 'a new role in every organisation and twin',
        async run({ subject, world, db, send }: Probe) {
            for (const tenantId of world.tenantIds) {
                const name = `Matrix ${randomUUID()}`;
                const { status, body } = await send<Role & Refusal>('POST', '/api/roles', {
                    tenantId,
                    name,
                    contexts: ['TENANT'],
                    actions: ['r:parcel-finder'],
                    visibilityPath: tenantId,
                });
                const written = await db.select().from(roles).where(eq(roles.name, name));
                if (mayOn(subject, 'c:role', tenantId)) {
                    expect
                        .soft({ status, tenantId: body.tenantId }, tenantId)
                        .toEqual({ status: 201, tenantId });
                    expect
                        .soft(
                            written.map((role) => role.tenantId),
                            tenantId,
                        )
                        .toEqual([tenantId]);
                    await db.delete(roles).where(eq(roles.name, name));
                } else {
                    expect.soft(status, tenantId).toBe(403);
                    expect.soft(written, tenantId).toEqual([]);
                }
            }
        },
    },
    {
        route: 'PUT /api/roles/:id',
        variant: "every organisation's role and a technical role",
        async run({ subject, world, db, send }: Probe) {
            const ids = await organisationRoles(db, world.tenantIds);
            for (const [tenantId, id] of [...ids, [null, 'role-depot-standard'] as const]) {
                const before = await storedRole(db, id);
                if (!before) throw new Error(`no role ${id}`);
                const url = `/api/roles/${id}`;
                const { status, body } = await send<Role & Refusal>('PUT', url, {
                    name: before.name,
                    contexts: before.contexts,
                    actions: before.actions,
                    visibilityPath: before.visibilityPath,
                    version: before.version,
                });
                const after = await storedRole(db, id);
                if (
                    tenantId !== null &&
                    holds(subject, 'u:role') &&
                    mayOn(subject, 'u:role', tenantId)
                ) {
                    expect
                        .soft({ status, version: body.version }, url)
                        .toEqual({ status: 200, version: before.version + 1 });
                } else {
                    const expected =
                        !holds(subject, 'u:role') || tenantId === null
                            ? 403
                            : mayOn(subject, 'r:role', tenantId)
                              ? 403
                              : 404;
                    expect.soft(status, url).toBe(expected);
                    expect.soft(after, url).toEqual(before);
                }
            }
        },
    },
    {
        route: 'DELETE /api/roles/:id',
        variant: 'an unassigned role of every organisation and a technical role',
        async run({ subject, world, db, send }: Probe) {
            const victims = world.tenantIds.map((tenantId) => ({
                tenantId,
                id: `iso-del-${randomUUID()}`,
            }));
            await db.insert(roles).values(
                victims.map(({ tenantId, id }) => ({
                    id,
                    tenantId,
                    name: `Delete me ${id}`,
                    contexts: ['TENANT' as const],
                    actions: ['r:parcel-finder'],
                    visibilityPath: tenantId,
                })),
            );
            for (const { tenantId, id } of [
                ...victims,
                { tenantId: null, id: 'role-tenant-standard' },
            ]) {
                const url = `/api/roles/${id}`;
                const { status } = await send<Refusal>('DELETE', url);
                const left = await storedRole(db, id);
                if (
                    tenantId !== null &&
                    holds(subject, 'd:role') &&
                    mayOn(subject, 'd:role', tenantId)
                ) {
                    expect.soft({ status, left }, url).toEqual({ status: 200, left: undefined });
                } else {
                    const expected =
                        !holds(subject, 'd:role') || tenantId === null
                            ? 403
                            : mayOn(subject, 'r:role', tenantId)
                              ? 403
                              : 404;
                    expect
                        .soft({ status, kept: left !== undefined }, url)
                        .toEqual({ status: expected, kept: true });
                }
            }
            await db.delete(roles).where(
                inArray(
                    roles.id,
                    victims.map((victim) => victim.id),
                ),
            );
        },
    },
];
