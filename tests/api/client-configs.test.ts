import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigRevision } from '../../domain/contracts/client-configs.js';
import { auditLog, tenants } from '../../server/db/schema/index.js';
import { tenantConfigDocument } from '../../server/demo/configs.js';
import { demoOrganisations } from '../../server/demo/data/organisations.js';
import { configSchemas } from '../../server/shared/config-schemas.js';
import { accessTokenFor, addFixtureUsers, ids, paths, seedFixtures } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
const tokens: Record<string, string> = {};
type Envelope = { code: string; message: string; details: { field?: string; message: string }[] };

async function call<T = ConfigRevision>(
    method: 'GET' | 'POST',
    url: string,
    who: string | null,
    payload?: object,
) {
    const response = await t.app.inject({
        method,
        url,
        payload,
        headers: who ? { authorization: `Bearer ${tokens[who]}` } : {},
    });
    return {
        status: response.statusCode,
        body: (response.body ? response.json() : undefined) as T,
        headers: response.headers,
    };
}

const validTenant = {
    frontend: {
        addEditUserFrom: 'ALL',
        maxTemporaryUsersPerDepot: 20,
        hidePhoneNumberLastDigits: false,
        liveDashboardRefreshIntervalInSec: 60,
        liveStatusShowLastUpdatedTime: true,
        deviceMappingServices: ['mdm'],
        driverUsernameRule: 'DEFAULT',
    },
};

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
    await addFixtureUsers(
        t.db,
        [
            {
                key: 'depotReader',
                type: 'BackofficeManager',
                email: 'depot.reader@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-depot-read', scopePath: paths.groupA }],
            },
            {
                key: 'depotWriter',
                type: 'BackofficeManager',
                email: 'depot.writer@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-depot-write', scopePath: paths.berlin }],
            },
        ],
        [
            {
                id: 'role-depot-read',
                name: 'Depot list',
                contexts: ['TENANT'],
                actions: ['r:depot-mgmt-list'],
            },
            {
                id: 'role-depot-write',
                name: 'Depot edit',
                contexts: ['TENANT'],
                actions: ['r:depot-mgmt-list', 'u:depot'],
            },
        ],
    );
    for (const [key, email] of Object.entries({
        admin: 'admin@fixture.test',
        orgAdmin: 'org.admin@fixture.test',
        tenantUser: 'tenant.user@fixture.test',
        depotReader: 'depot.reader@fixture.test',
        depotWriter: 'depot.writer@fixture.test',
    })) {
        tokens[key] = await accessTokenFor(t.app, email, t.config.identity.clientId);
    }
});
afterAll(() => t.close());

