import { and, count, eq, like, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateDepotBody, Depot } from '../../domain/contracts/depots.js';
import {
    addressCorrections,
    auditLog,
    depots,
    jobAssignments,
    permissionAssignments,
    subcontractors,
    users,
    vehicles,
} from '../../server/db/schema/index.js';
import { driverAppEvents } from '../../server/db/schema/partitioned.js';
import { createDemoApp, type DemoApp } from './helpers/demo-app.js';
import {
    depotsOf,
    fresh,
    loginOf,
    otherTenantDepot,
    regionsOf,
    sender,
    startFakeGeocoder,
    type FakeGeocoder,
    type Send,
} from './helpers/depot-fixtures.js';

interface ErrorBody {
    code: string;
    message: string;
    details: {
        field?: string;
        message: string;
        rule?: string;
        params?: Record<string, string | number>;
    }[];
}

let demo: DemoApp;
let geocoder: FakeGeocoder;
let send: Send;
let orgAdmin: { token: string; tenantId: string };
let depotUser: { token: string; tenantId: string };
let admin: { token: string; tenantId: string };
let regions: { id: string; name: string }[];

beforeAll(async () => {
    geocoder = await startFakeGeocoder();
    demo = await createDemoApp(undefined, { GEOCODER_URL: geocoder.url });
    send = sender(demo);
    orgAdmin = await loginOf(demo, 'Organization Admin');
    depotUser = await loginOf(demo, 'Standard Access (Depot)');
    admin = await loginOf(demo, 'Admin');
    regions = await regionsOf(demo.db, orgAdmin.tenantId);
}, 120_000);
afterAll(async () => {
    await demo?.close();
    await geocoder?.close();
});

const body = (overrides: Partial<CreateDepotBody> = {}): CreateDepotBody => ({
    tenantId: orgAdmin.tenantId,
    groupId: regions[0]?.id ?? '',
    externalDepotId: fresh(),
    name: 'Depot Hafen',
    street: 'Am Kai',
    houseNo: '7',
    postcode: '20457',
    locality: 'Hamburg',
    countryCode: 'DE',
    latitude: 53.54,
    longitude: 9.98,
    timeZone: 'Europe/Berlin',
    deviceMappings: [`mdm:${fresh()}`],
    manualJobUploadEnabled: true,
    ...overrides,
});

const create = (payload: unknown, token = orgAdmin.token) =>
    send<Depot & ErrorBody>('POST', '/tenant-admin/v1/depots', token, payload);
const depotCount = async () =>
    (await demo.db.select({ total: count() }).from(depots))[0]?.total ?? 0;

