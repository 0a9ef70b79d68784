import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepotGroup, Organisation } from '../../domain/contracts/organisations.js';
import type { ScopeNode } from '../../domain/contracts/scopes.js';
import type { TenantConfiguration } from '../../domain/contracts/tenant-configuration.js';
import { auditLog, depotGroups, tenants } from '../../server/db/schema/index.js';
import { accessTokenFor, addFixtureUsers, ids, seedFixtures } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
const tokens: Record<string, string> = {};

interface Answer<T> {
    status: number;
    body: T;
    headers: Record<string, unknown>;
}
type ErrorBody = { code: string; message: string; details: { field?: string; message: string }[] };

async function call<T = Organisation>(
    who: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
): Promise<Answer<T & ErrorBody>> {
    const response = await t.app.inject({
        method,
        url,
        payload,
        headers: { authorization: `Bearer ${tokens[who]}` },
    });
    return {
        status: response.statusCode,
        body: response.json<T & ErrorBody>(),
        headers: response.headers,
    };
}
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const fieldsOf = (body: ErrorBody) => body.details.map((detail) => detail.field);

const valid = {
    id: 'acme_de',
    name: 'Acme Parcel Germany',
    countryCode: 'DE',
    timeZone: 'Europe/Berlin',
    businessHours: { from: '06:00', to: '20:30' },
    regions: [{ name: 'North' }, { name: 'South' }],
};
const create = (who: string, body: object) => call(who, 'POST', '/tenant-admin/v1/tenants', body);
const read = (who: string, id: string) => call(who, 'GET', `/tenant-admin/v1/tenants/${id}`);
const update = (who: string, id: string, body: object) =>
    call(who, 'PUT', `/tenant-admin/v1/tenants/${id}`, body);

/** Everything a failed write must leave as it was. */
async function snapshot() {
    const [tenantRows, groupRows, audits] = await Promise.all([
        t.db.select().from(tenants).orderBy(asc(tenants.id)),
        t.db.select().from(depotGroups).orderBy(asc(depotGroups.id)),
        t.db.select({ id: auditLog.id }).from(auditLog),
    ]);
    return { tenantRows, groupRows, audits: audits.length };
}

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
    await addFixtureUsers(
        t.db,
        [
            {
                key: 'depotManager',
                type: 'BackofficeManager',
                email: 'depot.manager@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-depot-mgmt', scopePath: ids.north }],
            },
            {
                key: 'depotEditor',
                type: 'BackofficeManager',
                email: 'depot.editor@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-depot-edit', scopePath: ids.north }],
            },
            {
                key: 'countryManager',
                type: 'BackofficeManager',
                email: 'country.manager@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-depot-mgmt', scopePath: `${ids.north}.DE` }],
            },
        ],
        [
            {
                id: 'role-depot-mgmt',
                name: 'Depot list',
                contexts: ['TENANT'],
                actions: ['r:depot-mgmt-list'],
            },
            {
                id: 'role-depot-edit',
                name: 'Depot editor',
                contexts: ['TENANT'],
                actions: ['r:depot-mgmt-list', 'c:depot', 'u:depot'],
            },
        ],
    );
    for (const [key, email] of Object.entries({
        admin: 'admin@fixture.test',
        orgAdmin: 'org.admin@fixture.test',
        tenantUser: 'tenant.user@fixture.test',
        groupManager: 'group.manager@fixture.test',
        sucoUser: 'suco.user@fixture.test',
        depotManager: 'depot.manager@fixture.test',
        depotEditor: 'depot.editor@fixture.test',
        countryManager: 'country.manager@fixture.test',
    })) {
        tokens[key] = await accessTokenFor(t.app, email, t.config.identity.clientId);
    }
});
afterAll(() => t.close());