describe('tenant client configurations', () => {
    const base = `/tenant-admin/v1/tenants/${ids.north}`;

    it('answers revision 0 and {} before anything was saved', async () => {
        expect(await call('GET', `${base}/clientConfigs`, 'admin')).toMatchObject({
            status: 200,
            body: {
                revision: 0,
                document: {},
                createdAt: null,
                createdBy: null,
                restoredFrom: null,
            },
        });
        expect(await call('GET', `${base}/clientConfigsHistory`, 'admin')).toMatchObject({
            status: 200,
            body: [],
        });
    });

    it('refuses an invalid document naming every failing field, and writes nothing', async () => {
        const document = {
            frontend: {
                ...validTenant.frontend,
                maxTemporaryUsersPerDepot: -1,
                addEditUserFrom: 'SOMETIMES',
                deviceMappingServices: ['mdm', 'mdm'],
                colour: 'red',
            },
        };
        const { driverUsernameRule: _omitted, ...withoutRule } = document.frontend;
        const { status, body } = await call<Envelope>('POST', `${base}/clientConfigs`, 'admin', {
            document: { frontend: withoutRule },
            baseRevision: 0,
        });
        expect(status).toBe(400);
        expect(body.code).toBe('INVALID_CLIENT_CONFIG');
        expect(body.details.map((detail) => detail.field).sort()).toEqual(
            [
                '/frontend/addEditUserFrom',
                '/frontend/colour',
                '/frontend/deviceMappingServices',
                '/frontend/driverUsernameRule',
                '/frontend/maxTemporaryUsersPerDepot',
            ].sort(),
        );
        expect((await call('GET', `${base}/clientConfigs`, 'admin')).body.revision).toBe(0);
    });

    it('saves revisions numbered per organisation, with who and when, and refuses a stale base', async () => {
        const first = await call('POST', `${base}/clientConfigs`, 'admin', {
            document: validTenant,
            baseRevision: 0,
        });
        expect(first.status).toBe(201);
        expect(first.body).toMatchObject({
            revision: 1,
            document: validTenant,
            createdBy: { id: 'user-admin' },
            restoredFrom: null,
        });
        expect(Date.parse(first.body.createdAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

        const changed = { frontend: { ...validTenant.frontend, maxTemporaryUsersPerDepot: 35 } };
        const second = await call('POST', `${base}/clientConfigs`, 'admin', {
            document: changed,
            baseRevision: 1,
        });
        expect(second).toMatchObject({ status: 201, body: { revision: 2, document: changed } });

        const stale = await call<Envelope>('POST', `${base}/clientConfigs`, 'admin', {
            document: validTenant,
            baseRevision: 1,
        });
        expect({ status: stale.status, code: stale.body.code }).toEqual({
            status: 409,
            code: 'STALE_RECORD',
        });

        // An unchanged document creates nothing.
        const same = await call('POST', `${base}/clientConfigs`, 'admin', {
            document: changed,
            baseRevision: 2,
        });
        expect(same).toMatchObject({ status: 200, body: { revision: 2 } });

        // Another organisation numbers its own revisions.
        const other = await call(
            'POST',
            `/tenant-admin/v1/tenants/${ids.north1}/clientConfigs`,
            'admin',
            { document: validTenant, baseRevision: 0 },
        );
        expect(other).toMatchObject({ status: 201, body: { revision: 1 } });

        const history = await call<ConfigRevision[]>(
            'GET',
            `${base}/clientConfigsHistory`,
            'admin',
        );
        expect(history.body.map((revision) => revision.revision)).toEqual([2, 1]);
        expect(history.body[0]?.createdBy?.name).toBe('admin Fixture');
        const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, ids.north));
        expect(audit.filter((entry) => entry.action === 'tenant-client-config-saved')).toHaveLength(
            2,
        );
    });

    it('restores an older revision as a new revision with its document', async () => {
        const restored = await call('POST', `${base}/clientConfigsHistory/1/restore`, 'admin', {
            baseRevision: 2,
        });
        expect(restored).toMatchObject({
            status: 201,
            body: {
                revision: 3,
                document: validTenant,
                restoredFrom: 1,
                createdBy: { id: 'user-admin' },
            },
        });
        expect((await call('GET', `${base}/clientConfigs`, 'admin')).body).toMatchObject({
            revision: 3,
            restoredFrom: 1,
        });
        const stale = await call<Envelope>(
            'POST',
            `${base}/clientConfigsHistory/1/restore`,
            'admin',
            { baseRevision: 2 },
        );
        expect({ status: stale.status, code: stale.body.code }).toEqual({
            status: 409,
            code: 'STALE_RECORD',
        });
        expect(
            (
                await call('POST', `${base}/clientConfigsHistory/99/restore`, 'admin', {
                    baseRevision: 3,
                })
            ).status,
        ).toBe(404);
        const current = await call<Envelope>(
            'POST',
            `${base}/clientConfigsHistory/3/restore`,
            'admin',
            { baseRevision: 3 },
        );
        expect(current.status).toBe(400);
        // The reader of the tenant configuration sees the latest revision.
        const configuration = await call<{ frontend: { maxTemporaryUsersPerDepot: number } }>(
            'GET',
            `/api/tenant-configuration/${ids.north}`,
            'admin',
        );
        expect(configuration.body.frontend.maxTemporaryUsersPerDepot).toBe(20);
    });

    it('is for admins only; an unknown organisation is 404', async () => {
        for (const who of ['orgAdmin', 'tenantUser', 'depotWriter']) {
            expect((await call('GET', `${base}/clientConfigs`, who)).status, who).toBe(403);
            expect(
                (
                    await call('POST', `${base}/clientConfigs`, who, {
                        document: validTenant,
                        baseRevision: 3,
                    })
                ).status,
                who,
            ).toBe(403);
            expect((await call('GET', `${base}/clientConfigsHistory`, who)).status, who).toBe(403);
            expect(
                (
                    await call('POST', `${base}/clientConfigsHistory/1/restore`, who, {
                        baseRevision: 3,
                    })
                ).status,
                who,
            ).toBe(403);
        }
        expect((await call('GET', `${base}/clientConfigs`, null)).status).toBe(401);
        expect(
            (await call('GET', '/tenant-admin/v1/tenants/nowhere/clientConfigs', 'admin')).status,
        ).toBe(404);
    });
});

