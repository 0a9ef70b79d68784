import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type {
    AppLicenses,
    AppUser,
    Subcontractor,
    Vehicle,
} from '../../../domain/contracts/fleet.js';
import type { Page } from '../../../domain/contracts/common.js';
import type { UsernameRule } from '../../../domain/userRules.js';
import {
    identityUsers,
    permissionAssignments,
    subcontractors,
    users,
    vehicleTrackers,
    vehicles,
} from '../../../server/db/schema/index.js';
import { tenantSettings } from '../../../server/shared/field-rules.js';
import {
    breaches,
    covers,
    depotGrantPaths,
    encode,
    isAdminSubject,
    overlaps,
    sorted,
    tenantGrantPaths,
    type Probe,
    type RouteCase,
    type Subject,
} from './matrix.js';

/**
 * Matrix rows of the fleet routes (issue 5): driver and courier accounts, subcontractors,
 * vehicles and app licences. Where a code is granted is computed here from the caller's grants
 * (independently of domain/permissionChecks.ts): depot grants, five-part subcontractor grants and
 * tenant-admin grants, intersected with the codes it requires. Reads must answer exactly that;
 * writes outside answer like an unknown id and change nothing, and work inside (the rows undo
 * what they created, so the world stays as seeded).
 */

type Region = 'ALL' | string[];

/** Codes a code needs at the same scope (domain/actions.ts, written out again here). */
const requirements: Record<string, string[]> = {
    'c:suco': ['r:suco'],
    'u:suco': ['r:suco'],
    'd:suco': ['r:suco'],
    'r:driver': ['r:suco'],
    'c:driver': ['r:suco', 'r:driver'],
    'u:driver': ['r:suco', 'r:driver'],
    'c:temp-driver': ['r:temp-driver'],
    'u:temp-driver': ['r:temp-driver'],
};

function intersect(a: Region, b: Region): Region {
    if (a === 'ALL') return b;
    if (b === 'ALL') return a;
    const result = new Set<string>();
    for (const left of a)
        for (const right of b)
            if (covers(left, right)) result.add(right);
            else if (covers(right, left)) result.add(left);
    return [...result];
}

function regionOf(subject: Subject, code: string): Region {
    if (isAdminSubject(subject)) return 'ALL';
    const paths = depotGrantPaths(subject, code);
    let region: Region = paths.includes('') ? 'ALL' : paths;
    for (const required of requirements[code] ?? [])
        region = intersect(region, regionOf(subject, required));
    return region;
}

const inRegion = (region: Region, path: string) =>
    region === 'ALL' || region.some((scope) => covers(scope, path));
const touches = (region: Region, path: string) =>
    region === 'ALL' || region.some((scope) => overlaps(scope, path));
const homeOf = (subject: Subject) => subject.tenantId ?? '';

let counter = 0;
const unique = () => `${Date.now() % 100_000}${counter++}`.slice(-6).padStart(6, '7');

function usernameFor(rule: UsernameRule, seed: string): string {
    const digits = seed.replace(/\D/g, '').padStart(6, '3');
    switch (rule) {
        case 'ITALIAN':
        case 'SIX_LAST_FOUR_NUMERIC':
            return `ZQ${digits.slice(-4)}`;
        case 'DIGITS_6':
            return digits.slice(-6);
        case 'DIGITS_10':
            return `99${digits}`.slice(0, 10);
        case 'ALNUM_3_10':
            return `mx${digits}`;
        default:
            return `MX${digits}`;
    }
}

async function appAccounts({ db }: Probe) {
    return db
        .select({
            id: users.id,
            type: users.type,
            scopePath: users.scopePath,
            tenantId: users.tenantId,
            active: users.active,
            version: users.version,
        })
        .from(users)
        .where(inArray(users.type, ['Driver', 'TempDriver']))
        .orderBy(users.id);
}

async function sucoRows({ db }: Probe) {
    return db.select().from(subcontractors).orderBy(subcontractors.id);
}