describe('POST /tenant-admin/v1/tenants', () => {
    it('creates an organisation with its regions, answers it and writes one audit entry', async () => {
        const { status, body } = await call('admin', 'POST', '/tenant-admin/v1/tenants', {
            ...valid,
            name: '  Acme Parcel Germany ',
            regions: [{ name: ' North ' }, { name: 'South' }],
        });
        expect(status).toBe(201);
        expect(body).toMatchObject({
            id: 'acme_de',
            name: 'Acme Parcel Germany',
            countryCode: 'DE',
            timeZone: 'Europe/Berlin',
            businessHours: { from: '06:00', to: '20:30' },
            depotCount: 0,
            version: 1,
        });
        expect(
            body.regions.map((region) => ({ name: region.name, depotCount: region.depotCount })),
        ).toEqual([
            { name: 'North', depotCount: 0 },
            { name: 'South', depotCount: 0 },
        ]);
        const groups = await t.db
            .select()
            .from(depotGroups)
            .where(eq(depotGroups.tenantId, 'acme_de'));
        expect(groups.map((group) => group.name).sort()).toEqual(['North', 'South']);
        const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, 'acme_de'));
        expect(
            audits.map((audit) => ({
                action: audit.action,
                entityType: audit.entityType,
                actor: audit.actorUserId,
            })),
        ).toEqual([{ action: 'organisation-created', entityType: 'tenant', actor: 'user-admin' }]);
    });

    it('refuses ids that are not 2-40 letters, digits, hyphens and underscores (400 INVALID_TENANT_ID), writing nothing', async () => {
        const before = await snapshot();
        for (const id of [
            '',
            'a',
            'acme de',
            'acme.de',
            'äcme',
            'acme/de',
            'x'.repeat(41),
            'drop;table',
        ]) {
            const { status, body } = await call('admin', 'POST', '/tenant-admin/v1/tenants', {
                ...valid,
                id,
            });
            expect({ status, code: body.code, fields: fieldsOf(body) }, id).toEqual({
                status: 400,
                code: 'INVALID_TENANT_ID',
                fields: ['/body/id'],
            });
        }
        expect(await snapshot()).toEqual(before);
        const longest = await call('admin', 'POST', '/tenant-admin/v1/tenants', {
            ...valid,
            id: `A-${'z'.repeat(37)}_`,
        });
        expect(longest.status).toBe(201);
    });

    it('refuses an id in use, also with another letter case or with _ and - swapped (409 DUPLICATE_TENANT_ID), writing nothing', async () => {
        const before = await snapshot();
        for (const id of ['north', 'NORTH', 'acme_de', 'acme-de', 'ACME-de']) {
            const { status, body } = await call('admin', 'POST', '/tenant-admin/v1/tenants', {
                ...valid,
                id,
            });
            expect({ status, code: body.code, fields: fieldsOf(body) }, id).toEqual({
                status: 409,
                code: 'DUPLICATE_TENANT_ID',
                fields: ['/body/id'],
            });
        }
        expect(await snapshot()).toEqual(before);
    });

    it('checks name, country, time zone, business hours and regions, naming each field, writing nothing', async () => {
        const before = await snapshot();
        const cases: [object, string[]][] = [
            [{ name: ' ' }, ['/body/name']],
            [{ name: 'A' }, ['/body/name']],
            [{ name: 'x'.repeat(101) }, ['/body/name']],
            [{ countryCode: 'XX' }, ['/body/countryCode']],
            [{ countryCode: 'de' }, ['/body/countryCode']],
            [{ countryCode: 'CN' }, ['/body/countryCode']],
            [{ timeZone: 'Mars/Olympus' }, ['/body/timeZone']],
            [{ timeZone: '' }, ['/body/timeZone']],
            [{ businessHours: { from: '24:00', to: '20:00' } }, ['/body/businessHours/from']],
            [
                { businessHours: { from: '6:00', to: '2000' } },
                ['/body/businessHours/from', '/body/businessHours/to'],
            ],
            [{ businessHours: { from: '20:00', to: '06:00' } }, ['/body/businessHours']],
            [{ businessHours: { from: '08:00', to: '08:00' } }, ['/body/businessHours']],
            [{ regions: [] }, ['/body/regions']],
            [{ regions: [{ name: 'North' }, { name: ' north ' }] }, ['/body/regions/1/name']],
            [{ regions: [{ name: '  ' }, { name: 'South' }] }, ['/body/regions/0/name']],
            [
                { name: '', countryCode: 'XX', regions: [] },
                ['/body/name', '/body/countryCode', '/body/regions'],
            ],
        ];
        for (const [change, fields] of cases) {
            const { status, body } = await call('admin', 'POST', '/tenant-admin/v1/tenants', {
                ...valid,
                id: 'fresh-org',
                ...change,
            });
            expect(
                { status, code: body.code, fields: fieldsOf(body) },
                JSON.stringify(change),
            ).toEqual({ status: 400, code: 'BAD_REQUEST', fields });
        }
        for (const change of [
            { regions: undefined },
            { businessHours: { from: '06:00' } },
            { regions: 'North' },
            { businessHours: null },
        ]) {
            const { status, body } = await call('admin', 'POST', '/tenant-admin/v1/tenants', {
                ...valid,
                id: 'fresh-org',
                ...change,
            });
            expect({ status, code: body.code }, JSON.stringify(change)).toEqual({
                status: 400,
                code: 'BAD_REQUEST',
            });
        }
        expect(await snapshot()).toEqual(before);
    });

    it('is for admins only: organisation admins and other users get 403 and nothing is written', async () => {
        const before = await snapshot();
        for (const who of ['orgAdmin', 'tenantUser', 'groupManager', 'sucoUser', 'depotEditor']) {
            const { status, body } = await create(who, { ...valid, id: `by-${who}` });
            expect({ status, code: body.code }, who).toEqual({
                status: 403,
                code: 'NO_PERMISSION',
            });
        }
        expect(await snapshot()).toEqual(before);
    });
});