describe('depot client configurations', () => {
    const berlin = `/tenant-admin/v1/depots/${ids.berlin}`;
    const document = {
        frontend: {
            businessHours: { from: '05:30', to: '21:30' },
            liveDashboardRefreshIntervalInSec: 30,
        },
    };

    it('validates the depot overrides', async () => {
        const { status, body } = await call<Envelope>(
            'POST',
            `${berlin}/clientConfigs`,
            'depotWriter',
            {
                document: {
                    frontend: {
                        businessHours: { from: '25:00' },
                        liveDashboardRefreshIntervalInSec: 1,
                        maxTemporaryUsersPerDepot: 3,
                    },
                },
                baseRevision: 0,
            },
        );
        expect(status).toBe(400);
        expect(body.details.map((detail) => detail.field).sort()).toEqual(
            [
                '/frontend/businessHours/from',
                '/frontend/businessHours/to',
                '/frontend/liveDashboardRefreshIntervalInSec',
                '/frontend/maxTemporaryUsersPerDepot',
            ].sort(),
        );
    });

    it('is written with u:depot covering the depot and read with r:depot-mgmt-list', async () => {
        const saved = await call('POST', `${berlin}/clientConfigs`, 'depotWriter', {
            document,
            baseRevision: 0,
        });
        expect(saved).toMatchObject({
            status: 201,
            body: { revision: 1, createdBy: { id: 'user-depotWriter' } },
        });
        expect((await call('GET', `${berlin}/clientConfigs`, 'depotReader')).body).toMatchObject({
            revision: 1,
            document,
        });
        expect(
            (await call<ConfigRevision[]>('GET', `${berlin}/clientConfigsHistory`, 'orgAdmin'))
                .body,
        ).toHaveLength(1);
        // The reader lacks u:depot anywhere: 403; the writer's grant does not cover Hamburg: 404 like an unknown depot.
        expect(
            (
                await call<Envelope>('POST', `${berlin}/clientConfigs`, 'depotReader', {
                    document: {},
                    baseRevision: 1,
                })
            ).body.code,
        ).toBe('NO_PERMISSION');
        const hamburg = await call<Envelope>(
            'POST',
            `/tenant-admin/v1/depots/${ids.hamburg}/clientConfigs`,
            'depotWriter',
            { document, baseRevision: 0 },
        );
        const unknown = await call<Envelope>(
            'POST',
            '/tenant-admin/v1/depots/dep-nowhere/clientConfigs',
            'depotWriter',
            { document, baseRevision: 0 },
        );
        expect(hamburg.status).toBe(404);
        expect(hamburg.body.message.replace(ids.hamburg, 'X')).toBe(
            unknown.body.message.replace('dep-nowhere', 'X'),
        );
        // Another organisation's depot is 404 for its organisation admin and readers.
        expect(
            (await call('GET', `/tenant-admin/v1/depots/${ids.milan}/clientConfigs`, 'orgAdmin'))
                .status,
        ).toBe(404);
        expect(
            (
                await call(
                    'GET',
                    `/tenant-admin/v1/depots/${ids.munich}/clientConfigsHistory`,
                    'depotReader',
                )
            ).status,
        ).toBe(404);
        // No r:depot-mgmt-list at all.
        expect((await call('GET', `${berlin}/clientConfigs`, 'tenantUser')).status).toBe(403);
    });

    it('restores an earlier depot revision (organisation admin, tenant-admin covers the depot)', async () => {
        const changed = {
            frontend: { ...document.frontend, liveDashboardRefreshIntervalInSec: 15 },
        };
        expect(
            (
                await call('POST', `${berlin}/clientConfigs`, 'orgAdmin', {
                    document: changed,
                    baseRevision: 1,
                })
            ).status,
        ).toBe(201);
        const restored = await call(
            'POST',
            `${berlin}/clientConfigsHistory/1/restore`,
            'orgAdmin',
            { baseRevision: 2 },
        );
        expect(restored).toMatchObject({
            status: 201,
            body: { revision: 3, document, restoredFrom: 1 },
        });
        const history = await call<ConfigRevision[]>(
            'GET',
            `${berlin}/clientConfigsHistory`,
            'depotReader',
        );
        expect(history.body.map((revision) => [revision.revision, revision.restoredFrom])).toEqual([
            [3, 1],
            [2, null],
            [1, null],
        ]);
        expect(
            (
                await call(
                    'POST',
                    `/tenant-admin/v1/depots/${ids.milan}/clientConfigsHistory/1/restore`,
                    'orgAdmin',
                    { baseRevision: 0 },
                )
            ).status,
        ).toBe(404);
    });

    it('validates a restored document against the current schema', async () => {
        // A revision saved before a schema change (written directly): restoring it is refused.
        const { depotConfigRevisions } = await import('../../server/db/schema/index.js');
        await t.db.insert(depotConfigRevisions).values({
            id: 'old-rev',
            tenantId: ids.north,
            depotId: ids.hamburg,
            revision: 1,
            document: { frontend: { legacy: true } },
        });
        await t.db.insert(depotConfigRevisions).values({
            id: 'new-rev',
            tenantId: ids.north,
            depotId: ids.hamburg,
            revision: 2,
            document: {},
        });
        const { status, body } = await call<Envelope>(
            'POST',
            `/tenant-admin/v1/depots/${ids.hamburg}/clientConfigsHistory/1/restore`,
            'orgAdmin',
            { baseRevision: 2 },
        );
        expect({
            status,
            code: body.code,
            fields: body.details.map((detail) => detail.field),
        }).toEqual({ status: 400, code: 'INVALID_CLIENT_CONFIG', fields: ['/frontend/legacy'] });
    });
});

