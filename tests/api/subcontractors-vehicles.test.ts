import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subcontractor, Vehicle } from '../../domain/contracts/fleet.js';
import { ensureTechnicalRoles } from '../../server/db/bootstrap.js';
import {
    auditLog,
    permissionAssignments,
    subcontractors,
    users,
    vehicles,
} from '../../server/db/schema/index.js';
import { accessTokenFor, addFixtureUsers, ids, paths, seedFixtures } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Subcontractors and vehicles in the simple REST contract (issue 5). */

let t: TestApp;
const tokens: Record<string, string> = {};
const encode = (value: unknown) => encodeURIComponent(JSON.stringify(value));

async function call<T = unknown>(
    who: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
) {
    const response = await t.app.inject({
        method,
        url,
        payload,
        headers: { authorization: `Bearer ${tokens[who] ?? ''}` },
    });
    return {
        status: response.statusCode,
        headers: response.headers,
        body: response.json<
            T & { code?: string; message?: string; details?: { field?: string; message: string }[] }
        >(),
    };
}

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
    await ensureTechnicalRoles(t.db);
    await addFixtureUsers(
        t.db,
        [
            {
                key: 'berlinSuco',
                type: 'BackofficeManager',
                email: 'berlin.suco@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-suco-admin', scopePath: paths.berlin }],
            },
            {
                key: 'hamburgSuco',
                type: 'BackofficeManager',
                email: 'hamburg.suco@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-suco-admin', scopePath: paths.hamburg }],
            },
            {
                key: 'sucoSelf',
                type: 'SubContractorManager',
                email: 'suco.self@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-suco-self', scopePath: paths.sucoBerlin }],
            },
        ],
        [
            {
                id: 'role-suco-admin',
                name: 'SuCo admin',
                contexts: ['DEPOT'],
                actions: ['r:suco', 'c:suco', 'u:suco', 'd:suco'],
            },
            {
                id: 'role-suco-self',
                name: 'SuCo self',
                contexts: ['SUBCONTRACTOR'],
                actions: ['r:suco', 'u:suco'],
            },
        ],
    );
    for (const [key, email] of [
        ['admin', 'admin@fixture.test'],
        ['orgAdmin', 'org.admin@fixture.test'],
        ['berlin', 'berlin.suco@fixture.test'],
        ['hamburg', 'hamburg.suco@fixture.test'],
        ['self', 'suco.self@fixture.test'],
        ['reader', 'group.manager@fixture.test'],
        ['tenantUser', 'tenant.user@fixture.test'],
    ] as const) {
        tokens[key] = await accessTokenFor(t.app, email, t.config.identity.clientId);
    }
});
afterAll(() => t?.close());

