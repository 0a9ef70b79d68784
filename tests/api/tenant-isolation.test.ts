import { randomUUID } from 'node:crypto';
import { count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backOfficeUserTypes } from '../../domain/enums.js';
import type { PageViewRecord } from '../../domain/contracts/page-views.js';
import type { DistributionCenter, ScopeNode } from '../../domain/contracts/scopes.js';
import type { NotificationStatistics } from '../../domain/contracts/statistics.js';
import type { HealthStatistics } from '../../domain/contracts/health.js';
import type { TenantConfiguration } from '../../domain/contracts/tenant-configuration.js';
import type { UserProfile } from '../../domain/contracts/profile.js';
import { technicalRoles } from '../../domain/roles.js';
import type { UserSettings } from '../../domain/contracts/settings.js';
import type { Database } from '../../server/db/client.js';
import {
    addressCorrections,
    depotGroups,
    depots,
    jobAssignments,
    pageViews,
    permissionAssignments,
    roles,
    subcontractors,
    tenants,
    userSettings,
    users,
    vehicles,
} from '../../server/db/schema/index.js';
import { generateDemoData } from '../../server/demo/generate.js';
import {
    createDemoApp,
    DEMO_TEST_SEED,
    type DemoApp,
    type DemoResponse,
} from './helpers/demo-app.js';
import {
    breaches,
    covers,
    depotGrantPaths,
    encode,
    flatten,
    heldPaths,
    isAdminSubject,
    latest,
    levelOf,
    overlaps,
    probeDepotIds,
    probePaths,
    sameRefusal,
    segmentsOf,
    sorted,
    tenantGrantPaths,
    type Expected,
    type Grant,
    type MatrixLogin,
    type RouteCase,
    type Subject,
    type World,
} from './isolation/matrix.js';
import { insertDriverAppEvents } from './helpers/driver-app-events.js';
import { configurationRoutes } from './isolation/configuration-routes.js';
import { peopleRoutes } from './isolation/people-routes.js';
import { healthStatusRoutes } from './isolation/health-status-routes.js';
import { tourAdminRoutes } from './isolation/tour-admin-routes.js';
import { depotTourRoutes } from './isolation/depot-tour-routes.js';
import { tourCommanderRoutes } from './isolation/tour-commander-routes.js';
import { addressDeliveryInfoRoutes } from './isolation/address-delivery-info-routes.js';
import { liveStatusRoutes } from './isolation/live-status-routes.js';
import { tourPerformanceRoutes } from './isolation/tour-performance-routes.js';
import { tourActivitiesRoutes } from './isolation/tour-activities-routes.js';
import { rttDashboardRoutes } from './isolation/rtt-dashboard-routes.js';
import { tourHistoryRoutes } from './isolation/tour-history-routes.js';

/**
 * Tenant isolation matrix: every matrix login × every route of the services. For each pair the
 * caller must see exactly what their role assignments in the database allow (computed here,
 * independently of the server's permission code) and, as explicit isolation claims, nothing of
 * another organisation, of a depot outside their scopes (depot- and region-scoped users) or of
 * another subcontractor (subcontractor users), also when guessing ids and paths. The database
 * gets "prefix twins" (organisations, regions, depots and subcontractors whose ids extend those
 * the logins hold: `nordpaket1` next to `nordpaket`, `<depot>1` next to `<depot>`), so a check
 * comparing raw string prefixes would leak.
 *
 * Adding a route is one entry in `routes`; the coverage test fails when a service route has none.
 */

// ---- who is in the matrix (known when the tests are collected: the demo data is deterministic) -----

/** Grant plans whose first user of every organisation joins the matrix (tenant, region and depot scoped). */
const PLANS_IN_EVERY_ORGANISATION = [
    'Organization Admin@tenant',
    'Standard Access (Services)@group',
    'Standard Access (Depot)@depot',
];

/**
 * The demo logins (one per technical role, then one per back-office user type), then in every
 * organisation the first user of each plan above (so isolation is checked in every direction),
 * then every subcontractor user.
 */
function matrixLogins(): MatrixLogin[] {
    const demo = generateDemoData(DEMO_TEST_SEED);
    const roleNames = new Map(technicalRoles.map((role) => [role.id, role.name]));
    const grantsOf = (userId: string) =>
        demo.permissionAssignments
            .filter((assignment) => assignment.userId === userId)
            .map(
                (assignment) =>
                    `${roleNames.get(assignment.roleId) ?? assignment.roleId}@${levelOf(assignment.scopePath)}`,
            )
            .join(' + ');
    const staff = demo.users.filter((user) =>
        (backOfficeUserTypes as readonly string[]).includes(user.type),
    );
    const byEmail = new Map(staff.map((user) => [user.email ?? '', user]));
    const logins = new Map<string, string>();
    const labels = new Set<string>();
    const add = (email: string, label: string) => {
        if (logins.has(email)) return;
        const home = byEmail.get(email)?.tenantId ?? 'platform';
        let unique = `${label} · ${home}`;
        for (let n = 2; labels.has(unique); n++) unique = `${label} · ${home} #${n}`;
        labels.add(unique);
        logins.set(email, unique);
    };
    for (const login of demo.logins) add(login.email, login.role);
    for (const organisation of demo.tenants) {
        for (const plan of PLANS_IN_EVERY_ORGANISATION) {
            const user = staff.find(
                (candidate) =>
                    candidate.tenantId === organisation.id && grantsOf(candidate.id) === plan,
            );
            if (!user) throw new Error(`no user with ${plan} in ${organisation.id}`);
            add(user.email ?? '', plan);
        }
    }
    for (const user of staff)
        if (user.type === 'SubContractorManager' || user.type === 'SubContractorUser')
            add(user.email ?? '', `${user.type}: ${grantsOf(user.id)}`);
    return [...logins].map(([email, label]) => ({ email, label }));
}

