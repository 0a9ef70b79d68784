import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { accessTokenFor, ids, seedFixtures } from './helpers/fixtures.js';

let t: TestApp;
const tokens: Record<string, string> = {};

interface DepotRecord {
    id: string;
    name: string;
    externalDepotId: string;
    tenantName: string;
    groupName: string;
}

async function list(query: Record<string, unknown>, who = 'admin') {
    const search = new URLSearchParams(
        Object.entries(query).map(([key, value]) => [key, JSON.stringify(value)]),
    ).toString();
    const response = await t.app.inject({
        method: 'GET',
        url: `/tenant-admin/v1/depots?${search}`,
        headers: { authorization: `Bearer ${tokens[who]}` },
    });
    return {
        status: response.statusCode,
        range: response.headers['content-range'],
        body: response.json(),
    };
}

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
    tokens.admin = await accessTokenFor(t.app, 'admin@fixture.test', t.config.identity.clientId);
    tokens.groupManager = await accessTokenFor(
        t.app,
        'group.manager@fixture.test',
        t.config.identity.clientId,
    );
});
afterAll(() => t.close());

describe('GET /tenant-admin/v1/depots (simple REST list)', () => {
    it('sorts, pages and reports Content-Range', async () => {
        const first = await list({ sort: ['name', 'ASC'], range: [0, 1] });
        expect(first.status).toBe(200);
        expect(first.range).toBe('depots 0-1/4');
        expect((first.body as DepotRecord[]).map((depot) => depot.name)).toEqual([
            'Berlin',
            'Hamburg',
        ]);
        const second = await list({ sort: ['name', 'ASC'], range: [2, 3] });
        expect(second.range).toBe('depots 2-3/4');
        expect((second.body as DepotRecord[]).map((depot) => depot.name)).toEqual([
            'Milano',
            'München',
        ]);
        const byNumber = await list({ sort: ['externalDepotId', 'DESC'] });
        expect((byNumber.body as DepotRecord[]).map((depot) => depot.externalDepotId)).toEqual([
            '200',
            '120',
            '110',
            '9',
        ]);
        const empty = await list({ range: [10, 19] });
        expect(empty.range).toBe('depots */4');
        expect(empty.body).toEqual([]);
    });

    it('searches name, number, locality and postcode and filters by tenant', async () => {
        expect(
            (await list({ filter: { q: 'mün' } })).body.map((depot: DepotRecord) => depot.id),
        ).toEqual([ids.munich]);
        expect(
            (await list({ filter: { q: '110' } })).body.map((depot: DepotRecord) => depot.id),
        ).toEqual([ids.berlin]);
        // `_` and `%` are searched literally, not as LIKE wildcards.
        expect((await list({ filter: { q: '_' } })).body).toEqual([]);
        const north1 = await list({ filter: { tenantId: ids.north1 } });
        expect(north1.range).toBe('depots 0-0/1');
        expect(north1.body[0]).toMatchObject({
            id: ids.milan,
            internalDepotId: ids.milan,
            tenantName: 'North One Italia',
            groupName: 'Lombardia',
            houseNo: '1',
        });
    });

    it('shows a group manager only the depots of their group', async () => {
        const { body, range } = await list({ sort: ['name', 'ASC'] }, 'groupManager');
        expect(range).toBe('depots 0-1/2');
        expect(body.map((depot: DepotRecord) => depot.id)).toEqual([ids.berlin, ids.hamburg]);
        const response = await t.app.inject({
            method: 'GET',
            url: `/tenant-admin/v1/depots/${ids.munich}`,
            headers: { authorization: `Bearer ${tokens.groupManager}` },
        });
        expect(response.statusCode).toBe(404);
    });

    it('rejects bad list parameters with 400 naming the parameter', async () => {
        const cases: [Record<string, unknown> | string, string][] = [
            [{ sort: ['password', 'ASC'] }, '/querystring/sort'],
            [{ sort: ['name', 'UP'] }, '/querystring/sort'],
            [{ range: [5, 1] }, '/querystring/range'],
            [{ range: [0, 10_000] }, '/querystring/range'],
            [{ filter: { colour: 'red' } }, '/querystring/filter/colour'],
            [{ filter: { countryCode: 'germany' } }, '/querystring/filter/countryCode'],
            ['sort=%5Bname', '/querystring/sort'],
        ];
        for (const [query, field] of cases) {
            const url = typeof query === 'string' ? `/tenant-admin/v1/depots?${query}` : undefined;
            const result = url
                ? await t.app
                      .inject({
                          method: 'GET',
                          url,
                          headers: { authorization: `Bearer ${tokens.admin}` },
                      })
                      .then((r) => ({ status: r.statusCode, body: r.json() }))
                : await list(query as Record<string, unknown>);
            expect(result.status, JSON.stringify(query)).toBe(400);
            expect(result.body.code).toBe('BAD_REQUEST');
            expect(result.body.details[0].field).toBe(field);
        }
    });

    it('returns one depot with every field, 404 for an unknown id and 401 without a token', async () => {
        const response = await t.app.inject({
            method: 'GET',
            url: `/tenant-admin/v1/depots/${ids.berlin}`,
            headers: { authorization: `Bearer ${tokens.admin}` },
        });
        expect(response.statusCode).toBe(200);
        expect(Object.keys(response.json()).sort()).toEqual(
            [
                'id',
                'internalDepotId',
                'externalDepotId',
                'name',
                'street',
                'houseNo',
                'postcode',
                'locality',
                'countryCode',
                'latitude',
                'longitude',
                'timeZone',
                'tenantId',
                'tenantName',
                'groupId',
                'groupName',
                'deviceMappings',
                'manualJobUploadEnabled',
                'scopePath',
                'version',
            ].sort(),
        );
        const missing = await t.app.inject({
            method: 'GET',
            url: '/tenant-admin/v1/depots/nope',
            headers: { authorization: `Bearer ${tokens.admin}` },
        });
        expect(missing.statusCode).toBe(404);
        expect(missing.json().code).toBe('NOT_FOUND');
        const anonymous = await t.app.inject({
            method: 'GET',
            url: `/tenant-admin/v1/depots/${ids.berlin}`,
        });
        expect(anonymous.statusCode).toBe(401);
    });
});