describe('subcontractors', () => {
    let created: Subcontractor;

    it('creates a subcontractor with a generated ID under the depot path, audited', async () => {
        const { status, body } = await call<Subcontractor>(
            'berlin',
            'POST',
            '/api/subcontractors',
            { depotId: ids.berlin, name: ' Tegel Transporte ' },
        );
        expect(status).toBe(201);
        expect(body).toMatchObject({
            name: 'Tegel Transporte',
            depotId: ids.berlin,
            externalDepotId: '110',
            tenantId: ids.north,
            userCount: 0,
            vehicleCount: 0,
            version: 1,
        });
        expect(body.code).toMatch(/^SC\d{4}$/);
        expect(body.scopePath).toBe(`${paths.berlin}.${body.id}`);
        const audits = await t.db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.entityType, 'subcontractor'), eq(auditLog.entityId, body.id)));
        expect(audits.map((a) => a.action)).toEqual(['create']);
        created = body;
    });

    it('refuses a used name or ID in the depot (409 DUPLICATE_SUBCONTRACTOR), allows them in another depot', async () => {
        const name = await call('berlin', 'POST', '/api/subcontractors', {
            depotId: ids.berlin,
            name: 'spree kurier',
        });
        expect({ status: name.status, code: name.body.code, details: name.body.details }).toEqual({
            status: 409,
            code: 'DUPLICATE_SUBCONTRACTOR',
            details: [{ field: '/body/name', message: 'name is already used in this depot' }],
        });
        const code = await call('berlin', 'POST', '/api/subcontractors', {
            depotId: ids.berlin,
            name: 'Neu',
            code: 'sk1',
        });
        expect(code.body.details).toEqual([
            { field: '/body/code', message: 'code is already used in this depot' },
        ]);
        const elsewhere = await call('hamburg', 'POST', '/api/subcontractors', {
            depotId: ids.hamburg,
            name: 'Spree Kurier',
            code: 'SK1',
        });
        expect(elsewhere.status).toBe(201);
    });

    it('checks the name and ID rules', async () => {
        const { status, body } = await call('berlin', 'POST', '/api/subcontractors', {
            depotId: ids.berlin,
            name: '  ',
            code: 'a b',
        });
        expect(status).toBe(400);
        expect(body.details).toEqual([
            { field: '/body/name', message: 'name is required' },
            {
                field: '/body/code',
                message: 'code may contain letters, digits, hyphens and underscores only',
            },
        ]);
    });

    it('answers a depot outside the caller’s scopes like an unknown depot, and 403 without c:suco', async () => {
        const outside = await call('hamburg', 'POST', '/api/subcontractors', {
            depotId: ids.berlin,
            name: 'X',
        });
        const unknown = await call('hamburg', 'POST', '/api/subcontractors', {
            depotId: 'nope',
            name: 'X',
        });
        expect({ status: outside.status, message: outside.body.message }).toEqual({
            status: 404,
            message: `Depot ${ids.berlin} was not found.`,
        });
        expect(unknown.body.message).toBe('Depot nope was not found.');
        expect(
            (await call('self', 'POST', '/api/subcontractors', { depotId: ids.berlin, name: 'X' }))
                .status,
        ).toBe(403);
        expect(
            (await call('berlin', 'POST', '/api/subcontractors', { depotId: ids.milan, name: 'X' }))
                .status,
        ).toBe(404);
    });

    it('lists what the caller may see: depot users their depots, subcontractor users their own subcontractor', async () => {
        const list = async (who: string, filter: object = {}) =>
            call<Subcontractor[]>(
                who,
                'GET',
                `/api/subcontractors?range=${encode([0, 499])}&sort=${encode(['name', 'ASC'])}&filter=${encode(filter)}`,
            );
        const admin = await list('admin');
        expect(admin.body.length).toBeGreaterThanOrEqual(4);
        const berlin = await list('berlin');
        expect(berlin.body.map((s) => s.depotId).every((depot) => depot === ids.berlin)).toBe(true);
        expect(berlin.headers['content-range']).toBe(
            `subcontractor 0-${berlin.body.length - 1}/${berlin.body.length}`,
        );
        expect(berlin.body.map((s) => s.name)).toEqual(['Spree Kurier', 'Tegel Transporte']);
        const self = await list('self');
        expect(self.body.map((s) => s.id)).toEqual([ids.sucoBerlin]);
        const org = await list('orgAdmin', { path: paths.hamburg });
        expect(org.body.map((s) => s.depotId)).toEqual([ids.hamburg]);
        expect((await list('berlin', { path: paths.hamburg })).body).toEqual([]);
        expect((await list('orgAdmin', { q: 'tegel' })).body.map((s) => s.id)).toEqual([
            created.id,
        ]);
        expect(
            (await list('orgAdmin', { id: [created.id, ids.sucoMilan] })).body.map((s) => s.id),
        ).toEqual([created.id]);
        expect((await list('tenantUser')).status).toBe(403);
        expect(
            (await call('berlin', 'GET', `/api/subcontractors?filter=${encode({ bogus: 1 })}`))
                .status,
        ).toBe(400);
        expect((await call('self', 'GET', `/api/subcontractors/${created.id}`)).status).toBe(404);
        expect((await call('berlin', 'GET', `/api/subcontractors/${created.id}`)).body).toEqual(
            created,
        );
        expect((await call('hamburg', 'GET', `/api/subcontractors/${created.id}`)).status).toBe(
            404,
        );
    });

    it('updates name and ID with the version; a stale version is 409 STALE_RECORD and changes nothing', async () => {
        const ok = await call<Subcontractor>('berlin', 'PUT', `/api/subcontractors/${created.id}`, {
            name: 'Tegel Trans',
            code: 'TT1',
            version: created.version,
        });
        expect(ok.body).toMatchObject({
            name: 'Tegel Trans',
            code: 'TT1',
            version: created.version + 1,
        });
        const stale = await call('berlin', 'PUT', `/api/subcontractors/${created.id}`, {
            name: 'Other',
            code: 'TT2',
            version: created.version,
        });
        expect({ status: stale.status, code: stale.body.code }).toEqual({
            status: 409,
            code: 'STALE_RECORD',
        });
        const duplicate = await call('berlin', 'PUT', `/api/subcontractors/${created.id}`, {
            name: 'Spree Kurier',
            code: 'TT1',
            version: ok.body.version,
        });
        expect(duplicate.body.code).toBe('DUPLICATE_SUBCONTRACTOR');
        expect(
            (
                await call('berlin', 'PUT', `/api/subcontractors/${created.id}`, {
                    name: 'X',
                    code: '',
                    version: ok.body.version,
                })
            ).body.details,
        ).toEqual([{ field: '/body/code', message: 'code is required' }]);
        expect(
            (
                await call('hamburg', 'PUT', `/api/subcontractors/${created.id}`, {
                    name: 'X',
                    code: 'X',
                    version: ok.body.version,
                })
            ).status,
        ).toBe(404);
        const [row] = await t.db
            .select()
            .from(subcontractors)
            .where(eq(subcontractors.id, created.id));
        expect(row).toMatchObject({ name: 'Tegel Trans', code: 'TT1' });
        created = ok.body;
    });

    it('refuses deleting while users or vehicles are assigned, including back-office users with a role on its path', async () => {
        const blocked = await call('orgAdmin', 'DELETE', `/api/subcontractors/${ids.sucoBerlin}`);
        expect({ status: blocked.status, code: blocked.body.code }).toEqual({
            status: 409,
            code: 'SUBCONTRACTOR_HAS_USERS_OR_VEHICLES_ASSIGNED',
        });
        await t.db.insert(permissionAssignments).values({
            id: 'perm-on-new',
            userId: 'user-tenantUser',
            roleId: 'role-suco-std',
            scopePath: created.scopePath,
            tenantId: ids.north,
        });
        expect(
            (await call('berlin', 'DELETE', `/api/subcontractors/${created.id}`)).body.code,
        ).toBe('SUBCONTRACTOR_HAS_USERS_OR_VEHICLES_ASSIGNED');
        await t.db.delete(permissionAssignments).where(eq(permissionAssignments.id, 'perm-on-new'));
        await t.db.insert(vehicles).values({
            id: 'veh-tmp',
            tenantId: ids.north,
            depotId: ids.berlin,
            subcontractorId: created.id,
            number: '4444',
            scopePath: created.scopePath,
        });
        expect(
            (await call('berlin', 'DELETE', `/api/subcontractors/${created.id}`)).body.code,
        ).toBe('SUBCONTRACTOR_HAS_USERS_OR_VEHICLES_ASSIGNED');
        await t.db.delete(vehicles).where(eq(vehicles.id, 'veh-tmp'));
        expect((await call('hamburg', 'DELETE', `/api/subcontractors/${created.id}`)).status).toBe(
            404,
        );
        const deleted = await call('berlin', 'DELETE', `/api/subcontractors/${created.id}`);
        expect(deleted.status).toBe(200);
        expect(
            await t.db.select().from(subcontractors).where(eq(subcontractors.id, created.id)),
        ).toEqual([]);
        expect((await call('berlin', 'DELETE', `/api/subcontractors/${created.id}`)).status).toBe(
            404,
        );
    });
});