// ---- what the database says ------------------------------------------------------------------------

async function loadSubject(db: Database, login: MatrixLogin, token: string): Promise<Subject> {
    const [user] = await db
        .select({ id: users.id, tenantId: users.tenantId })
        .from(users)
        .where(eq(users.email, login.email));
    if (!user) throw new Error(`no user ${login.email}`);
    const grants = await db
        .select({
            id: permissionAssignments.id,
            name: roles.name,
            path: permissionAssignments.scopePath,
            contexts: roles.contexts,
            actions: roles.actions,
        })
        .from(permissionAssignments)
        .innerJoin(roles, eq(roles.id, permissionAssignments.roleId))
        .where(eq(permissionAssignments.userId, user.id));
    return { ...login, userId: user.id, tenantId: user.tenantId, grants, token };
}

/** Paths are rebuilt from the id columns, and must equal the stored scope paths. */
async function loadWorld(db: Database): Promise<World> {
    const tenantRows = await db.select({ id: tenants.id }).from(tenants);
    const depotRows = await db.select().from(depots);
    const sucoRows = await db.select().from(subcontractors);
    const depotList = depotRows.map((depot) => {
        const path = [depot.tenantId, depot.countryCode, depot.groupId, depot.internalDepotId].join(
            '.',
        );
        expect(depot.scopePath, `stored path of depot ${depot.internalDepotId}`).toBe(path);
        return {
            id: depot.internalDepotId,
            tenantId: depot.tenantId,
            externalDepotId: depot.externalDepotId,
            path,
        };
    });
    const depotPath = new Map(depotList.map((depot) => [depot.id, depot.path]));
    const nodes = new Set<string>(tenantRows.map((tenant) => tenant.id));
    for (const depot of depotList) {
        const parts = segmentsOf(depot.path);
        for (let length = 2; length <= 4; length++) nodes.add(parts.slice(0, length).join('.'));
    }
    for (const suco of sucoRows) {
        const path = `${depotPath.get(suco.depotId) ?? '?'}.${suco.id}`;
        expect(suco.scopePath, `stored path of subcontractor ${suco.id}`).toBe(path);
        nodes.add(path);
    }
    return {
        tenantIds: tenantRows.map((tenant) => tenant.id).sort(),
        depots: depotList,
        nodePaths: [...nodes].sort(),
    };
}

/**
 * Prefix twins for every organisation and for every region, depot and subcontractor a matrix
 * login holds: same parent, id extended by one character. Nobody holds a twin.
 */
async function seedPrefixTwins(db: Database, held: readonly string[]): Promise<void> {
    const [tenantRows, groupRows, depotRows, sucoRows] = await Promise.all([
        db.select().from(tenants),
        db.select().from(depotGroups),
        db.select().from(depots),
        db.select().from(subcontractors),
    ]);
    const newTenants = new Map<string, typeof tenants.$inferInsert>();
    const newGroups = new Map<string, typeof depotGroups.$inferInsert>();
    const newDepots = new Map<string, typeof depots.$inferInsert>();
    const newSucos = new Map<string, typeof subcontractors.$inferInsert>();
    const depotCopy = (
        depot: (typeof depotRows)[number],
        tenantId: string,
        groupId: string,
        internalDepotId: string,
        externalDepotId: string,
    ) => {
        const { createdAt: _created, updatedAt: _updated, ...rest } = depot;
        const scopePath = [tenantId, depot.countryCode, groupId, internalDepotId].join('.');
        newDepots.set(internalDepotId, {
            ...rest,
            tenantId,
            groupId,
            internalDepotId,
            externalDepotId,
            name: `${depot.name} twin`,
            scopePath,
        });
        return scopePath;
    };
    const sucoCopy = (
        suco: (typeof sucoRows)[number],
        tenantId: string,
        depotId: string,
        depotPath: string,
        id: string,
    ) =>
        newSucos.set(id, {
            id,
            tenantId,
            depotId,
            name: `${suco.name} twin`,
            code: `${suco.code}T`,
            scopePath: `${depotPath}.${id}`,
        });
    const first = <T>(list: T[], what: string): T => {
        const [item] = list;
        if (!item) throw new Error(`no ${what}`);
        return item;
    };
    for (const tenant of tenantRows) {
        const depot = first(
            depotRows.filter((candidate) => candidate.tenantId === tenant.id),
            `depot of ${tenant.id}`,
        );
        const group = first(
            groupRows.filter((candidate) => candidate.id === depot.groupId),
            `group ${depot.groupId}`,
        );
        const suco = first(
            sucoRows.filter((candidate) => candidate.depotId === depot.internalDepotId),
            `subcontractor of ${depot.internalDepotId}`,
        );
        // `<id>1`, and for ids with hyphens the same id with underscores (the browser sends tenant ids with `_` as `-`).
        const twins: [string, string][] = [
            [`${tenant.id}1`, 't'],
            ...(tenant.id.includes('-')
                ? [[tenant.id.replaceAll('-', '_'), 'u'] as [string, string]]
                : []),
        ];
        for (const [tenantId, mark] of twins) {
            newTenants.set(tenantId, {
                id: tenantId,
                name: `${tenant.name} twin`,
                countryCode: tenant.countryCode,
                timeZone: tenant.timeZone,
            });
            newGroups.set(`${group.id}${mark}`, {
                id: `${group.id}${mark}`,
                tenantId,
                name: group.name,
            });
            const depotPath = depotCopy(
                depot,
                tenantId,
                `${group.id}${mark}`,
                `${depot.internalDepotId}${mark}`,
                depot.externalDepotId,
            );
            sucoCopy(
                suco,
                tenantId,
                `${depot.internalDepotId}${mark}`,
                depotPath,
                `${suco.id}${mark}`,
            );
        }
    }
    for (const path of new Set(held)) {
        const [tenantId, , groupId, depotId, sucoId] = segmentsOf(path);
        if (!tenantId) continue;
        if (sucoId) {
            const suco = first(
                sucoRows.filter((candidate) => candidate.id === sucoId),
                `subcontractor ${sucoId}`,
            );
            const depot = first(
                depotRows.filter((candidate) => candidate.internalDepotId === suco.depotId),
                `depot ${suco.depotId}`,
            );
            sucoCopy(suco, suco.tenantId, suco.depotId, depot.scopePath, `${sucoId}1`);
        } else if (depotId) {
            const depot = first(
                depotRows.filter((candidate) => candidate.internalDepotId === depotId),
                `depot ${depotId}`,
            );
            depotCopy(
                depot,
                depot.tenantId,
                depot.groupId,
                `${depotId}1`,
                `T-${depot.externalDepotId}`,
            );
        } else if (groupId) {
            const group = first(
                groupRows.filter((candidate) => candidate.id === groupId),
                `group ${groupId}`,
            );
            const depot = first(
                depotRows.filter((candidate) => candidate.groupId === groupId),
                `depot of ${groupId}`,
            );
            newGroups.set(`${groupId}1`, {
                id: `${groupId}1`,
                tenantId: group.tenantId,
                name: `${group.name} twin`,
            });
            depotCopy(
                depot,
                depot.tenantId,
                `${groupId}1`,
                `${depot.internalDepotId}g`,
                `G-${depot.externalDepotId}`,
            );
        }
    }
    await db.insert(tenants).values([...newTenants.values()]);
    await db.insert(depotGroups).values([...newGroups.values()]);
    await db.insert(depots).values([...newDepots.values()]);
    await db.insert(subcontractors).values([...newSucos.values()]);
}