describe('POST /tenant-admin/v1/depots', () => {
    it('creates a depot with every field, its scope path and an audit entry', async () => {
        const payload = body();
        const response = await create(payload);
        expect(response.status, JSON.stringify(response.body)).toBe(201);
        const depot = response.body;
        expect(depot).toMatchObject({
            tenantId: payload.tenantId,
            groupId: payload.groupId,
            externalDepotId: payload.externalDepotId,
            name: 'Depot Hafen',
            houseNo: '7',
            latitude: 53.54,
            longitude: 9.98,
            timeZone: 'Europe/Berlin',
            deviceMappings: [{ service: 'mdm', id: payload.deviceMappings[0]?.slice(4) }],
            manualJobUploadEnabled: true,
            version: 1,
        });
        expect(depot.scopePath).toBe(
            `${payload.tenantId}.DE.${payload.groupId}.${depot.internalDepotId}`,
        );
        const audit = await demo.db
            .select()
            .from(auditLog)
            .where(
                and(
                    eq(auditLog.entityId, depot.internalDepotId),
                    eq(auditLog.action, 'depot-created'),
                ),
            );
        expect(audit).toHaveLength(1);
        const read = await demo.get<Depot>(
            `/tenant-admin/v1/depots/${depot.internalDepotId}`,
            orgAdmin.token,
        );
        expect(read.body.name).toBe('Depot Hafen');
    });

    it('geocodes the address when no coordinates are given', async () => {
        const before = geocoder.queries.length;
        const response = await create(
            body({ latitude: null, longitude: null, street: 'Jungfernstieg', houseNo: '1' }),
        );
        expect(response.status, JSON.stringify(response.body)).toBe(201);
        expect(response.body).toMatchObject({ latitude: 53.5511, longitude: 9.9937 });
        const query = geocoder.queries[before];
        expect(query?.get('q')).toBe('Jungfernstieg 1, 20457 Hamburg, DE');
        expect(query?.get('format')).toBe('jsonv2');
        expect(query?.get('limit')).toBe('1');
    });

    it('answers 422 ADDRESS_NOT_FOUND naming the address fields when the geocoder finds nothing or fails', async () => {
        for (const street of ['Nowhere Lane', 'Broken Road']) {
            const before = await depotCount();
            const response = await create(
                body({ latitude: undefined, longitude: undefined, street }),
            );
            expect(response.status).toBe(422);
            expect(response.body.code).toBe('ADDRESS_NOT_FOUND');
            expect(response.body.message).toMatch(/latitude and longitude/);
            expect(response.body.details.map((detail) => detail.field)).toEqual([
                '/body/street',
                '/body/houseNo',
                '/body/postcode',
                '/body/locality',
                '/body/countryCode',
            ]);
            expect(response.body.details.every((detail) => detail.rule === 'addressNotFound')).toBe(
                true,
            );
            expect(await depotCount()).toBe(before);
        }
    });

    it('names every broken field rule (400 BAD_REQUEST)', async () => {
        const response = await create(
            body({
                name: ' ',
                countryCode: 'Deutschland',
                timeZone: 'Mars/Base',
                latitude: 95,
                longitude: 9,
                externalDepotId: 'no spaces allowed',
            }),
        );
        expect(response.status).toBe(400);
        expect(response.body.code).toBe('BAD_REQUEST');
        expect(response.body.details.map((detail) => detail.field).sort()).toEqual([
            '/body/countryCode',
            '/body/externalDepotId',
            '/body/latitude',
            '/body/name',
            '/body/timeZone',
        ]);
        expect(
            response.body.details.map((detail) => `${detail.field}:${detail.rule}`).sort(),
        ).toEqual([
            '/body/countryCode:countryCode',
            '/body/externalDepotId:externalDepotIdFormat',
            '/body/latitude:latitudeRange',
            '/body/name:required',
            '/body/timeZone:timeZone',
        ]);
        const half = await create(body({ latitude: 53.5, longitude: null }));
        expect(half.status).toBe(400);
        expect(half.body.details.map((detail) => detail.field).sort()).toEqual([
            '/body/latitude',
            '/body/longitude',
        ]);
        expect(half.body.details[0]?.message).toMatch(/together/);
    });

    it('refuses a duplicate external depot id within the organisation (409), not in another one', async () => {
        const payload = body();
        expect((await create(payload)).status).toBe(201);
        const again = await create({ ...payload, deviceMappings: [] });
        expect(again.status).toBe(409);
        expect(again.body).toMatchObject({
            code: 'DUPLICATE_EXTERNAL_DEPOT_ID',
            details: [
                {
                    field: '/body/externalDepotId',
                    rule: 'externalDepotIdTaken',
                    params: { value: payload.externalDepotId },
                },
            ],
        });
        const other = await otherTenantDepot(demo.db, orgAdmin.tenantId);
        const elsewhere = await create(
            {
                ...payload,
                tenantId: other.tenantId,
                groupId: other.groupId,
                countryCode: other.countryCode,
                deviceMappings: [],
            },
            admin.token,
        );
        expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(201);
    });

    it('checks device mappings: format, configured services, twice in one depot, used by another depot', async () => {
        const malformed = await create(body({ deviceMappings: ['mdm'] }));
        expect(malformed.status).toBe(400);
        expect(malformed.body).toMatchObject({
            code: 'INVALID_DEVICE_MAPPING_FORMAT',
            details: [{ field: '/body/deviceMappings', rule: 'deviceMappingFormat' }],
        });
        expect((await create(body({ deviceMappings: ['mdm:has space'] }))).body.code).toBe(
            'INVALID_DEVICE_MAPPING_FORMAT',
        );
        const unknownService = await create(body({ deviceMappings: ['intune:4711'] }));
        expect(unknownService.status).toBe(400);
        expect(unknownService.body.code).toBe('INVALID_DEVICE_MAPPING_FORMAT');
        expect(unknownService.body.message).toMatch(/intune.*configured services: mdm/);
        expect(unknownService.body.details).toMatchObject([
            {
                field: '/body/deviceMappings',
                rule: 'serviceNotConfigured',
                params: { value: 'intune', services: 'mdm' },
            },
        ]);
        const mapping = `mdm:${fresh()}`;
        const twice = await create(body({ deviceMappings: [mapping, mapping] }));
        expect(twice.status).toBe(409);
        expect(twice.body).toMatchObject({
            code: 'DUPLICATE_DEVICE_MAPPING',
            details: [{ field: '/body/deviceMappings', rule: 'deviceMappingTwice' }],
        });
        expect((await create(body({ deviceMappings: [mapping] }))).status).toBe(201);
        const taken = await create(body({ deviceMappings: [mapping] }));
        expect(taken.status).toBe(409);
        expect(taken.body).toMatchObject({
            code: 'DUPLICATE_DEVICE_MAPPING',
            details: [
                {
                    field: '/body/deviceMappings',
                    rule: 'deviceMappingTaken',
                    params: { value: mapping },
                },
            ],
        });
        expect(taken.body.message).toContain(mapping);
    });

    it('refuses a region of another organisation (400 naming groupId)', async () => {
        const other = await otherTenantDepot(demo.db, orgAdmin.tenantId);
        const response = await create(body({ groupId: other.groupId }));
        expect(response.status).toBe(400);
        expect(response.body.details).toEqual([
            {
                field: '/body/groupId',
                message: expect.stringMatching(/not a region/),
                rule: 'unknownRegion',
                params: { value: other.groupId, tenantId: orgAdmin.tenantId },
            },
        ]);
    });

    it('needs c:depot for the organisation: other organisations and depot users are refused, nothing written', async () => {
        const before = await depotCount();
        const other = await otherTenantDepot(demo.db, orgAdmin.tenantId);
        const foreign = await create(
            body({
                tenantId: other.tenantId,
                groupId: other.groupId,
                countryCode: other.countryCode,
            }),
        );
        expect(foreign.status).toBe(403);
        const unknown = await create(body({ tenantId: 'no-such-organisation' }));
        expect({ status: unknown.status, code: unknown.body.code }).toEqual({
            status: foreign.status,
            code: foreign.body.code,
        });
        const depotLevel = await create(body({ tenantId: depotUser.tenantId }), depotUser.token);
        expect(depotLevel.status).toBe(403);
        expect(await depotCount()).toBe(before);
    });
});