describe('vehicles', () => {
    let vehicle: Vehicle;
    beforeAll(async () => {
        await t.db.insert(users).values([
            {
                id: 'drv-berlin',
                tenantId: ids.north,
                type: 'Driver',
                username: 'DRV1',
                firstName: 'Dora',
                lastName: 'Drive',
                subcontractorId: ids.sucoBerlin,
                scopePath: paths.sucoBerlin,
            },
            {
                id: 'tmp-berlin',
                tenantId: ids.north,
                type: 'TempDriver',
                username: 'TMP1',
                firstName: 'Tim',
                lastName: 'Temp',
                subcontractorId: ids.sucoBerlin,
                scopePath: paths.sucoBerlin,
            },
        ]);
    });

    it('creates a vehicle with a regular driver of its subcontractor', async () => {
        const { status, body } = await call<Vehicle>('berlin', 'POST', '/api/vehicles', {
            subcontractorId: ids.sucoBerlin,
            number: '0815',
            baseDriverId: 'drv-berlin',
        });
        expect(status).toBe(201);
        expect(body).toMatchObject({
            number: '0815',
            subcontractorId: ids.sucoBerlin,
            subcontractorName: 'Spree Kurier',
            depotId: ids.berlin,
            baseDriverId: 'drv-berlin',
            baseDriverName: 'Dora Drive',
            scopePath: paths.sucoBerlin,
            version: 1,
        });
        vehicle = body;
    });

    it('checks the number (exactly 4 digits, unique in the depot) and the regular driver', async () => {
        for (const number of ['815', '08155', 'abcd', '']) {
            const { status, body } = await call('berlin', 'POST', '/api/vehicles', {
                subcontractorId: ids.sucoBerlin,
                number,
            });
            expect({ status, field: body.details?.[0]?.field }).toEqual({
                status: 400,
                field: '/body/number',
            });
        }
        const duplicate = await call('berlin', 'POST', '/api/vehicles', {
            subcontractorId: ids.sucoBerlin,
            number: '0815',
        });
        expect({ status: duplicate.status, code: duplicate.body.code }).toEqual({
            status: 409,
            code: 'DUPLICATE_VEHICLE_NUMBER',
        });
        const temp = await call('berlin', 'POST', '/api/vehicles', {
            subcontractorId: ids.sucoBerlin,
            number: '0816',
            baseDriverId: 'tmp-berlin',
        });
        expect({ status: temp.status, details: temp.body.details }).toEqual({
            status: 400,
            details: [
                {
                    field: '/body/baseDriverId',
                    message: 'baseDriverId must be a driver of the vehicle’s subcontractor',
                },
            ],
        });
        expect(
            (
                await call('hamburg', 'POST', '/api/vehicles', {
                    subcontractorId: ids.sucoBerlin,
                    number: '0817',
                })
            ).status,
        ).toBe(404);
        expect(
            (
                await call('reader', 'POST', '/api/vehicles', {
                    subcontractorId: ids.sucoBerlin,
                    number: '0817',
                })
            ).status,
        ).toBe(403);
    });

    it('lists, reads, updates with the version and deletes inside the caller’s scopes only', async () => {
        const list = await call<Vehicle[]>(
            'self',
            'GET',
            `/api/vehicles?filter=${encode({ subcontractorId: ids.sucoBerlin })}&sort=${encode(['baseDriverName', 'ASC'])}`,
        );
        expect(list.body.map((v) => v.id)).toEqual([vehicle.id]);
        expect((await call<Vehicle[]>('hamburg', 'GET', '/api/vehicles')).body).toEqual([]);
        expect(
            (
                await call<Vehicle[]>(
                    'orgAdmin',
                    'GET',
                    `/api/vehicles?filter=${encode({ q: 'dora' })}`,
                )
            ).body.map((v) => v.id),
        ).toEqual([vehicle.id]);
        expect((await call('hamburg', 'GET', `/api/vehicles/${vehicle.id}`)).status).toBe(404);
        // The subcontractor user holds u:suco on its own subcontractor: it may edit its vehicles.
        const updated = await call<Vehicle>('self', 'PUT', `/api/vehicles/${vehicle.id}`, {
            number: '0818',
            baseDriverId: null,
            version: vehicle.version,
        });
        expect(updated.body).toMatchObject({
            number: '0818',
            baseDriverId: null,
            baseDriverName: null,
            version: 2,
        });
        const stale = await call('berlin', 'PUT', `/api/vehicles/${vehicle.id}`, {
            number: '0819',
            baseDriverId: null,
            version: vehicle.version,
        });
        expect(stale.body.code).toBe('STALE_RECORD');
        expect(
            (
                await call('hamburg', 'PUT', `/api/vehicles/${vehicle.id}`, {
                    number: '0819',
                    baseDriverId: null,
                    version: 2,
                })
            ).status,
        ).toBe(404);
        await t.db.update(users).set({ vehicleId: vehicle.id }).where(eq(users.id, 'drv-berlin'));
        expect((await call('hamburg', 'DELETE', `/api/vehicles/${vehicle.id}`)).status).toBe(404);
        expect((await call('berlin', 'DELETE', `/api/vehicles/${vehicle.id}`)).status).toBe(200);
        const [driver] = await t.db.select().from(users).where(eq(users.id, 'drv-berlin'));
        expect(driver?.vehicleId).toBeNull();
        const audits = await t.db
            .select({ action: auditLog.action })
            .from(auditLog)
            .where(and(eq(auditLog.entityType, 'vehicle'), eq(auditLog.entityId, vehicle.id)));
        expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
    });
});