// ---- expectations: the permission rules of the spec, written out here ------------------------------

function expectationsOf(subject: Subject, world: World): Expected {
    const { grants } = subject;
    const admin = grants.some(
        (grant) => grant.contexts.includes('ADMIN') && grant.actions.includes('admin'),
    );
    const subcontractorPath = (path: string) => segmentsOf(path).length === 5;
    // Depots: tenant scopes with tenant-admin or r:tenant-dcs reveal what they cover; depot scopes
    // what they cover, or the depot they lie in; a subcontractor scope (five parts) its depot.
    const reveals = (grant: Grant, depotPath: string) =>
        (grant.contexts.includes('TENANT') &&
            (grant.actions.includes('tenant-admin') || grant.actions.includes('r:tenant-dcs')) &&
            covers(grant.path, depotPath)) ||
        (grant.contexts.includes('DEPOT') && overlaps(grant.path, depotPath)) ||
        (grant.contexts.includes('SUBCONTRACTOR') &&
            subcontractorPath(grant.path) &&
            covers(depotPath, grant.path));
    const depotIds = world.depots
        .filter((depot) => admin || grants.some((grant) => reveals(grant, depot.path)))
        .map((depot) => depot.id);
    // Scope tree: every node overlapping a scope the caller holds a tenant or depot role on, or a
    // subcontractor role on a five-part path.
    const held = admin
        ? ['']
        : grants
              .filter(
                  (grant) =>
                      grant.contexts.includes('TENANT') ||
                      grant.contexts.includes('DEPOT') ||
                      (grant.contexts.includes('SUBCONTRACTOR') && subcontractorPath(grant.path)),
              )
              .map((grant) => grant.path);
    const nodes = new Set([
        '',
        ...world.nodePaths.filter((path) => held.some((scope) => overlaps(scope, path))),
    ]);
    const tenantScopes = grants
        .filter((grant) => grant.contexts.includes('TENANT'))
        .map((grant) => grant.path);
    const profileTenants =
        admin || tenantScopes.includes('')
            ? world.tenantIds
            : tenantScopes.map((path) => segmentsOf(path)[0] ?? '');
    const home: Expected['home'] = {};
    if (!admin && subject.tenantId) home.tenant = subject.tenantId;
    if (
        !admin &&
        grants.length > 0 &&
        grants.every((grant) => segmentsOf(grant.path).length >= 3)
    ) {
        home.depots = grants.map((grant) => segmentsOf(grant.path).slice(0, 4).join('.'));
    }
    if (
        !admin &&
        grants.length > 0 &&
        grants.every(
            (grant) => grant.contexts.join() === 'SUBCONTRACTOR' && subcontractorPath(grant.path),
        )
    ) {
        home.subcontractors = grants.map((grant) => grant.path);
    }
    return { admin, depots: new Set(depotIds), nodes, tenants: new Set(profileTenants), home };
}

