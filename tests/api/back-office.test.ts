import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DistributionCenter, ScopeNode } from '../../domain/contracts/scopes.js';
import type { UserProfile } from '../../domain/contracts/profile.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { accessTokenFor, ids, paths, seedFixtures } from './helpers/fixtures.js';

let t: TestApp;
const tokens: Record<string, string> = {};

async function get<T>(url: string, who: string) {
    const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${tokens[who]}` },
    });
    return { status: response.statusCode, body: response.json<T>() };
}

const flatten = (node: ScopeNode): ScopeNode[] => [node, ...node.children.flatMap(flatten)];

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
    for (const [key, email] of Object.entries({
        admin: 'admin@fixture.test',
        orgAdmin: 'org.admin@fixture.test',
        tenantUser: 'tenant.user@fixture.test',
        groupManager: 'group.manager@fixture.test',
        sucoUser: 'suco.user@fixture.test',
        inactive: 'inactive@fixture.test',
        nobody: 'nobody@fixture.test',
    })) {
        tokens[key] = await accessTokenFor(t.app, email, t.config.identity.clientId);
    }
});
afterAll(() => t.close());

describe('GET /api/users/me', () => {
    it('answers 401 with the error envelope without a token, with a malformed header and with a garbage token', async () => {
        for (const authorization of [
            undefined,
            'Basic abc',
            'Bearer not-a-jwt',
            'Bearer aaa.bbb.ccc',
        ]) {
            const response = await t.app.inject({
                method: 'GET',
                url: '/api/users/me',
                headers: authorization ? { authorization } : {},
            });
            expect(response.statusCode).toBe(401);
            expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED', details: [] });
            expect(response.headers['x-version-id']).toBe('test-build');
        }
    });

    it('returns the admin profile with ADMIN actions, every tenant and the last login', async () => {
        const { status, body } = await get<UserProfile>('/api/users/me', 'admin');
        expect(status).toBe(200);
        expect(body).toMatchObject({
            id: 'user-admin',
            email: 'admin@fixture.test',
            firstName: 'admin',
            lastName: 'Fixture',
            initials: 'AF',
            settings: null,
        });
        expect(body.actions.ADMIN).toEqual(['admin']);
        // Sorted by name (shell §3): "North One Italia" before "North Parcel".
        expect(body.tenants).toEqual([
            { id: ids.north1, name: 'North One Italia' },
            { id: ids.north, name: 'North Parcel' },
        ]);
        expect(body.permissions).toEqual([
            {
                id: 'perm-admin-0',
                role: { id: 'role-admin', name: 'Admin', actions: ['admin'], context: 'ADMIN' },
                scope: 'ADMIN',
                path: '',
                scopeDetails: { name: '*' },
            },
        ]);
        expect(body.lastLogin).not.toBeNull();
        expect(Date.now() - Date.parse(body.lastLogin ?? '')).toBeLessThan(60_000);
    });

    it('groups actions by context and scope path and names the scopes', async () => {
        const { body } = await get<UserProfile>('/api/users/me', 'sucoUser');
        expect(body.actions).toEqual({
            ADMIN: [],
            TENANT: {},
            DEPOT: {},
            SUBCONTRACTOR: { [paths.sucoBerlin]: ['r:driver', 'r:suco'] },
        });
        expect(body.tenants).toEqual([]);
        expect(body.permissions[0]).toMatchObject({
            scope: 'SUBCONTRACTOR',
            path: paths.sucoBerlin,
            scopeDetails: { name: 'Spree Kurier' },
        });
        const group = await get<UserProfile>('/api/users/me', 'groupManager');
        expect(group.body.permissions[0]).toMatchObject({
            scope: 'GROUP',
            scopeDetails: { name: 'Region A' },
        });
        const tenant = await get<UserProfile>('/api/users/me', 'orgAdmin');
        expect(tenant.body.tenants).toEqual([{ id: ids.north, name: 'North Parcel' }]);
        expect(tenant.body.permissions[0]).toMatchObject({
            scope: 'TENANT',
            scopeDetails: { name: 'North Parcel' },
        });
    });

    it('refuses identities without an active back-office user with UNKNOWN_USER_ERROR', async () => {
        for (const who of ['inactive', 'nobody']) {
            const { status, body } = await get<{ code: string }>('/api/users/me', who);
            expect(status).toBe(403);
            expect(body.code).toBe('UNKNOWN_USER_ERROR');
        }
    });
});

describe('GET /api/distributionCenters', () => {
    const depotIds = (list: DistributionCenter[]) => list.map((dc) => dc.internalDepotId);

    it('lists every depot for an admin in tenant, group, number, name order', async () => {
        const { status, body } = await get<DistributionCenter[]>(
            '/api/distributionCenters',
            'admin',
        );
        expect(status).toBe(200);
        // North One Italia < North Parcel; Region A: depot 9 before 110 (numeric), then Region B.
        expect(depotIds(body)).toEqual([ids.milan, ids.hamburg, ids.berlin, ids.munich]);
        expect(body[1]).toEqual({
            internalDepotId: ids.hamburg,
            externalDepotId: '9',
            locationName: 'Hamburg',
            tenant: { id: ids.north, name: 'North Parcel' },
            group: { id: ids.groupA, name: 'Region A' },
            countryCode: 'DE',
            timeZone: 'Europe/Berlin',
            path: paths.hamburg,
            manualJobUploadEnabled: false,
        });
    });

    it('limits each caller to their scopes, never by raw string prefix', async () => {
        expect(
            depotIds(
                (await get<DistributionCenter[]>('/api/distributionCenters', 'orgAdmin')).body,
            ),
        ).toEqual([ids.hamburg, ids.berlin, ids.munich]);
        expect(
            depotIds(
                (await get<DistributionCenter[]>('/api/distributionCenters', 'groupManager')).body,
            ),
        ).toEqual([ids.hamburg, ids.berlin]);
        expect(
            depotIds(
                (await get<DistributionCenter[]>('/api/distributionCenters', 'sucoUser')).body,
            ),
        ).toEqual([ids.berlin]);
        // A tenant role without r:tenant-dcs does not reveal the organisation's depots.
        expect(
            (await get<DistributionCenter[]>('/api/distributionCenters', 'tenantUser')).body,
        ).toEqual([]);
    });

    it('filters by path within the caller scopes and rejects a malformed path naming the field', async () => {
        expect(
            depotIds(
                (
                    await get<DistributionCenter[]>(
                        `/api/distributionCenters?path=${ids.north}.DE.${ids.groupB}`,
                        'admin',
                    )
                ).body,
            ),
        ).toEqual([ids.munich]);
        expect(
            depotIds(
                (
                    await get<DistributionCenter[]>(
                        `/api/distributionCenters?path=${ids.north1}`,
                        'groupManager',
                    )
                ).body,
            ),
        ).toEqual([]);
        expect(
            depotIds(
                (await get<DistributionCenter[]>(`/api/distributionCenters?path=`, 'groupManager'))
                    .body,
            ),
        ).toEqual([ids.hamburg, ids.berlin]);
        const bad = await get<{ code: string; details: { field: string }[] }>(
            '/api/distributionCenters?path=a..b',
            'admin',
        );
        expect(bad.status).toBe(400);
        expect(bad.body.code).toBe('BAD_REQUEST');
        expect(bad.body.details[0]?.field).toBe('/querystring/path');
    });
});

describe('GET /api/scopes', () => {
    it('gives an admin the whole tree under an ADMIN root, level 5 deep', async () => {
        const { status, body } = await get<ScopeNode>('/api/scopes', 'admin');
        expect(status).toBe(200);
        expect(body).toMatchObject({ id: 'ADMIN', scope: 'ADMIN', path: '' });
        expect(body.children.map((node) => node.id)).toEqual([ids.north1, ids.north]);
        const nodes = flatten(body);
        expect(nodes.filter((node) => node.scope === 'DISTRIBUTION_CENTER')).toHaveLength(4);
        expect(nodes.find((node) => node.id === ids.sucoBerlin)).toMatchObject({
            scope: 'SUBCONTRACTOR',
            path: paths.sucoBerlin,
            name: 'Spree Kurier',
        });
        expect(nodes.find((node) => node.id === ids.berlin)).toMatchObject({
            externalDepotId: '110',
            internalDepotId: ids.berlin,
            timeZone: 'Europe/Berlin',
            tenant: { id: ids.north },
            group: { id: ids.groupA },
            countryCode: 'DE',
        });
    });

    it('stops at the requested level and answers a subtree for a path', async () => {
        const level3 = flatten((await get<ScopeNode>('/api/scopes?level=3', 'admin')).body);
        expect(new Set(level3.map((node) => node.scope))).toEqual(
            new Set(['ADMIN', 'TENANT', 'COUNTRY', 'GROUP']),
        );
        const subtree = (await get<ScopeNode>(`/api/scopes?path=${paths.groupA}`, 'admin')).body;
        expect(subtree).toMatchObject({ scope: 'GROUP', id: ids.groupA, name: 'Region A' });
        expect(subtree.children.map((node) => node.id)).toEqual([ids.hamburg, ids.berlin]);
    });

    it('shows other callers only the branches they hold and refuses paths outside them', async () => {
        const nodes = flatten((await get<ScopeNode>('/api/scopes', 'sucoUser')).body);
        expect(nodes.map((node) => node.id)).toEqual([
            'ADMIN',
            ids.north,
            'DE',
            ids.groupA,
            ids.berlin,
            ids.sucoBerlin,
        ]);
        const group = flatten((await get<ScopeNode>('/api/scopes', 'groupManager')).body);
        expect(group.some((node) => node.id === ids.munich || node.id === ids.north1)).toBe(false);
        const outside = await get<{ code: string }>(
            `/api/scopes?path=${paths.milan}`,
            'groupManager',
        );
        expect(outside.status).toBe(403);
        expect(outside.body.code).toBe('NO_DATA_PERMISSION');
        const badLevel = await get<{ code: string; details: { field: string }[] }>(
            '/api/scopes?level=9',
            'admin',
        );
        expect(badLevel.status).toBe(400);
        expect(badLevel.body.details[0]?.field).toBe('/querystring/level');
    });
});