describe('GET /tenant-admin/v1/tenants', () => {
    it('lists every organisation for admins, sorted by name, with regions and depot counts', async () => {
        const { status, body, headers } = await call<Organisation[]>(
            'admin',
            'GET',
            `/tenant-admin/v1/tenants?sort=${q(['name', 'ASC'])}&range=${q([0, 99])}`,
        );
        expect(status).toBe(200);
        const names = body.map((organisation) => organisation.name);
        expect(names).toEqual(
            [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
        );
        expect(headers['content-range']).toBe(`tenants 0-${body.length - 1}/${body.length}`);
        const north = body.find((organisation) => organisation.id === ids.north);
        expect(north).toMatchObject({
            countryCode: 'DE',
            depotCount: 3,
            businessHours: { from: '00:00', to: '23:59' },
        });
        expect(north?.regions.map((region) => [region.id, region.depotCount])).toEqual([
            [ids.groupA, 2],
            [ids.groupB, 1],
        ]);
    });

    it('searches id and name, filters by country and ids, sorts by depot count, pages', async () => {
        const list = (
            filter: object,
            sort: [string, string] = ['name', 'ASC'],
            range: [number, number] = [0, 99],
        ) =>
            call<Organisation[]>(
                'admin',
                'GET',
                `/tenant-admin/v1/tenants?filter=${q(filter)}&sort=${q(sort)}&range=${q(range)}`,
            );
        expect((await list({ q: 'qqq' })).body.map((organisation) => organisation.id)).toEqual([]);
        expect((await list({ q: 'italia' })).body.map((organisation) => organisation.id)).toEqual([
            ids.north1,
        ]);
        expect((await list({ q: 'ACME_' })).body.map((organisation) => organisation.id)).toEqual([
            'acme_de',
        ]);
        expect(
            (await list({ countryCode: 'IT' })).body.map((organisation) => organisation.id),
        ).toEqual([ids.north1]);
        expect(
            (await list({ id: [ids.north, 'acme_de'] })).body
                .map((organisation) => organisation.id)
                .sort(),
        ).toEqual(['acme_de', ids.north]);
        const byDepots = await list({}, ['depotCount', 'DESC']);
        expect(byDepots.body[0]?.id).toBe(ids.north);
        const page = await list({}, ['id', 'ASC'], [1, 1]);
        expect(page.body).toHaveLength(1);
        expect(page.headers['content-range']).toMatch(/^tenants 1-1\/\d+$/);
        for (const bad of [
            `filter=${q({ tenantId: 'x' })}`,
            `sort=${q(['regions', 'ASC'])}`,
            `range=${q([0, 600])}`,
        ]) {
            const { status, body } = await call('admin', 'GET', `/tenant-admin/v1/tenants?${bad}`);
            expect({ status, code: body.code }, bad).toEqual({ status: 400, code: 'BAD_REQUEST' });
        }
    });

    it('is for admins only', async () => {
        for (const who of ['orgAdmin', 'tenantUser', 'groupManager', 'sucoUser', 'depotManager']) {
            const { status, body } = await call(who, 'GET', '/tenant-admin/v1/tenants');
            expect({ status, code: body.code }, who).toEqual({
                status: 403,
                code: 'NO_PERMISSION',
            });
        }
    });
});

describe('GET /tenant-admin/v1/tenants/:tenantId', () => {
    it('answers members of the organisation (any scope in it) and admins; depot counts cover what the caller may see', async () => {
        const cases: [string, number][] = [
            ['admin', 3],
            ['orgAdmin', 3],
            ['tenantUser', 0],
            ['groupManager', 2],
            ['sucoUser', 1],
        ];
        for (const [who, depotCount] of cases) {
            const { status, body } = await read(who, ids.north);
            expect(
                { status, id: body.id, depotCount: body.depotCount, regions: body.regions?.length },
                who,
            ).toEqual({ status: 200, id: ids.north, depotCount, regions: 2 });
        }
    });

    it('answers another organisation exactly like an unknown one (404)', async () => {
        for (const who of ['orgAdmin', 'tenantUser', 'groupManager', 'sucoUser', 'depotManager']) {
            for (const id of [ids.north1, 'acme_de', 'nope']) {
                const { status, body } = await read(who, id);
                expect({ status, code: body.code, message: body.message }, `${who} ${id}`).toEqual({
                    status: 404,
                    code: 'NOT_FOUND',
                    message: `Organisation ${id} was not found.`,
                });
            }
        }
        expect((await read('admin', 'nope')).status).toBe(404);
    });
});

describe('PUT /tenant-admin/v1/tenants/:tenantId', () => {
    const current = async (id: string) => (await read('admin', id)).body;
    const bodyOf = (organisation: Organisation) => ({
        name: organisation.name,
        countryCode: organisation.countryCode,
        timeZone: organisation.timeZone,
        businessHours: organisation.businessHours,
        regions: organisation.regions.map(({ id, name }) => ({ id, name })),
        version: organisation.version,
    });

    it('renames regions, adds new ones, changes name, time zone and hours, bumps the version and audits', async () => {
        const before = await current('acme_de');
        const body = bodyOf(before);
        body.name = 'Acme Parcel Deutschland';
        body.timeZone = 'Europe/Vienna';
        body.businessHours = { from: '05:00', to: '22:00' };
        body.regions = [
            ...body.regions.map((region) =>
                region.name === 'North' ? { ...region, name: 'Nord' } : region,
            ),
            { name: 'West' },
        ] as typeof body.regions;
        const { status, body: after } = await update('admin', 'acme_de', body);
        expect(status).toBe(200);
        expect(after).toMatchObject({
            name: 'Acme Parcel Deutschland',
            countryCode: 'DE',
            timeZone: 'Europe/Vienna',
            businessHours: { from: '05:00', to: '22:00' },
            version: before.version + 1,
        });
        expect(after.regions.map((region) => region.name)).toEqual(['Nord', 'South', 'West']);
        const north = before.regions.find((region) => region.name === 'North');
        expect(after.regions.find((region) => region.name === 'Nord')?.id).toBe(north?.id);
        const audits = await t.db
            .select()
            .from(auditLog)
            .where(eq(auditLog.action, 'organisation-updated'));
        expect(audits).toHaveLength(1);
    });

    it('lets two regions swap their names', async () => {
        const before = await current('acme_de');
        const body = bodyOf(before);
        body.regions = body.regions.map((region) => ({
            ...region,
            name: region.name === 'Nord' ? 'South' : region.name === 'South' ? 'Nord' : region.name,
        }));
        const { status, body: after } = await update('admin', 'acme_de', body);
        expect(status).toBe(200);
        const nordBefore = before.regions.find((region) => region.name === 'Nord')?.id;
        expect(after.regions.find((region) => region.name === 'South')?.id).toBe(nordBefore);
    });

    it('refuses a country change (400 TENANT_COUNTRY_FIXED) and writes nothing', async () => {
        const organisation = await current('acme_de');
        const before = await snapshot();
        const { status, body } = await update('admin', 'acme_de', {
            ...bodyOf(organisation),
            countryCode: 'AT',
        });
        expect({ status, code: body.code, fields: fieldsOf(body) }).toEqual({
            status: 400,
            code: 'TENANT_COUNTRY_FIXED',
            fields: ['/body/countryCode'],
        });
        expect(await snapshot()).toEqual(before);
    });

    it('refuses to remove a region (400 TENANT_REGION_REMOVED naming it) and writes nothing, also when renaming others', async () => {
        const organisation = await current('acme_de');
        const before = await snapshot();
        const [kept, removed, ...rest] = bodyOf(organisation).regions;
        if (!kept || !removed) throw new Error('acme_de has too few regions');
        const { status, body } = await update('admin', 'acme_de', {
            ...bodyOf(organisation),
            regions: [{ ...kept, name: 'Renamed' }, ...rest, { name: `${removed.name} again` }],
        });
        expect({ status, code: body.code }).toEqual({ status: 400, code: 'TENANT_REGION_REMOVED' });
        expect(body.details).toEqual([
            {
                field: '/body/regions',
                message: `region ${removed.name} (${removed.id}) is missing`,
            },
        ]);
        expect(await snapshot()).toEqual(before);
    });

    it('needs at least one region and valid fields; region ids must be the organisation’s; nothing is written', async () => {
        const organisation = await current('acme_de');
        const before = await snapshot();
        const base = bodyOf(organisation);
        const cases: [object, string, string[]][] = [
            [{ regions: [] }, 'BAD_REQUEST', ['/body/regions']],
            [
                { regions: [...base.regions, { name: base.regions[0]?.name.toUpperCase() ?? '' }] },
                'BAD_REQUEST',
                [`/body/regions/${base.regions.length}/name`],
            ],
            [
                { regions: [...base.regions, { id: ids.groupA, name: 'Stolen' }] },
                'BAD_REQUEST',
                [`/body/regions/${base.regions.length}/id`],
            ],
            [
                { regions: [...base.regions, { ...base.regions[0], name: 'Twice' }] },
                'BAD_REQUEST',
                [`/body/regions/${base.regions.length}/id`],
            ],
            [{ name: 'x' }, 'BAD_REQUEST', ['/body/name']],
            [{ timeZone: 'Nowhere/City' }, 'BAD_REQUEST', ['/body/timeZone']],
            [
                { businessHours: { from: '22:00', to: '05:00' } },
                'BAD_REQUEST',
                ['/body/businessHours'],
            ],
        ];
        for (const [change, code, fields] of cases) {
            const { status, body } = await update('admin', 'acme_de', { ...base, ...change });
            expect(
                { status, code: body.code, fields: fieldsOf(body) },
                JSON.stringify(change),
            ).toEqual({ status: 400, code, fields });
        }
        expect(await snapshot()).toEqual(before);
    });

    it('refuses a save based on a stale version (409 STALE_RECORD) and writes nothing', async () => {
        const organisation = await current('acme_de');
        const first = await update('admin', 'acme_de', {
            ...bodyOf(organisation),
            name: 'First save',
        });
        expect(first.status).toBe(200);
        const before = await snapshot();
        const second = await update('admin', 'acme_de', {
            ...bodyOf(organisation),
            name: 'Second save',
            regions: [...bodyOf(organisation).regions, { name: 'Late region' }],
        });
        expect({
            status: second.status,
            code: second.body.code,
            fields: fieldsOf(second.body),
        }).toEqual({ status: 409, code: 'STALE_RECORD', fields: ['/body/version'] });
        expect(await snapshot()).toEqual(before);
    });

    it('is for admins only; an unknown organisation is 404', async () => {
        const organisation = await current(ids.north);
        const before = await snapshot();
        for (const who of ['orgAdmin', 'tenantUser', 'depotEditor', 'groupManager']) {
            const { status, body } = await update(who, ids.north, {
                ...bodyOf(organisation),
                name: 'Taken over',
            });
            expect({ status, code: body.code }, who).toEqual({
                status: 403,
                code: 'NO_PERMISSION',
            });
        }
        expect(await snapshot()).toEqual(before);
        expect((await update('admin', 'nope', bodyOf(organisation))).status).toBe(404);
    });
});

describe('GET /tenant-admin/v1/depotGroups', () => {
    const list = (who: string, filter: object = {}) =>
        call<DepotGroup[]>(
            who,
            'GET',
            `/tenant-admin/v1/depotGroups?filter=${q(filter)}&range=${q([0, 99])}`,
        );

    it('answers admins every region, with or without an organisation filter', async () => {
        const all = await list('admin');
        expect(all.status).toBe(200);
        expect(all.body.map((group) => group.id)).toEqual(
            expect.arrayContaining([ids.groupA, ids.groupB, ids.groupC]),
        );
        const north = await list('admin', { tenantId: ids.north });
        expect(north.body).toEqual([
            { id: ids.groupA, name: 'Region A', tenantId: ids.north },
            { id: ids.groupB, name: 'Region B', tenantId: ids.north },
        ]);
    });

    it('answers holders of depot management (r:depot-mgmt-list, c:depot, u:depot, tenant-admin) the regions of their organisation', async () => {
        for (const who of ['depotManager', 'depotEditor', 'orgAdmin']) {
            const { status, body } = await list(who, { tenantId: ids.north });
            expect({ status, ids: body.map((group) => group.id) }, who).toEqual({
                status: 200,
                ids: [ids.groupA, ids.groupB],
            });
            const other = await list(who, { tenantId: ids.north1 });
            expect({ status: other.status, code: other.body.code }, who).toEqual({
                status: 403,
                code: 'CHANGE_SCOPE',
            });
            const unfiltered = await list(who);
            expect({ status: unfiltered.status, code: unfiltered.body.code }, who).toEqual({
                status: 400,
                code: 'BAD_REQUEST',
            });
            const search = await list(who, { tenantId: ids.north, q: 'b' });
            expect(
                search.body.map((group) => group.id),
                who,
            ).toEqual([ids.groupB]);
            const many = await list(who, { tenantId: ids.north, id: [ids.groupA, ids.groupC] });
            expect(
                many.body.map((group) => group.id),
                who,
            ).toEqual([ids.groupA]);
        }
    });

    it('refuses users without depot management (403 NO_PERMISSION) and grants on part of an organisation', async () => {
        for (const who of ['tenantUser', 'groupManager', 'sucoUser']) {
            const { status, body } = await list(who, { tenantId: ids.north });
            expect({ status, code: body.code }, who).toEqual({
                status: 403,
                code: 'NO_PERMISSION',
            });
        }
        const partial = await list('countryManager', { tenantId: ids.north });
        expect({ status: partial.status, code: partial.body.code }).toEqual({
            status: 403,
            code: 'NO_DATA_PERMISSION',
        });
    });

    it('GET /depotGroups/:id answers a readable region; another organisation’s is 404 like an unknown one', async () => {
        expect(
            await call<DepotGroup>(
                'depotManager',
                'GET',
                `/tenant-admin/v1/depotGroups/${ids.groupA}`,
            ),
        ).toMatchObject({ status: 200, body: { id: ids.groupA, tenantId: ids.north } });
        expect(
            await call<DepotGroup>('admin', 'GET', `/tenant-admin/v1/depotGroups/${ids.groupC}`),
        ).toMatchObject({ status: 200, body: { id: ids.groupC, tenantId: ids.north1 } });
        for (const id of [ids.groupC, 'nope']) {
            const { status, body } = await call(
                'depotManager',
                'GET',
                `/tenant-admin/v1/depotGroups/${id}`,
            );
            expect({ status, code: body.code, message: body.message }, id).toEqual({
                status: 404,
                code: 'NOT_FOUND',
                message: `Region ${id} was not found.`,
            });
        }
        const refused = await call(
            'tenantUser',
            'GET',
            `/tenant-admin/v1/depotGroups/${ids.groupA}`,
        );
        expect(refused.status).toBe(403);
    });
});

describe('a new organisation elsewhere', () => {
    it('shows in the admin scope tree and answers /api/tenant-configuration (id with _ sent as -) with the §9 defaults and its business hours', async () => {
        const created = await call('admin', 'POST', '/tenant-admin/v1/tenants', {
            ...valid,
            id: 'blue_sky',
            name: 'Blue Sky Logistics',
            countryCode: 'NL',
            timeZone: 'Europe/Amsterdam',
            businessHours: { from: '07:15', to: '19:45' },
        });
        expect(created.status).toBe(201);
        const tree = await call<ScopeNode>('admin', 'GET', '/api/scopes?level=1');
        expect(tree.body.children.find((node) => node.id === 'blue_sky')).toMatchObject({
            scope: 'TENANT',
            name: 'Blue Sky Logistics',
            path: 'blue_sky',
            countryCode: 'NL',
            timeZone: 'Europe/Amsterdam',
        });
        for (const key of ['blue-sky', 'blue_sky']) {
            const configuration = await call<TenantConfiguration>(
                'admin',
                'GET',
                `/api/tenant-configuration/${key}`,
            );
            expect(configuration.status, key).toBe(200);
            expect(configuration.body, key).toEqual({
                id: 'blue_sky',
                frontend: {
                    businessHours: { from: '07:15', to: '19:45' },
                    addEditUserFrom: 'ALL',
                    maxTemporaryUsersPerDepot: 20,
                    hidePhoneNumberLastDigits: false,
                    liveDashboardRefreshIntervalInSec: 60,
                    liveStatusShowLastUpdatedTime: true,
                    deviceMappingServices: [],
                    driverUsernameRule: 'DEFAULT',
                },
            });
        }
    });
});