const routes: RouteCase[] = [
    {
        route: 'GET /api/users/me',
        async run({ subject, expected, get }) {
            const { status, body } = await get<UserProfile>('/api/users/me');
            expect(status).toBe(200);
            expect(body.id).toBe(subject.userId);
            expect(sorted(body.permissions.map((permission) => permission.id))).toEqual(
                sorted(subject.grants.map((grant) => grant.id)),
            );
            const ownPaths = new Set(subject.grants.map((grant) => grant.path));
            const actionPaths = [
                ...Object.keys(body.actions.TENANT),
                ...Object.keys(body.actions.DEPOT),
                ...Object.keys(body.actions.SUBCONTRACTOR),
            ];
            expect(
                actionPaths.filter((path) => !ownPaths.has(path)),
                'action scopes that are not the caller’s',
            ).toEqual([]);
            expect(
                breaches(
                    expected,
                    body.tenants.map((tenant) => tenant.id),
                ),
            ).toEqual([]);
            expect(sorted(body.tenants.map((tenant) => tenant.id))).toEqual(
                sorted(expected.tenants),
            );
        },
    },
    {
        route: 'GET /api/distributionCenters',
        async run({ expected, get }) {
            for (const url of ['/api/distributionCenters', '/api/distributionCenters?path=']) {
                const { status, body } = await get<DistributionCenter[]>(url);
                expect(status, url).toBe(200);
                expect(
                    breaches(
                        expected,
                        body.map((depot) => depot.path),
                    ),
                    url,
                ).toEqual([]);
                expect(sorted(body.map((depot) => depot.internalDepotId)), url).toEqual(
                    sorted(expected.depots),
                );
            }
        },
    },
    {
        route: 'GET /api/distributionCenters',
        variant: 'paths of every organisation, region and depot, subcontractors, guesses',
        async run(probe) {
            const { expected, world, get } = probe;
            for (const path of probePaths(probe)) {
                const url = `/api/distributionCenters?path=${path}`;
                const { status, body } = await get<DistributionCenter[]>(url);
                const wanted = world.depots
                    .filter((depot) => expected.depots.has(depot.id) && covers(path, depot.path))
                    .map((depot) => depot.id);
                // A path filter outside the caller's scopes answers an empty list, as an unknown path does.
                expect.soft(status, url).toBe(200);
                expect
                    .soft(
                        breaches(
                            expected,
                            body.map((depot) => depot.path),
                        ),
                        url,
                    )
                    .toEqual([]);
                expect
                    .soft(sorted(body.map((depot) => depot.internalDepotId)), url)
                    .toEqual(sorted(wanted));
            }
        },
    },
    {
        route: 'GET /api/scopes',
        variant: 'whole tree, every level',
        async run({ expected, get }) {
            for (const level of [undefined, 1, 2, 3, 4, 5]) {
                const url = level === undefined ? '/api/scopes' : `/api/scopes?level=${level}`;
                const { status, body } = await get<ScopeNode>(url);
                expect(status, url).toBe(200);
                const paths = flatten(body).map((node) => node.path);
                const wanted = [...expected.nodes].filter(
                    (path) => segmentsOf(path).length <= (level ?? 5),
                );
                expect(breaches(expected, paths), url).toEqual([]);
                expect(sorted(paths), url).toEqual(sorted(wanted));
            }
        },
    },
    {
        route: 'GET /api/scopes',
        variant: 'paths of every organisation, region and depot, subcontractors, guesses',
        async run(probe) {
            const { expected, get } = probe;
            for (const path of probePaths(probe)) {
                const url = `/api/scopes?path=${path}`;
                const { status, body } = await get<ScopeNode & { code?: string; message?: string }>(
                    url,
                );
                if (expected.nodes.has(path)) {
                    expect.soft(status, url).toBe(200);
                    const paths = status === 200 ? flatten(body).map((node) => node.path) : [];
                    expect.soft(breaches(expected, paths), url).toEqual([]);
                    expect
                        .soft(sorted(paths), url)
                        .toEqual(sorted([...expected.nodes].filter((node) => covers(path, node))));
                } else {
                    // Outside the caller's scopes and unknown answer alike: nothing tells them apart.
                    expect.soft({ status, code: body.code, message: body.message }, url).toEqual({
                        status: 403,
                        code: 'NO_DATA_PERMISSION',
                        message: `The scope ${path} does not exist or is outside your permissions.`,
                    });
                }
            }
        },
    },
    {
        route: 'GET /tenant-admin/v1/depots',
        variant: 'list, filtered by every organisation, searched for hidden depots',
        async run({ expected, world, get }) {
            const list = async (filter: Record<string, string>) => {
                const url = `/tenant-admin/v1/depots?range=${encode([0, 499])}&sort=${encode(['name', 'ASC'])}&filter=${encode(filter)}`;
                const response = await get<{ id: string; scopePath: string }[]>(url);
                expect.soft(response.status, url).toBe(200);
                const ids = response.body.map((depot) => depot.id);
                expect
                    .soft(
                        breaches(
                            expected,
                            response.body.map((depot) => depot.scopePath),
                        ),
                        url,
                    )
                    .toEqual([]);
                expect
                    .soft(response.headers['content-range'], url)
                    .toMatch(new RegExp(`/${ids.length}$`));
                return { url, ids: sorted(ids) };
            };
            const all = await list({});
            expect.soft(all.ids, all.url).toEqual(sorted(expected.depots));
            for (const tenantId of world.tenantIds) {
                const { url, ids } = await list({ tenantId });
                expect
                    .soft(ids, url)
                    .toEqual(
                        sorted(
                            world.depots
                                .filter(
                                    (depot) =>
                                        depot.tenantId === tenantId &&
                                        expected.depots.has(depot.id),
                                )
                                .map((depot) => depot.id),
                        ),
                    );
            }
            // A search never reaches a hidden depot: one search by number per region the caller does not fully see.
            const searched = new Set<string>();
            for (const hidden of world.depots.filter((depot) => !expected.depots.has(depot.id))) {
                const region = segmentsOf(hidden.path).slice(0, 3).join('.');
                if (searched.has(region)) continue;
                searched.add(region);
                const { url, ids } = await list({ q: hidden.externalDepotId });
                expect.soft(ids, url).not.toContain(hidden.id);
            }
        },
    },
    {
        route: 'GET /tenant-admin/v1/depots/:internalDepotId',
        variant: 'every depot id of every organisation and guesses',
        async run(probe) {
            const { expected, get } = probe;
            for (const id of probeDepotIds(probe)) {
                const url = `/tenant-admin/v1/depots/${id}`;
                const { status, body } = await get<{
                    id?: string;
                    scopePath?: string;
                    code?: string;
                    message?: string;
                }>(url);
                if (expected.depots.has(id)) {
                    expect.soft({ status, id: body.id }, url).toEqual({ status: 200, id });
                    expect.soft(breaches(expected, [body.scopePath ?? '?']), url).toEqual([]);
                } else {
                    // Another organisation's depot answers exactly like a depot that does not exist.
                    expect.soft({ status, code: body.code, message: body.message }, url).toEqual({
                        status: 404,
                        code: 'NOT_FOUND',
                        message: `Depot ${id} was not found.`,
                    });
                }
            }
        },
    },
];