describe('PUT /tenant-admin/v1/depots/:internalDepotId', () => {
    const update = (id: string, payload: unknown, token = orgAdmin.token) =>
        send<Depot & ErrorBody>('PUT', `/tenant-admin/v1/depots/${id}`, token, payload);
    const editable = (depot: Depot, overrides: Record<string, unknown> = {}) => ({
        groupId: depot.groupId,
        externalDepotId: depot.externalDepotId,
        name: depot.name,
        street: depot.street,
        houseNo: depot.houseNo,
        postcode: depot.postcode,
        locality: depot.locality,
        countryCode: depot.countryCode,
        latitude: depot.latitude,
        longitude: depot.longitude,
        timeZone: depot.timeZone,
        deviceMappings: depot.deviceMappings.map((pair) => `${pair.service}:${pair.id}`),
        manualJobUploadEnabled: depot.manualJobUploadEnabled,
        version: depot.version,
        ...overrides,
    });

    it('saves with the current version and refuses a stale one (409 STALE_RECORD), unchanged', async () => {
        const created = (await create(body())).body;
        const saved = await update(
            created.internalDepotId,
            editable(created, { name: 'Depot Hafen Süd', manualJobUploadEnabled: false }),
        );
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        expect(saved.body).toMatchObject({
            name: 'Depot Hafen Süd',
            manualJobUploadEnabled: false,
            version: 2,
        });
        const stale = await update(
            created.internalDepotId,
            editable(created, { name: 'Lost update' }),
        );
        expect(stale.status).toBe(409);
        expect(stale.body.code).toBe('STALE_RECORD');
        const [row] = await demo.db
            .select()
            .from(depots)
            .where(eq(depots.internalDepotId, created.internalDepotId));
        expect(row?.name).toBe('Depot Hafen Süd');
    });

    it('keeps its own external id and mappings, refuses those of another depot', async () => {
        const first = (await create(body())).body;
        const second = (await create(body())).body;
        expect((await update(first.internalDepotId, editable(first))).status).toBe(200);
        const stolenId = await update(
            second.internalDepotId,
            editable(second, { externalDepotId: first.externalDepotId }),
        );
        expect(stolenId.body.code).toBe('DUPLICATE_EXTERNAL_DEPOT_ID');
        const stolenMapping = await update(
            second.internalDepotId,
            editable(second, {
                deviceMappings: first.deviceMappings.map((pair) => `${pair.service}:${pair.id}`),
            }),
        );
        expect(stolenMapping.body.code).toBe('DUPLICATE_DEVICE_MAPPING');
    });

    it('geocodes again when the address changes without coordinates, keeps coordinates otherwise', async () => {
        const created = (await create(body())).body;
        const kept = await update(
            created.internalDepotId,
            editable(created, { latitude: null, longitude: null, name: 'Renamed' }),
        );
        expect(kept.body).toMatchObject({ latitude: 53.54, longitude: 9.98 });
        const moved = await update(
            created.internalDepotId,
            editable(kept.body, { latitude: null, longitude: null, street: 'Nowhere Lane' }),
        );
        expect(moved.status).toBe(422);
        expect(moved.body.code).toBe('ADDRESS_NOT_FOUND');
    });

    it("answers another organisation's depot like an unknown one (404), unchanged", async () => {
        const other = await otherTenantDepot(demo.db, orgAdmin.tenantId);
        const response = await update(
            other.internalDepotId,
            editable(
                { ...other, id: other.internalDepotId, tenantName: '', groupName: '' },
                { name: 'Hijacked' },
            ),
        );
        expect(response.status).toBe(404);
        expect(response.body.message).toBe(`Depot ${other.internalDepotId} was not found.`);
        const unknown = await update(
            'nope',
            editable({ ...other, id: other.internalDepotId, tenantName: '', groupName: '' }),
        );
        expect(unknown.body.message).toBe('Depot nope was not found.');
        const [row] = await demo.db
            .select()
            .from(depots)
            .where(eq(depots.internalDepotId, other.internalDepotId));
        expect(row?.name).toBe(other.name);
        expect(
            (
                await update(
                    other.internalDepotId,
                    editable({
                        ...other,
                        id: other.internalDepotId,
                        tenantName: '',
                        groupName: '',
                    }),
                    depotUser.token,
                )
            ).status,
        ).toBe(403);
    });

    it('moves everything below the depot when its region changes, in the same transaction', async () => {
        const all = await depotsOf(demo.db, orgAdmin.tenantId);
        // A seeded depot with subcontractors, vehicles and accounts below it.
        const withRows = [];
        for (const depot of all) {
            const [row] = await demo.db
                .select({ total: count() })
                .from(subcontractors)
                .where(eq(subcontractors.depotId, depot.internalDepotId));
            if ((row?.total ?? 0) > 0) withRows.push(depot);
        }
        const source = withRows[0];
        if (!source) throw new Error('no seeded depot with subcontractors');
        const target = regions.find((region) => region.id !== source.groupId);
        if (!target) throw new Error('the organisation has one region only');
        const oldPath = source.scopePath;
        const newPath = `${source.tenantId}.${source.countryCode}.${target.id}.${source.internalDepotId}`;
        const below = (path: string) => ({
            subcontractors: or(
                eq(subcontractors.scopePath, path),
                like(subcontractors.scopePath, `${path}.%`),
            ),
            vehicles: like(vehicles.scopePath, `${path}%`),
            users: like(users.scopePath, `${path}%`),
            assignments: like(permissionAssignments.scopePath, `${path}%`),
            jobs: like(jobAssignments.scopePath, `${path}%`),
            events: like(driverAppEvents.scopePath, `${path}%`),
            corrections: like(addressCorrections.scopePath, `${path}%`),
        });
        const counts = async (path: string) => {
            const where = below(path);
            const total = async (query: Promise<{ total: number }[]>) =>
                (await query)[0]?.total ?? 0;
            return {
                subcontractors: await total(
                    demo.db
                        .select({ total: count() })
                        .from(subcontractors)
                        .where(where.subcontractors),
                ),
                vehicles: await total(
                    demo.db.select({ total: count() }).from(vehicles).where(where.vehicles),
                ),
                users: await total(
                    demo.db.select({ total: count() }).from(users).where(where.users),
                ),
                assignments: await total(
                    demo.db
                        .select({ total: count() })
                        .from(permissionAssignments)
                        .where(where.assignments),
                ),
                jobs: await total(
                    demo.db.select({ total: count() }).from(jobAssignments).where(where.jobs),
                ),
                events: await total(
                    demo.db.select({ total: count() }).from(driverAppEvents).where(where.events),
                ),
                corrections: await total(
                    demo.db
                        .select({ total: count() })
                        .from(addressCorrections)
                        .where(where.corrections),
                ),
            };
        };
        const before = await counts(oldPath);
        expect(before.subcontractors).toBeGreaterThan(0);
        const depot = (
            await demo.get<Depot>(
                `/tenant-admin/v1/depots/${source.internalDepotId}`,
                orgAdmin.token,
            )
        ).body;
        const response = await update(
            source.internalDepotId,
            editable(depot, { groupId: target.id }),
        );
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        expect(response.body).toMatchObject({
            groupId: target.id,
            groupName: target.name,
            scopePath: newPath,
        });
        expect(await counts(newPath)).toEqual(before);
        expect(Object.values(await counts(oldPath)).every((value) => value === 0)).toBe(true);
        const [audit] = await demo.db
            .select()
            .from(auditLog)
            .where(
                and(
                    eq(auditLog.entityId, source.internalDepotId),
                    eq(auditLog.action, 'depot-updated'),
                ),
            );
        expect(
            (audit?.changes as { movedRows?: Record<string, number> }).movedRows?.subcontractors,
        ).toBe(before.subcontractors);
    });
});