/** An account of one kind outside the region (preferring another organisation), and one inside. */
async function pickAccounts(
    probe: Probe,
    type: 'Driver' | 'TempDriver',
    region: Region,
    active?: boolean,
) {
    const rows = (await appAccounts(probe)).filter(
        (row) => row.type === type && (active === undefined || row.active === active),
    );
    const home = homeOf(probe.subject);
    const outside = rows.filter((row) => !inRegion(region, row.scopePath ?? ''));
    return {
        outside: outside.find((row) => row.tenantId !== home) ?? outside[0],
        inside: rows.find((row) => inRegion(region, row.scopePath ?? '')),
    };
}

async function undoAppUser(probe: Probe, id: string) {
    const [row] = await probe.db
        .select({ sub: users.identitySub })
        .from(users)
        .where(eq(users.id, id));
    await probe.db.delete(permissionAssignments).where(eq(permissionAssignments.userId, id));
    await probe.db.delete(users).where(eq(users.id, id));
    if (row?.sub) await probe.db.delete(identityUsers).where(eq(identityUsers.sub, row.sub));
}

const appUserBody = (user: {
    firstName?: string;
    lastName?: string;
    mobilePhone?: string | null;
    email?: string | null;
    subcontractorId?: string | null;
    vehicleId?: string | null;
    version: number;
}) => ({
    firstName: user.firstName,
    lastName: user.lastName,
    mobilePhone: user.mobilePhone ?? '',
    email: user.email ?? null,
    subcontractorId: user.subcontractorId ?? '',
    vehicleId: user.vehicleId ?? null,
    version: user.version,
});