// ---- shell data (issue 4): health rows, address corrections, other users --------------------------

/** The day of the health rows: noon UTC falls on this date in every European zone. */
const HEALTH_DATE = '2026-01-15';
const UNKNOWN_TENANT = 'zz-unknown';

interface ShellData {
    /** Per depot id: when its one assignment was imported, and its one vehicle scan (time and the vehicle's scope path). */
    health: Map<string, { assignmentAt: string; scan: { at: string; path: string } | null }>;
    /** Pending address corrections per depot id (the demo's and one to three more per depot). */
    pending: Map<string, number>;
    /** Driver and courier accounts (never readable as back-office profiles). */
    appUserIds: string[];
    /** Business hours of every organisation. */
    businessHours: Map<string, { from: string; to: string }>;
}

let shell: ShellData;

/** Writes one assignment, one vehicle scan (where the depot has a vehicle) and a few corrections per depot. */
async function seedShellData(db: Database, world: World): Promise<ShellData> {
    const vehicleRows = await db
        .select({ id: vehicles.id, depotId: vehicles.depotId, scopePath: vehicles.scopePath })
        .from(vehicles)
        .orderBy(vehicles.id);
    const firstVehicle = new Map<string, (typeof vehicleRows)[number]>();
    for (const vehicle of vehicleRows)
        if (!firstVehicle.has(vehicle.depotId)) firstVehicle.set(vehicle.depotId, vehicle);
    const data: ShellData = {
        health: new Map(),
        pending: new Map(),
        appUserIds: [],
        businessHours: new Map(),
    };
    const assignmentRows: (typeof jobAssignments.$inferInsert)[] = [];
    const eventRows: Parameters<typeof insertDriverAppEvents>[1] = [];
    const correctionRows: (typeof addressCorrections.$inferInsert)[] = [];
    const correction = (depot: World['depots'][number], status: 'PENDING' | 'APPROVED') => ({
        id: randomUUID(),
        tenantId: depot.tenantId,
        depotId: depot.id,
        scopePath: depot.path,
        status,
        currentLatitude: 50,
        currentLongitude: 10,
        correctedLatitude: 50.0001,
        correctedLongitude: 10.0001,
        coordinateType: 'STREET' as const,
        distanceM: 13,
        navigationAddress: 'Hauptstraße 1',
    });
    [...world.depots]
        .sort((a, b) => a.id.localeCompare(b.id))
        .forEach((depot, index) => {
            const assignmentAt = new Date(Date.parse(`${HEALTH_DATE}T06:00:00Z`) + index * 10_000);
            assignmentRows.push({
                id: randomUUID(),
                tenantId: depot.tenantId,
                depotId: depot.id,
                scopePath: depot.path,
                jobId: randomUUID(),
                assignmentDate: HEALTH_DATE,
                assignmentKey: 'VEHICLE',
                assignmentValue: '0001',
                importedAt: assignmentAt,
            });
            const vehicle = firstVehicle.get(depot.id);
            let scan: { at: string; path: string } | null = null;
            if (vehicle) {
                const at = new Date(Date.parse(`${HEALTH_DATE}T12:00:00Z`) + index * 10_000);
                eventRows.push({
                    tenantId: depot.tenantId,
                    depotId: depot.id,
                    scopePath: vehicle.scopePath,
                    vehicleId: vehicle.id,
                    type: 'SCAN',
                    occurredAt: at,
                });
                scan = { at: at.toISOString(), path: vehicle.scopePath };
            }
            data.health.set(depot.id, { assignmentAt: assignmentAt.toISOString(), scan });
            const pending = (index % 3) + 1;
            for (let n = 0; n < pending; n++) correctionRows.push(correction(depot, 'PENDING'));
            correctionRows.push(correction(depot, 'APPROVED'));
        });
    for (let start = 0; start < assignmentRows.length; start += 500)
        await db.insert(jobAssignments).values(assignmentRows.slice(start, start + 500));
    await insertDriverAppEvents(db, eventRows);
    for (let start = 0; start < correctionRows.length; start += 500)
        await db.insert(addressCorrections).values(correctionRows.slice(start, start + 500));
    // The demo seed writes corrections too: count what the database holds.
    data.pending = new Map(
        (
            await db
                .select({ depotId: addressCorrections.depotId, total: count() })
                .from(addressCorrections)
                .where(eq(addressCorrections.status, 'PENDING'))
                .groupBy(addressCorrections.depotId)
        ).map((row) => [row.depotId, row.total]),
    );
    const appUsers = await db
        .select({ id: users.id, type: users.type })
        .from(users)
        .orderBy(users.id);
    data.appUserIds = [
        ...appUsers.filter((user) => user.type === 'Driver').slice(0, 2),
        ...appUsers.filter((user) => user.type === 'TempDriver').slice(0, 1),
    ].map((user) => user.id);
    for (const tenant of await db.select().from(tenants))
        data.businessHours.set(tenant.id, {
            from: tenant.businessHoursFrom,
            to: tenant.businessHoursTo,
        });
    return data;
}