describe('schema assets', () => {
    const url = (client: string, environment = 'local', version = 'v1', file = 'tenant.json') =>
        `/assets/schemas/${client}/${environment}/${version}/${file}?ts=${Date.now()}`;

    it('serves the default schema publicly, revalidated on every use', async () => {
        const { status, body, headers } = await call<{ properties: { frontend: object } }>(
            'GET',
            url(ids.north),
            null,
        );
        expect(status).toBe(200);
        expect(body.properties.frontend).toBeDefined();
        expect(headers['cache-control']).toBe('no-cache');
        const again = await t.app.inject({
            method: 'GET',
            url: url(ids.north),
            headers: { 'if-none-match': String(headers.etag) },
        });
        expect(again.statusCode).toBe(304);
    });

    it("serves a client's own schema, and the default for every other client", async () => {
        const own = await call<{
            properties: { frontend: { properties: { driverUsernameRule: { enum: string[] } } } };
        }>('GET', url('pacchi-veloci'), null);
        expect(own.body.properties.frontend.properties.driverUsernameRule.enum).toEqual([
            'ITALIAN',
        ]);
        const fallback = await call<{
            properties: { frontend: { properties: { driverUsernameRule: { enum: string[] } } } };
        }>('GET', url('nordpaket'), null);
        expect(fallback.body.properties.frontend.properties.driverUsernameRule.enum).toContain(
            'DEFAULT',
        );
        for (const file of ['depot.json', 'tour-commander.json'])
            expect((await call('GET', url('anyone', 'local', 'v1', file), null)).status, file).toBe(
                200,
            );
    });

    it('answers 404 with the envelope for another environment, an unknown version or name', async () => {
        for (const target of [
            url(ids.north, 'production'),
            url(ids.north, 'local', 'v9'),
            url(ids.north, 'local', 'v1', 'users.json'),
        ]) {
            const { status, body } = await call<Envelope>('GET', target, null);
            expect({ status, code: body.code }, target).toEqual({ status: 404, code: 'NOT_FOUND' });
        }
    });

    it('serves the precompiled validator as an ES module that needs no eval', async () => {
        const response = await t.app.inject({
            method: 'GET',
            url: url(ids.north, 'local', 'v1', 'tenant.validator.js'),
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/javascript/);
        const module = (await import(
            `data:text/javascript;base64,${Buffer.from(response.body).toString('base64')}`
        )) as { default: Record<string, (data: unknown) => boolean> };
        const [validate] = Object.values(module.default);
        expect(validate?.(validTenant)).toBe(true);
        expect(
            validate?.({
                frontend: { ...validTenant.frontend, maxTemporaryUsersPerDepot: 'many' },
            }),
        ).toBe(false);
    });

    it('the server validates the client override: the Italian organisation must keep the Italian rule', async () => {
        await t.db
            .insert(tenants)
            .values({ id: 'pacchi-veloci', name: 'Pacchi', countryCode: 'IT' });
        const { status, body } = await call<Envelope>(
            'POST',
            '/tenant-admin/v1/tenants/pacchi-veloci/clientConfigs',
            'admin',
            { document: validTenant, baseRevision: 0 },
        );
        expect({ status, fields: body.details.map((detail) => detail.field) }).toEqual({
            status: 400,
            fields: ['/frontend/driverUsernameRule'],
        });
    });
});

describe('demo documents', () => {
    it('every demo tenant document and the demo depot overrides are valid', () => {
        for (const organisation of demoOrganisations)
            expect(
                configSchemas().validate(
                    organisation.id,
                    'tenant',
                    tenantConfigDocument(organisation),
                ),
                organisation.id,
            ).toEqual([]);
        for (const to of ['21:30', '22:00']) {
            for (const from of ['05:00', '05:30', '06:00']) {
                expect(
                    configSchemas().validate('nordpaket', 'depot', {
                        frontend: {
                            businessHours: { from, to },
                            liveDashboardRefreshIntervalInSec: 30,
                        },
                    }),
                ).toEqual([]);
            }
        }
    });
});