describe('GET /tenant-admin/v1/tenants/:tenantId/depots', () => {
    it('lists the organisation for its admin in the shell §3 order, with simple REST paging and filters', async () => {
        const response = await demo.get<Depot[]>(
            `/tenant-admin/v1/tenants/${orgAdmin.tenantId}/depots?range=${encodeURIComponent('[0,499]')}`,
            orgAdmin.token,
        );
        expect(response.status).toBe(200);
        const stored = await depotsOf(demo.db, orgAdmin.tenantId);
        expect(response.body).toHaveLength(stored.length);
        expect(response.headers['content-range']).toBe(
            `depots 0-${stored.length - 1}/${stored.length}`,
        );
        const keys = response.body.map((depot) =>
            [depot.groupName, depot.externalDepotId.padStart(20, '0'), depot.name].join('|'),
        );
        expect(keys).toEqual([...keys].sort());
        const region = regions[0]?.id ?? '';
        const filtered = await demo.get<Depot[]>(
            `/tenant-admin/v1/tenants/${orgAdmin.tenantId}/depots?filter=${encodeURIComponent(JSON.stringify({ groupId: region }))}&range=[0,499]`,
            orgAdmin.token,
        );
        expect(filtered.body.every((depot) => depot.groupId === region)).toBe(true);
        expect(filtered.body.length).toBe(
            stored.filter((depot) => depot.groupId === region).length,
        );
    });

    it("needs r:depot-mgmt-list in that organisation; another organisation's depot is unknown", async () => {
        const other = await otherTenantDepot(demo.db, orgAdmin.tenantId);
        expect(
            (await demo.get(`/tenant-admin/v1/tenants/${other.tenantId}/depots`, orgAdmin.token))
                .status,
        ).toBe(403);
        expect(
            (
                await demo.get(
                    `/tenant-admin/v1/tenants/${depotUser.tenantId}/depots`,
                    depotUser.token,
                )
            ).status,
        ).toBe(403);
        const foreign = await demo.get<ErrorBody>(
            `/tenant-admin/v1/tenants/${orgAdmin.tenantId}/depots/${other.internalDepotId}`,
            orgAdmin.token,
        );
        expect(foreign.status).toBe(404);
        const own = (await depotsOf(demo.db, orgAdmin.tenantId))[0];
        const item = await demo.get<Depot>(
            `/tenant-admin/v1/tenants/${orgAdmin.tenantId}/depots/${own?.internalDepotId ?? ''}`,
            orgAdmin.token,
        );
        expect(item.body.internalDepotId).toBe(own?.internalDepotId);
        const adminView = await demo.get<Depot[]>(
            `/tenant-admin/v1/tenants/${other.tenantId}/depots?range=[0,499]`,
            admin.token,
        );
        expect(adminView.body.every((depot) => depot.tenantId === other.tenantId)).toBe(true);
    });
});