const shellRoutes: RouteCase[] = [
    {
        route: 'PUT /api/users/me/settings',
        async run({ subject, get, send }) {
            const others = async () =>
                demo.db
                    .select()
                    .from(userSettings)
                    .where(ne(userSettings.userId, subject.userId))
                    .orderBy(userSettings.userId);
            const before = await others();
            const settings: UserSettings = {
                dateFormat: 'DATE_L_SLASH',
                timeFormat: 'TIME_12_HOURS_A',
                lengthFormat: 'LENGTH_IMPERIAL',
                weightFormat: 'WEIGHT_METRIC',
                numberFormat: 'DE',
            };
            const { status, body } = await send<{ userSettings: UserSettings }>(
                'PUT',
                '/api/users/me/settings',
                settings,
            );
            expect({ status, body }).toEqual({ status: 200, body: { userSettings: settings } });
            expect((await get<UserProfile>('/api/users/me')).body.settings).toEqual(settings);
            // Only the caller's own row was written.
            expect(await others()).toEqual(before);
        },
    },
    {
        route: 'PATCH /api/users/me/settings',
        async run({ subject, get, send }) {
            const others = async () =>
                demo.db
                    .select()
                    .from(userSettings)
                    .where(ne(userSettings.userId, subject.userId))
                    .orderBy(userSettings.userId);
            const before = await others();
            const own = (await get<UserProfile>('/api/users/me')).body.settings;
            const { status, body } = await send<{ userSettings: UserSettings }>(
                'PATCH',
                '/api/users/me/settings',
                { settingsKey: 'timeFormat', settingsValue: 'TIME_24_HOURS' },
            );
            expect(status).toBe(200);
            expect(body.userSettings.timeFormat).toBe('TIME_24_HOURS');
            if (own) expect(body.userSettings).toEqual({ ...own, timeFormat: 'TIME_24_HOURS' });
            expect((await get<UserProfile>('/api/users/me')).body.settings).toEqual(
                body.userSettings,
            );
            expect(await others()).toEqual(before);
        },
    },
    {
        route: 'GET /api/users/:hashId',
        variant: 'every matrix login, drivers, courier accounts and an unknown id',
        async run({ subject, expected, get }) {
            const admin = isAdminSubject(subject);
            // r:bo-user (depot or tenant context) and tenant-admin: where other users' roles may be read.
            const readable = [
                ...depotGrantPaths(subject, 'r:bo-user'),
                ...tenantGrantPaths(subject, 'r:bo-user'),
            ];
            const targets = [...subjects.values()].map((entry) => entry.subject);
            for (const target of targets) {
                const url = `/api/users/${target.userId}`;
                const { status, body } = await get<
                    UserProfile & { code?: string; message?: string }
                >(url);
                const visible =
                    admin || target.userId === subject.userId
                        ? target.grants
                        : target.grants.filter((grant) =>
                              readable.some((path) => covers(path, grant.path)),
                          );
                if (admin || target.userId === subject.userId || visible.length > 0) {
                    expect.soft(status, url).toBe(200);
                    expect
                        .soft(
                            sorted((body.permissions ?? []).map((permission) => permission.id)),
                            url,
                        )
                        .toEqual(sorted(visible.map((grant) => grant.id)));
                    if (target.userId !== subject.userId)
                        expect.soft(body.settings, url).toBeNull();
                    if (!admin)
                        expect
                            .soft(
                                breaches(
                                    expected,
                                    (body.permissions ?? []).map((permission) => permission.path),
                                ),
                                url,
                            )
                            .toEqual([]);
                } else {
                    expect.soft({ status, code: body.code, message: body.message }, url).toEqual({
                        status: 404,
                        code: 'NOT_FOUND',
                        message: `User ${target.userId} was not found.`,
                    });
                }
            }
            for (const id of [...shell.appUserIds, 'nope']) {
                const { status, body } = await get<{ code?: string; message?: string }>(
                    `/api/users/${id}`,
                );
                expect.soft({ status, code: body.code, message: body.message }, id).toEqual({
                    status: 404,
                    code: 'NOT_FOUND',
                    message: `User ${id} was not found.`,
                });
            }
        },
    },
    {
        route: 'GET /api/tenant-configuration/:tenantId',
        variant:
            'every organisation and twin, as sent by the browser (`_` as `-`) and as stored, and an unknown id',
        async run({ subject, expected, world, get }) {
            const admin = isAdminSubject(subject);
            for (const tenantId of [...world.tenantIds, UNKNOWN_TENANT]) {
                for (const key of new Set([tenantId.replaceAll('_', '-'), tenantId])) {
                    const url = `/api/tenant-configuration/${key}`;
                    const { status, body } = await get<
                        TenantConfiguration & { code?: string; message?: string }
                    >(url);
                    const allowed = world.tenantIds.filter(
                        (candidate) =>
                            candidate.replaceAll('_', '-') === key.replaceAll('_', '-') &&
                            (admin || expected.nodes.has(candidate)),
                    );
                    const chosen =
                        allowed.find((candidate) => candidate === key) ?? sorted(allowed)[0];
                    if (chosen) {
                        expect
                            .soft({ status, id: body.id, hours: body.frontend?.businessHours }, url)
                            .toEqual({
                                status: 200,
                                id: chosen,
                                hours: shell.businessHours.get(chosen),
                            });
                        expect.soft(breaches(expected, [body.id]), url).toEqual([]);
                    } else {
                        expect
                            .soft({ status, code: body.code, message: body.message }, url)
                            .toEqual({
                                status: 404,
                                code: 'NOT_FOUND',
                                message: `Tenant configuration ${key} was not found.`,
                            });
                    }
                }
            }
        },
    },
    {
        route: 'GET /api/depots/:internalDepotId/health-statistics/:date',
        variant: 'every depot id of every organisation and guesses',
        async run(probe) {
            const { subject, world, get } = probe;
            const admin = isAdminSubject(subject);
            const granted = depotGrantPaths(subject, 'r:health-status');
            const reference = await get<{ code?: string; message?: string }>(
                `/api/depots/nope/health-statistics/${HEALTH_DATE}`,
            );
            for (const id of probeDepotIds(probe)) {
                const url = `/api/depots/${id}/health-statistics/${HEALTH_DATE}`;
                const { status, body } = await get<
                    HealthStatistics & { code?: string; message?: string }
                >(url);
                const depot = world.depots.find((candidate) => candidate.id === id);
                const health = shell.health.get(id);
                if (
                    depot &&
                    health &&
                    (admin || granted.some((path) => covers(path, depot.path)))
                ) {
                    expect.soft({ status, body }, url).toEqual({
                        status: 200,
                        body: {
                            lastAssignmentAt: health.assignmentAt,
                            lastStatusChangeAt: health.scan?.at ?? null,
                        },
                    });
                } else {
                    // Outside the grant answers exactly like an unknown depot.
                    const refusal = sameRefusal(body, status, id, reference, 'nope');
                    expect.soft(refusal.expected.status, url).not.toBe(200);
                    expect
                        .soft(
                            {
                                status: refusal.status,
                                code: refusal.code,
                                message: refusal.message,
                            },
                            url,
                        )
                        .toEqual(refusal.expected);
                }
            }
        },
    },
    {
        route: 'GET /api/tenants/:tenantId/health-statistics/:date',
        variant: 'every organisation and twin, and an unknown id',
        async run({ subject, world, get }) {
            const admin = isAdminSubject(subject);
            const granted = tenantGrantPaths(subject, 'r:health-status');
            const reference = await get<{ code?: string; message?: string }>(
                `/api/tenants/${UNKNOWN_TENANT}/health-statistics/${HEALTH_DATE}`,
            );
            for (const tenantId of world.tenantIds) {
                const url = `/api/tenants/${tenantId}/health-statistics/${HEALTH_DATE}`;
                const { status, body } = await get<
                    HealthStatistics & { code?: string; message?: string }
                >(url);
                if (admin || granted.some((path) => overlaps(path, tenantId))) {
                    // The organisation's rows under the scopes where the feature is held.
                    const scopes = admin ? [tenantId] : granted;
                    const depotsOf = world.depots.filter((depot) => depot.tenantId === tenantId);
                    const assignments = depotsOf
                        .filter((depot) => scopes.some((path) => covers(path, depot.path)))
                        .flatMap((depot) => shell.health.get(depot.id)?.assignmentAt ?? []);
                    const scans = depotsOf
                        .flatMap((depot) => shell.health.get(depot.id)?.scan ?? [])
                        .filter((scan) => scopes.some((path) => covers(path, scan.path)));
                    expect.soft({ status, body }, url).toEqual({
                        status: 200,
                        body: {
                            lastAssignmentAt: latest(assignments),
                            lastStatusChangeAt: latest(scans.map((scan) => scan.at)),
                        },
                    });
                } else {
                    const refusal = sameRefusal(body, status, tenantId, reference, UNKNOWN_TENANT);
                    expect
                        .soft(
                            {
                                status: refusal.status,
                                code: refusal.code,
                                message: refusal.message,
                            },
                            url,
                        )
                        .toEqual(refusal.expected);
                }
            }
        },
    },
    {
        route: 'GET /api/statistics',
        variant: 'no path, paths of every organisation, region and depot, subcontractors, guesses',
        async run(probe) {
            const { subject, expected, world, get } = probe;
            const admin = isAdminSubject(subject);
            const held = heldPaths(subject);
            const feature = admin
                ? ['']
                : [
                      ...depotGrantPaths(subject, 'r:address-location-correction'),
                      ...tenantGrantPaths(subject, 'r:address-location-correction'),
                  ];
            for (const path of [undefined, ...probePaths(probe)]) {
                const url = path === undefined ? '/api/statistics' : `/api/statistics?path=${path}`;
                const { status, body } = await get<
                    NotificationStatistics & { code?: string; message?: string }
                >(url);
                if (path === undefined || admin || held.some((scope) => overlaps(scope, path))) {
                    const pending = world.depots
                        .filter(
                            (depot) =>
                                covers(path ?? '', depot.path) &&
                                feature.some((scope) => covers(scope, depot.path)),
                        )
                        .reduce((sum, depot) => sum + (shell.pending.get(depot.id) ?? 0), 0);
                    expect.soft({ status, body }, url).toEqual({
                        status: 200,
                        body: { path: path ?? '', addressCorrections: { pending } },
                    });
                } else {
                    expect.soft({ status, code: body.code, message: body.message }, url).toEqual({
                        status: 403,
                        code: 'NO_DATA_PERMISSION',
                        message: `The scope ${path} does not exist or is outside your permissions.`,
                    });
                }
                expect
                    .soft(
                        breaches(expected, path === undefined || status !== 200 ? [] : [body.path]),
                        url,
                    )
                    .toEqual([]);
            }
        },
    },
    {
        route: 'POST /api/analytics/page-views',
        async run({ subject, send }) {
            const path = `/matrix/${randomUUID()}`;
            const { status } = await send('POST', '/api/analytics/page-views', {
                consent: true,
                path,
                routeName: 'matrix',
                language: 'en',
                screen: 'md',
            });
            expect(status).toBe(204);
            const [row] = await demo.db.select().from(pageViews).where(eq(pageViews.path, path));
            const roleNames = sorted(
                new Set(
                    subject.grants.flatMap((grant) =>
                        grant.contexts.map((context) => `${context}:${grant.name}`),
                    ),
                ),
            );
            expect(row).toMatchObject({ path, tenantId: subject.tenantId, roles: roleNames });
            // The viewer is never recorded.
            expect(JSON.stringify(row)).not.toContain(subject.userId);
            expect(JSON.stringify(row).toLowerCase()).not.toContain(subject.email.toLowerCase());
        },
    },
    {
        route: 'GET /api/analytics/page-views',
        async run({ subject, get }) {
            const { status, body, headers } = await get<PageViewRecord[] & { code?: string }>(
                `/api/analytics/page-views?range=${encode([0, 9])}`,
            );
            if (isAdminSubject(subject)) {
                expect(status).toBe(200);
                expect(Array.isArray(body)).toBe(true);
                expect(headers['content-range']).toMatch(/^page-views /);
            } else {
                expect({ status, code: body.code }).toEqual({ status: 403, code: 'NO_PERMISSION' });
            }
        },
    },
];