export const fleetRoutes: RouteCase[] = [
    {
        route: 'GET /api/v3/users/app',
        variant:
            'driver accounts by r:driver and courier accounts by r:temp-driver, per organisation',
        async run(probe) {
            const { subject, world, expected, get } = probe;
            const drivers = regionOf(subject, 'r:driver');
            const couriers = regionOf(subject, 'r:temp-driver');
            const accounts = await appAccounts(probe);
            const visible = accounts.filter((row) =>
                inRegion(row.type === 'Driver' ? drivers : couriers, row.scopePath ?? ''),
            );
            const all = await get<Page<AppUser>>('/api/v3/users/app?size=500');
            if (
                drivers !== 'ALL' &&
                couriers !== 'ALL' &&
                drivers.length === 0 &&
                couriers.length === 0
            ) {
                expect.soft(all.status, 'no read action anywhere').toBe(403);
                return;
            }
            expect.soft(all.status).toBe(200);
            expect.soft(all.body.totalElements, 'all visible accounts').toBe(visible.length);
            expect
                .soft(
                    breaches(
                        expected,
                        all.body.content.map((user) => user.scopePath),
                    ),
                )
                .toEqual([]);
            if (visible.length <= 500)
                expect
                    .soft(sorted(all.body.content.map((user) => user.id)))
                    .toEqual(sorted(visible.map((row) => row.id)));
            for (const tenantId of world.tenantIds) {
                const url = `/api/v3/users/app?size=1&path=${tenantId}`;
                const response = await get<Page<AppUser>>(url);
                if (!touches(drivers, tenantId) && !touches(couriers, tenantId)) {
                    expect.soft(response.status, url).toBe(403);
                } else {
                    expect
                        .soft({ status: response.status, total: response.body.totalElements }, url)
                        .toEqual({
                            status: 200,
                            total: visible.filter((row) => covers(tenantId, row.scopePath ?? ''))
                                .length,
                        });
                }
            }
        },
    },
    {
        route: 'POST /api/users/:driverType',
        variant:
            'a driver on a subcontractor outside c:driver is refused like an unknown one; inside it is created',
        async run(probe) {
            const { subject, send, db } = probe;
            const region = regionOf(subject, 'c:driver');
            const sucos = await sucoRows(probe);
            const outside =
                sucos.find(
                    (suco) =>
                        !inRegion(region, suco.scopePath) && suco.tenantId !== homeOf(subject),
                ) ?? sucos.find((suco) => !inRegion(region, suco.scopePath));
            const inside = sucos.find((suco) => inRegion(region, suco.scopePath));
            const before = (await appAccounts(probe)).length;
            const body = async (suco: { id: string; tenantId: string }) => {
                const rule =
                    (await tenantSettings(db, suco.tenantId))?.frontend.driverUsernameRule ??
                    'DEFAULT';
                const seed = unique();
                return {
                    username: usernameFor(rule, seed),
                    email: rule === 'ITALIAN' ? `matrix${seed}@matrix.test` : null,
                    firstName: 'Matrix',
                    lastName: 'Probe',
                    mobilePhone: `+4917${seed}${String(counter).padStart(3, '0')}`,
                    subcontractorId: suco.id,
                };
            };
            const noAction = region !== 'ALL' && region.length === 0;
            if (outside) {
                const response = await send<{ code?: string; message?: string }>(
                    'POST',
                    '/api/users/DRIVER',
                    await body(outside),
                );
                expect
                    .soft(
                        noAction
                            ? response.status
                            : { status: response.status, message: response.body.message },
                    )
                    .toEqual(
                        noAction
                            ? 403
                            : {
                                  status: 404,
                                  message: `Subcontractor ${outside.id} was not found.`,
                              },
                    );
                expect.soft((await appAccounts(probe)).length, 'nothing written').toBe(before);
            }
            if (inside) {
                const response = await send<{ user: AppUser }>(
                    'POST',
                    '/api/users/DRIVER',
                    await body(inside),
                );
                expect.soft(response.status, JSON.stringify(response.body)).toBe(201);
                if (response.status === 201) await undoAppUser(probe, response.body.user.id);
            }
        },
    },
    {
        route: 'PUT /api/users/:driverType/:hashId',
        variant: 'an account outside u:driver answers 404 unchanged; inside it is saved',
        async run(probe) {
            const { subject, send, db } = probe;
            const region = regionOf(subject, 'u:driver');
            const { outside, inside } = await pickAccounts(probe, 'Driver', region);
            const load = async (id: string) =>
                (await db.select().from(users).where(eq(users.id, id)))[0];
            const noAction = region !== 'ALL' && region.length === 0;
            if (outside) {
                const row = await load(outside.id);
                const response = await send<{ message?: string }>(
                    'PUT',
                    `/api/users/DRIVER/${outside.id}`,
                    appUserBody({ ...row, firstName: 'Changed', version: row?.version ?? 1 }),
                );
                expect
                    .soft(
                        noAction
                            ? response.status
                            : { status: response.status, message: response.body.message },
                    )
                    .toEqual(
                        noAction
                            ? 403
                            : { status: 404, message: `User ${outside.id} was not found.` },
                    );
                expect.soft((await load(outside.id))?.version, 'unchanged').toBe(row?.version);
            }
            if (inside) {
                const row = await load(inside.id);
                const response = await send<AppUser>(
                    'PUT',
                    `/api/users/DRIVER/${inside.id}`,
                    appUserBody({ ...row, version: row?.version ?? 1 }),
                );
                expect.soft(response.status, JSON.stringify(response.body)).toBe(200);
            }
        },
    },
    ...(['active', 'inactive'] as const).map((state): RouteCase => ({
        route: `PUT /api/users/${state}`,
        variant:
            'a courier account outside the action makes the whole call 404; inside (already in that state) it works',
        async run(probe) {
            const { subject, send, db } = probe;
            const code = state === 'active' ? 'activate-user' : 'deactivate-user';
            const region = regionOf(subject, code);
            const { outside, inside } = await pickAccounts(
                probe,
                'TempDriver',
                region,
                state === 'active',
            );
            const noAction = region !== 'ALL' && region.length === 0;
            if (outside) {
                const ids = inside ? [inside.id, outside.id] : [outside.id];
                const before = await db
                    .select({ id: users.id, version: users.version })
                    .from(users)
                    .where(inArray(users.id, ids));
                const response = await send<{ message?: string }>('PUT', `/api/users/${state}`, {
                    ids,
                });
                expect
                    .soft(
                        noAction
                            ? response.status
                            : { status: response.status, message: response.body.message },
                    )
                    .toEqual(
                        noAction
                            ? 403
                            : { status: 404, message: `User ${outside.id} was not found.` },
                    );
                const after = await db
                    .select({ id: users.id, version: users.version })
                    .from(users)
                    .where(inArray(users.id, ids));
                expect
                    .soft(sorted(after.map((row) => `${row.id}:${row.version}`)), 'unchanged')
                    .toEqual(sorted(before.map((row) => `${row.id}:${row.version}`)));
            }
            if (inside) {
                const response = await send('PUT', `/api/users/${state}`, { ids: [inside.id] });
                expect.soft(response.status).toBe(200);
            }
        },
    })),
    {
        route: 'GET /api/subcontractors',
        variant: 'exactly the subcontractors under r:suco',
        async run(probe) {
            const { subject, expected, get } = probe;
            const region = regionOf(subject, 'r:suco');
            const response = await get<Subcontractor[]>(
                `/api/subcontractors?range=${encode([0, 499])}&sort=${encode(['name', 'ASC'])}`,
            );
            if (region !== 'ALL' && region.length === 0) {
                expect.soft(response.status).toBe(403);
                return;
            }
            const visible = (await sucoRows(probe)).filter((suco) =>
                inRegion(region, suco.scopePath),
            );
            expect
                .soft(sorted(response.body.map((suco) => suco.id)))
                .toEqual(sorted(visible.map((suco) => suco.id)));
            expect
                .soft(
                    breaches(
                        expected,
                        response.body.map((suco) => suco.scopePath),
                    ),
                )
                .toEqual([]);
        },
    },
    {
        route: 'GET /api/subcontractors/:id',
        variant: 'visible ones answer, others (other organisations, twins, neighbours) are unknown',
        async run(probe) {
            const { subject, get } = probe;
            const region = regionOf(subject, 'r:suco');
            const noAction = region !== 'ALL' && region.length === 0;
            const rows = await sucoRows(probe);
            const inside = rows.filter((suco) => inRegion(region, suco.scopePath)).slice(0, 3);
            const outside = rows.filter((suco) => !inRegion(region, suco.scopePath));
            const sample = [
                ...inside,
                ...outside.filter((suco) => suco.name.endsWith('twin')).slice(0, 4),
                ...outside.filter((_, index) => index % 17 === 0).slice(0, 4),
            ];
            for (const suco of sample) {
                const response = await get<{ id?: string; message?: string }>(
                    `/api/subcontractors/${suco.id}`,
                );
                if (noAction) expect.soft(response.status).toBe(403);
                else if (inRegion(region, suco.scopePath))
                    expect
                        .soft({ status: response.status, id: response.body.id })
                        .toEqual({ status: 200, id: suco.id });
                else
                    expect
                        .soft({ status: response.status, message: response.body.message })
                        .toEqual({
                            status: 404,
                            message: `Subcontractor ${suco.id} was not found.`,
                        });
            }
        },
    },
    {
        route: 'POST /api/subcontractors',
        variant: 'a depot outside c:suco is unknown and nothing is written; inside it is created',
        async run(probe) {
            const { subject, world, send, db } = probe;
            const region = regionOf(subject, 'c:suco');
            const noAction = region !== 'ALL' && region.length === 0;
            const outside =
                world.depots.find(
                    (depot) => !inRegion(region, depot.path) && depot.tenantId !== homeOf(subject),
                ) ?? world.depots.find((depot) => !inRegion(region, depot.path));
            const inside = world.depots.find((depot) => inRegion(region, depot.path));
            const name = `Matrix ${unique()}`;
            if (outside) {
                const response = await send<{ message?: string }>('POST', '/api/subcontractors', {
                    depotId: outside.id,
                    name,
                });
                expect
                    .soft(
                        noAction
                            ? response.status
                            : { status: response.status, message: response.body.message },
                    )
                    .toEqual(
                        noAction
                            ? 403
                            : { status: 404, message: `Depot ${outside.id} was not found.` },
                    );
                expect
                    .soft(
                        await db.select().from(subcontractors).where(eq(subcontractors.name, name)),
                    )
                    .toEqual([]);
            }
            if (inside) {
                const response = await send<Subcontractor>('POST', '/api/subcontractors', {
                    depotId: inside.id,
                    name,
                });
                expect.soft(response.status).toBe(201);
                await db.delete(subcontractors).where(eq(subcontractors.name, name));
            }
        },
    },
    {
        route: 'PUT /api/subcontractors/:id',
        variant: 'outside u:suco is unknown and unchanged; inside it is saved',
        async run(probe) {
            const { subject, send, db } = probe;
            const region = regionOf(subject, 'u:suco');
            const noAction = region !== 'ALL' && region.length === 0;
            const rows = await sucoRows(probe);
            const outside =
                rows.find(
                    (suco) =>
                        !inRegion(region, suco.scopePath) && suco.tenantId !== homeOf(subject),
                ) ?? rows.find((suco) => !inRegion(region, suco.scopePath));
            const inside = rows.find((suco) => inRegion(region, suco.scopePath));
            if (outside) {
                const response = await send<{ message?: string }>(
                    'PUT',
                    `/api/subcontractors/${outside.id}`,
                    { name: 'Changed', code: outside.code, version: outside.version },
                );
                expect
                    .soft(
                        noAction
                            ? response.status
                            : { status: response.status, message: response.body.message },
                    )
                    .toEqual(
                        noAction
                            ? 403
                            : {
                                  status: 404,
                                  message: `Subcontractor ${outside.id} was not found.`,
                              },
                    );
                expect
                    .soft(
                        (
                            await db
                                .select()
                                .from(subcontractors)
                                .where(eq(subcontractors.id, outside.id))
                        )[0]?.name,
                    )
                    .toBe(outside.name);
            }
            if (inside) {
                const response = await send('PUT', `/api/subcontractors/${inside.id}`, {
                    name: inside.name,
                    code: inside.code,
                    version: inside.version,
                });
                expect.soft(response.status).toBe(200);
            }
        },
    },
    {
        route: 'DELETE /api/subcontractors/:id',
        variant: 'outside d:suco is unknown and stays; an empty one inside is deleted',
        async run(probe) {
            const { subject, world, send, db } = probe;
            const region = regionOf(subject, 'd:suco');
            const noAction = region !== 'ALL' && region.length === 0;
            const rows = await sucoRows(probe);
            const outside =
                rows.find(
                    (suco) =>
                        !inRegion(region, suco.scopePath) && suco.tenantId !== homeOf(subject),
                ) ?? rows.find((suco) => !inRegion(region, suco.scopePath));
            if (outside) {
                const response = await send<{ message?: string }>(
                    'DELETE',
                    `/api/subcontractors/${outside.id}`,
                );
                expect
                    .soft(
                        noAction
                            ? response.status
                            : { status: response.status, message: response.body.message },
                    )
                    .toEqual(
                        noAction
                            ? 403
                            : {
                                  status: 404,
                                  message: `Subcontractor ${outside.id} was not found.`,
                              },
                    );
                expect
                    .soft(
                        await db
                            .select({ id: subcontractors.id })
                            .from(subcontractors)
                            .where(eq(subcontractors.id, outside.id)),
                    )
                    .toHaveLength(1);
            }
            const depot = world.depots.find((candidate) => inRegion(region, candidate.path));
            if (depot) {
                const id = `mx${unique()}`;
                await db.insert(subcontractors).values({
                    id,
                    tenantId: depot.tenantId,
                    depotId: depot.id,
                    name: `Matrix ${id}`,
                    code: id,
                    scopePath: `${depot.path}.${id}`,
                });
                const response = await send('DELETE', `/api/subcontractors/${id}`);
                expect.soft(response.status).toBe(200);
                await db.delete(subcontractors).where(eq(subcontractors.id, id));
            }
        },
    },
    {
        route: 'GET /api/vehicles',
        variant: 'exactly the vehicles under r:suco (count), none outside',
        async run(probe) {
            const { subject, expected, get, db } = probe;
            const region = regionOf(subject, 'r:suco');
            const response = await get<Vehicle[]>(`/api/vehicles?range=${encode([0, 499])}`);
            if (region !== 'ALL' && region.length === 0) {
                expect.soft(response.status).toBe(403);
                return;
            }
            const all = await db
                .select({ id: vehicles.id, scopePath: vehicles.scopePath })
                .from(vehicles);
            const visible = all.filter((vehicle) => inRegion(region, vehicle.scopePath));
            expect
                .soft(response.headers['content-range'])
                .toMatch(new RegExp(`/${visible.length}$`));
            expect
                .soft(
                    breaches(
                        expected,
                        response.body.map((vehicle) => vehicle.scopePath),
                    ),
                )
                .toEqual([]);
            if (visible.length <= 500)
                expect
                    .soft(sorted(response.body.map((vehicle) => vehicle.id)))
                    .toEqual(sorted(visible.map((vehicle) => vehicle.id)));
        },
    },
    {
        route: 'GET /api/vehicles/:id',
        variant: 'a visible vehicle answers, one of every other organisation is unknown',
        async run(probe) {
            const { subject, get, db, world } = probe;
            const region = regionOf(subject, 'r:suco');
            const noAction = region !== 'ALL' && region.length === 0;
            const all = await db
                .select({
                    id: vehicles.id,
                    scopePath: vehicles.scopePath,
                    tenantId: vehicles.tenantId,
                })
                .from(vehicles)
                .orderBy(vehicles.id);
            const sample = [
                all.find((vehicle) => inRegion(region, vehicle.scopePath)),
                ...world.tenantIds.map((tenantId) =>
                    all.find(
                        (vehicle) =>
                            vehicle.tenantId === tenantId && !inRegion(region, vehicle.scopePath),
                    ),
                ),
            ];
            for (const vehicle of sample) {
                if (!vehicle) continue;
                const response = await get<{ id?: string; message?: string }>(
                    `/api/vehicles/${vehicle.id}`,
                );
                if (noAction) expect.soft(response.status).toBe(403);
                else if (inRegion(region, vehicle.scopePath))
                    expect
                        .soft({ status: response.status, id: response.body.id })
                        .toEqual({ status: 200, id: vehicle.id });
                else
                    expect
                        .soft({ status: response.status, message: response.body.message })
                        .toEqual({ status: 404, message: `Vehicle ${vehicle.id} was not found.` });
            }
        },
    },
    {
        route: 'POST /api/vehicles',
        variant:
            'a subcontractor outside u:suco is unknown and nothing is written; inside the vehicle is created',
        async run(probe) {
            const { subject, send, db } = probe;
            const region = regionOf(subject, 'u:suco');
            const noAction = region !== 'ALL' && region.length === 0;
            const rows = await sucoRows(probe);
            const outside =
                rows.find(
                    (suco) =>
                        !inRegion(region, suco.scopePath) && suco.tenantId !== homeOf(subject),
                ) ?? rows.find((suco) => !inRegion(region, suco.scopePath));
            const inside = rows.find((suco) => inRegion(region, suco.scopePath));
            const freeNumber = async (depotId: string) => {
                const used = new Set(
                    (
                        await db
                            .select({ number: vehicles.number })
                            .from(vehicles)
                            .where(eq(vehicles.depotId, depotId))
                    ).map((row) => row.number),
                );
                for (let n = 9999; n > 0; n--)
                    if (!used.has(String(n).padStart(4, '0'))) return String(n).padStart(4, '0');
                return '0000';
            };
            if (outside) {
                const number = await freeNumber(outside.depotId);
                const response = await send<{ message?: string }>('POST', '/api/vehicles', {
                    subcontractorId: outside.id,
                    number,
                });
                expect
                    .soft(
                        noAction
                            ? response.status
                            : { status: response.status, message: response.body.message },
                    )
                    .toEqual(
                        noAction
                            ? 403
                            : {
                                  status: 404,
                                  message: `Subcontractor ${outside.id} was not found.`,
                              },
                    );
                expect
                    .soft(
                        await db
                            .select()
                            .from(vehicles)
                            .where(
                                and(
                                    eq(vehicles.depotId, outside.depotId),
                                    eq(vehicles.number, number),
                                ),
                            ),
                    )
                    .toEqual([]);
            }
            if (inside) {
                const response = await send<Vehicle>('POST', '/api/vehicles', {
                    subcontractorId: inside.id,
                    number: await freeNumber(inside.depotId),
                });
                expect.soft(response.status).toBe(201);
                if (response.status === 201)
                    await db.delete(vehicles).where(eq(vehicles.id, response.body.id));
            }
        },
    },
    {
        route: 'PUT /api/vehicles/:id',
        variant: 'outside u:suco is unknown and unchanged; inside it is saved',
        async run(probe) {
            const { subject, send, db } = probe;
            const region = regionOf(subject, 'u:suco');
            const noAction = region !== 'ALL' && region.length === 0;
            const all = await db.select().from(vehicles).orderBy(vehicles.id);
            const outside =
                all.find(
                    (vehicle) =>
                        !inRegion(region, vehicle.scopePath) &&
                        vehicle.tenantId !== homeOf(subject),
                ) ?? all.find((vehicle) => !inRegion(region, vehicle.scopePath));
            const inside = all.find((vehicle) => inRegion(region, vehicle.scopePath));
            if (outside) {
                const response = await send<{ message?: string }>(
                    'PUT',
                    `/api/vehicles/${outside.id}`,
                    { number: outside.number, baseDriverId: null, version: outside.version },
                );
                expect
                    .soft(
                        noAction
                            ? response.status
                            : { status: response.status, message: response.body.message },
                    )
                    .toEqual(
                        noAction
                            ? 403
                            : { status: 404, message: `Vehicle ${outside.id} was not found.` },
                    );
                expect
                    .soft(
                        (await db.select().from(vehicles).where(eq(vehicles.id, outside.id)))[0]
                            ?.version,
                    )
                    .toBe(outside.version);
            }
            if (inside) {
                const response = await send('PUT', `/api/vehicles/${inside.id}`, {
                    number: inside.number,
                    baseDriverId: inside.baseDriverId,
                    version: inside.version,
                });
                expect.soft(response.status).toBe(200);
            }
        },
    },
    {
        route: 'DELETE /api/vehicles/:id',
        variant: 'outside u:suco is unknown and stays; inside it is deleted',
        async run(probe) {
            const { subject, send, db } = probe;
            const region = regionOf(subject, 'u:suco');
            const noAction = region !== 'ALL' && region.length === 0;
            const all = await db.select().from(vehicles).orderBy(vehicles.id);
            const outside =
                all.find(
                    (vehicle) =>
                        !inRegion(region, vehicle.scopePath) &&
                        vehicle.tenantId !== homeOf(subject),
                ) ?? all.find((vehicle) => !inRegion(region, vehicle.scopePath));
            if (outside) {
                const response = await send<{ message?: string }>(
                    'DELETE',
                    `/api/vehicles/${outside.id}`,
                );
                expect
                    .soft(
                        noAction
                            ? response.status
                            : { status: response.status, message: response.body.message },
                    )
                    .toEqual(
                        noAction
                            ? 403
                            : { status: 404, message: `Vehicle ${outside.id} was not found.` },
                    );
                expect
                    .soft(
                        await db
                            .select({ id: vehicles.id })
                            .from(vehicles)
                            .where(eq(vehicles.id, outside.id)),
                    )
                    .toHaveLength(1);
            }
            const suco = (await sucoRows(probe)).find((candidate) =>
                inRegion(region, candidate.scopePath),
            );
            if (suco) {
                const id = `mx${unique()}`;
                await db.insert(vehicles).values({
                    id,
                    tenantId: suco.tenantId,
                    depotId: suco.depotId,
                    subcontractorId: suco.id,
                    number: `X${id.slice(-3)}`,
                    scopePath: suco.scopePath,
                });
                const response = await send('DELETE', `/api/vehicles/${id}`);
                expect.soft(response.status).toBe(200);
                await db.delete(vehicles).where(eq(vehicles.id, id));
            }
        },
    },
    {
        route: 'GET /api/tenants/:tenantId/app-licenses',
        variant: 'every organisation and an unknown one',
        async run({ subject, world, get }) {
            const admin = isAdminSubject(subject);
            const granted = tenantGrantPaths(subject, 'r:app-user-licences');
            for (const tenantId of [...world.tenantIds, 'zz-unknown']) {
                const url = `/api/tenants/${tenantId}/app-licenses?month=2026-01`;
                const response = await get<AppLicenses & { code?: string }>(url);
                const allowed = admin || granted.some((path) => covers(path, tenantId));
                if (!allowed) expect.soft(response.status, url).toBe(403);
                else if (!world.tenantIds.includes(tenantId))
                    expect.soft(response.status, url).toBe(404);
                else {
                    expect
                        .soft({ status: response.status, tenantId: response.body.tenantId }, url)
                        .toEqual({ status: 200, tenantId });
                    expect
                        .soft(
                            response.body.depots.every((depot) =>
                                world.depots.some(
                                    (known) =>
                                        known.id === depot.internalDepotId &&
                                        known.tenantId === tenantId,
                                ),
                            ),
                            url,
                        )
                        .toBe(true);
                }
            }
        },
    },
    {
        route: 'GET /api/vehicles/:id/trackers',
        variant: "a visible vehicle's trackers answer; one of every other organisation is unknown",
        async run({ subject, get, db, world }) {
            const region = regionOf(subject, 'r:suco');
            const noAction = region !== 'ALL' && region.length === 0;
            const all = await db.select().from(vehicles).orderBy(vehicles.id);
            const sample = [
                all.find((vehicle) => inRegion(region, vehicle.scopePath)),
                ...world.tenantIds.map((tenantId) =>
                    all.find(
                        (vehicle) =>
                            vehicle.tenantId === tenantId && !inRegion(region, vehicle.scopePath),
                    ),
                ),
            ];
            for (const vehicle of sample) {
                if (!vehicle) continue;
                const response = await get<unknown[] | { message?: string }>(
                    `/api/vehicles/${vehicle.id}/trackers`,
                );
                if (noAction) expect.soft(response.status).toBe(403);
                else if (inRegion(region, vehicle.scopePath))
                    expect.soft(response.status).toBe(200);
                else
                    expect.soft({ status: response.status, body: response.body }).toMatchObject({
                        status: 404,
                        body: { message: `Vehicle ${vehicle.id} was not found.` },
                    });
            }
        },
    },
    {
        route: 'POST /api/vehicles/:id/trackers',
        variant: 'outside u:suco is unknown and nothing is registered; inside it is registered',
        async run({ subject, send, db }) {
            const region = regionOf(subject, 'u:suco');
            const noAction = region !== 'ALL' && region.length === 0;
            const all = await db.select().from(vehicles).orderBy(vehicles.id);
            const outside =
                all.find(
                    (vehicle) =>
                        !inRegion(region, vehicle.scopePath) &&
                        vehicle.tenantId !== homeOf(subject),
                ) ?? all.find((vehicle) => !inRegion(region, vehicle.scopePath));
            const inside = all.find((vehicle) => inRegion(region, vehicle.scopePath));
            const identifier = `iso-${encode(subject.email).slice(0, 40)}`.replace(
                /[^A-Za-z0-9._:-]/g,
                '-',
            );
            if (outside) {
                const response = await send('POST', `/api/vehicles/${outside.id}/trackers`, {
                    identifier: `${identifier}-out`,
                });
                expect.soft(response.status).toBe(noAction ? 403 : 404);
                expect
                    .soft(
                        await db
                            .select()
                            .from(vehicleTrackers)
                            .where(eq(vehicleTrackers.identifier, `${identifier}-out`)),
                    )
                    .toEqual([]);
            }
            if (inside) {
                const response = await send<{ id?: string }>(
                    'POST',
                    `/api/vehicles/${inside.id}/trackers`,
                    { identifier: `${identifier}-in` },
                );
                expect.soft(response.status).toBe(201);
                await db
                    .delete(vehicleTrackers)
                    .where(eq(vehicleTrackers.identifier, `${identifier}-in`));
            }
        },
    },
    {
        route: 'DELETE /api/vehicles/:id/trackers/:trackerId',
        variant: 'outside u:suco the vehicle is unknown and its tracker stays',
        async run({ subject, send, db }) {
            const region = regionOf(subject, 'u:suco');
            const noAction = region !== 'ALL' && region.length === 0;
            const all = await db.select().from(vehicles).orderBy(vehicles.id);
            const outside = all.find((vehicle) => !inRegion(region, vehicle.scopePath));
            if (!outside) return;
            const trackerId = `iso-tracker-${encode(subject.email).slice(0, 30)}`.replace(
                /[^A-Za-z0-9_-]/g,
                '-',
            );
            await db.insert(vehicleTrackers).values({
                id: trackerId,
                tenantId: outside.tenantId,
                vehicleId: outside.id,
                identifier: trackerId,
            });
            const response = await send(
                'DELETE',
                `/api/vehicles/${outside.id}/trackers/${trackerId}`,
            );
            expect.soft(response.status).toBe(noAction ? 403 : 404);
            expect
                .soft(
                    (
                        await db
                            .select()
                            .from(vehicleTrackers)
                            .where(eq(vehicleTrackers.id, trackerId))
                    ).length,
                )
                .toBe(1);
            await db.delete(vehicleTrackers).where(eq(vehicleTrackers.id, trackerId));
        },
    },
];