// ---- the matrix ----------------------------------------------------------------------------------

const logins = matrixLogins();
const allRoutes = [
    ...routes,
    ...shellRoutes,
    ...peopleRoutes,
    ...configurationRoutes,
    ...tourCommanderRoutes,
    ...addressDeliveryInfoRoutes,
    ...tourAdminRoutes,
    ...depotTourRoutes,
    ...liveStatusRoutes,
    ...tourPerformanceRoutes,
    ...tourActivitiesRoutes,
    ...rttDashboardRoutes,
    ...tourHistoryRoutes,
    ...healthStatusRoutes,
];
const cases = logins.flatMap((login) =>
    allRoutes.map(
        (route) =>
            [
                login.label,
                route.variant ? `${route.route} (${route.variant})` : route.route,
                login,
                route,
            ] as const,
    ),
);

let demo: DemoApp;
let world: World;
const subjects = new Map<string, { subject: Subject; expected: Expected }>();

beforeAll(async () => {
    demo = await createDemoApp();
    const loaded: Subject[] = [];
    for (const login of logins)
        loaded.push(await loadSubject(demo.db, login, await demo.signIn(login.email)));
    await seedPrefixTwins(
        demo.db,
        loaded.flatMap((subject) => subject.grants.map((grant) => grant.path)),
    );
    world = await loadWorld(demo.db);
    shell = await seedShellData(demo.db, world);
    for (const subject of loaded)
        subjects.set(subject.email, { subject, expected: expectationsOf(subject, world) });
}, 180_000);
afterAll(() => demo?.close());

describe('tenant isolation matrix', () => {
    it('covers every technical role held by back-office users, every back-office user type and every subcontractor user', async () => {
        const staff = new Set(
            demo.data.users
                .filter((user) => (backOfficeUserTypes as readonly string[]).includes(user.type))
                .map((user) => user.id),
        );
        const heldRoles = new Set(
            demo.data.permissionAssignments
                .filter((assignment) => staff.has(assignment.userId))
                .map((assignment) => assignment.roleId),
        );
        const matrixGrants = new Set(
            [...subjects.values()].flatMap(({ subject }) =>
                subject.grants.map((grant) => grant.id),
            ),
        );
        const matrixRoles = new Set(
            demo.data.permissionAssignments
                .filter((assignment) => matrixGrants.has(assignment.id ?? ''))
                .map((assignment) => assignment.roleId),
        );
        expect(sorted([...heldRoles].filter((role) => !matrixRoles.has(role)))).toEqual([]);
        const sucoUsers = demo.data.users
            .filter(
                (user) => user.type === 'SubContractorManager' || user.type === 'SubContractorUser',
            )
            .map((user) => user.email ?? '');
        expect(sucoUsers.filter((email) => !subjects.has(email))).toEqual([]);
        expect(demo.logins.filter((login) => !subjects.has(login.email))).toEqual([]);
        // Every organisation has users in the matrix, and each organisation user sees only their own.
        const homes = new Set([...subjects.values()].map(({ subject }) => subject.tenantId));
        expect(sorted([...homes].filter((home): home is string => home !== null))).toEqual(
            sorted(demo.data.tenants.map((tenant) => tenant.id)),
        );
    });

    it('has a row for every route of every service (a new route needs its row)', async () => {
        const response = await demo.app.inject('/docs/json');
        const spec = response.json<{ paths: Record<string, Record<string, unknown>> }>();
        const declared = Object.entries(spec.paths)
            .filter(([path]) =>
                [
                    '/api/',
                    '/tenant-admin/',
                    '/tour-commander/',
                    '/api-access/',
                    '/data-gateway/',
                ].some((prefix) => path.startsWith(prefix)),
            )
            .flatMap(([path, methods]) =>
                Object.keys(methods).map(
                    (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
                ),
            );
        expect(declared.length).toBeGreaterThan(0);
        // OpenAPI names one parameter per path position: `POST /users/{driverType}` is documented
        // under `/users/{hashId}` (server/plugins/openapi.ts), so routes are matched by shape.
        const shape = (route: string) => route.replace(/:\w+/g, ':');
        expect(
            sorted(
                declared.filter(
                    (route) => !allRoutes.some((row) => shape(row.route) === shape(route)),
                ),
            ),
        ).toEqual([]);
    });

    it.each(cases)('%s × %s', async (_label, _route, login, route) => {
        const entry = subjects.get(login.email);
        if (!entry) throw new Error(`${login.email} was not signed in`);
        const token = entry.subject.token;
        const send = async <T>(
            method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
            url: string,
            payload?: object,
        ): Promise<DemoResponse<T>> => {
            const response = await demo.app.inject({
                method,
                url,
                payload,
                headers: { authorization: `Bearer ${token}` },
            });
            return {
                status: response.statusCode,
                body: (response.body === '' ? undefined : response.json()) as T,
                headers: response.headers,
            };
        };
        await route.run({
            ...entry,
            world,
            db: demo.db,
            subjects: [...subjects.values()].map((other) => other.subject),
            get: <T>(url: string) => demo.get<T>(url, token),
            send,
        });
    });
});
