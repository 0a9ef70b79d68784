import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageViewRecord } from '../../domain/contracts/page-views.js';
import { pageViews } from '../../server/db/schema/index.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { accessTokenFor, addFixtureUsers, ids, paths, seedFixtures } from './helpers/fixtures.js';

let t: TestApp;
const tokens: Record<string, string> = {};

const view = {
    consent: true,
    path: '/depot/north/110/statistics/live-status',
    routeName: 'liveStatus',
    language: 'de',
    screen: 'lg',
};

async function post(who: string, payload: unknown) {
    const response = await t.app.inject({
        method: 'POST',
        url: '/api/analytics/page-views',
        headers: { authorization: `Bearer ${tokens[who]}` },
        payload: payload as object,
    });
    return { status: response.statusCode, body: response.body };
}

async function list(query: Record<string, unknown>, who = 'admin') {
    const search = new URLSearchParams(
        Object.entries(query).map(([key, value]) => [key, JSON.stringify(value)]),
    ).toString();
    const response = await t.app.inject({
        method: 'GET',
        url: `/api/analytics/page-views?${search}`,
        headers: { authorization: `Bearer ${tokens[who]}` },
    });
    return {
        status: response.statusCode,
        range: response.headers['content-range'],
        body: response.json<PageViewRecord[] & { code?: string; details?: { field: string }[] }>(),
    };
}

const storedRows = () => t.db.select().from(pageViews);

beforeAll(async () => {
    t = await createTestApp({ INTERNAL_EMAIL_DOMAINS: 'internal.test,staff.example' });
    await seedFixtures(t.db);
    await addFixtureUsers(
        t.db,
        [
            {
                key: 'internalStaff',
                type: 'BackofficeManager',
                email: 'Someone@Internal.Test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-depot-std', scopePath: paths.berlin }],
            },
            {
                key: 'subdomainStaff',
                type: 'BackofficeManager',
                email: 'someone@eu.internal.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-depot-std', scopePath: paths.berlin }],
            },
            {
                key: 'twoContexts',
                type: 'BackofficeManager',
                email: 'two.contexts@fixture.test',
                tenantId: ids.north,
                roles: [
                    { roleId: 'role-two-contexts', scopePath: ids.north },
                    { roleId: 'role-depot-std', scopePath: paths.berlin },
                    { roleId: 'role-depot-std', scopePath: paths.munich },
                ],
            },
        ],
        [
            {
                id: 'role-two-contexts',
                name: 'Standard Access (Tenant)',
                contexts: ['TENANT', 'DEPOT'],
                actions: ['r:parcel-finder'],
            },
        ],
    );
    for (const [key, email] of Object.entries({
        admin: 'admin@fixture.test',
        orgAdmin: 'org.admin@fixture.test',
        groupManager: 'group.manager@fixture.test',
        internalStaff: 'someone@internal.test',
        subdomainStaff: 'someone@eu.internal.test',
        twoContexts: 'two.contexts@fixture.test',
    })) {
        tokens[key] = await accessTokenFor(t.app, email, t.config.identity.clientId);
    }
});
afterAll(() => t.close());

describe('POST /api/analytics/page-views', () => {
    it('records the page with the viewer’s organisation and role names with context, never the viewer', async () => {
        expect(await post('groupManager', view)).toEqual({ status: 204, body: '' });
        const rows = await storedRows();
        expect(rows).toHaveLength(1);
        const [row] = rows;
        expect(Object.keys(row ?? {}).sort()).toEqual([
            'id',
            'language',
            'occurredAt',
            'path',
            'roles',
            'routeName',
            'screen',
            'tenantId',
        ]);
        expect(row).toMatchObject({
            path: view.path,
            routeName: 'liveStatus',
            language: 'de',
            screen: 'lg',
            tenantId: ids.north,
            roles: ['DEPOT:Standard Access (Depot)'],
        });
        expect(Math.abs(Date.now() - (row?.occurredAt.getTime() ?? 0))).toBeLessThan(60_000);
        expect(JSON.stringify(rows)).not.toMatch(/group\.manager|user-groupManager|fixture\.test/);
    });

    it('names every context of every role once, and no organisation for platform admins', async () => {
        await post('twoContexts', {
            ...view,
            routeName: undefined,
            path: '/tenant/north/parcel-finder',
        });
        await post('admin', {
            ...view,
            path: '/administration/users/backoffice',
            language: 'en',
            screen: 'xl',
        });
        const rows = await storedRows();
        expect(rows.find((row) => row.path === '/tenant/north/parcel-finder')).toMatchObject({
            routeName: null,
            tenantId: ids.north,
            roles: [
                'DEPOT:Standard Access (Depot)',
                'DEPOT:Standard Access (Tenant)',
                'TENANT:Standard Access (Tenant)',
            ],
        });
        expect(rows.find((row) => row.path === '/administration/users/backoffice')).toMatchObject({
            tenantId: null,
            roles: ['ADMIN:Admin'],
        });
    });

    it('stores nothing for the internal e-mail domains (any letter case) and still answers 204', async () => {
        const before = (await storedRows()).length;
        expect(await post('internalStaff', view)).toEqual({ status: 204, body: '' });
        expect((await storedRows()).length).toBe(before);
        // Only the exact domain is internal.
        expect((await post('subdomainStaff', view)).status).toBe(204);
        expect((await storedRows()).length).toBe(before + 1);
    });

    it('refuses a view without consent or with a bad field with 400 naming it, and stores nothing', async () => {
        const before = (await storedRows()).length;
        const { consent: _consent, ...withoutConsent } = view;
        const cases: [unknown, string][] = [
            [withoutConsent, '/body/consent'],
            [{ ...view, consent: false }, '/body/consent'],
            [{ ...view, path: 'depot/north' }, '/body/path'],
            [{ ...view, path: `/${'a'.repeat(300)}` }, '/body/path'],
            [{ ...view, path: '/login?email=someone@example.com' }, '/body/path'],
            [{ ...view, routeName: 'r'.repeat(61) }, '/body/routeName'],
            [{ ...view, language: 'xx' }, '/body/language'],
            [{ ...view, screen: 'xxl' }, '/body/screen'],
        ];
        for (const [payload, field] of cases) {
            const response = await post('groupManager', payload);
            expect(response.status, JSON.stringify(payload)).toBe(400);
            const body = JSON.parse(response.body) as {
                code: string;
                details: { field: string }[];
            };
            expect(body.code).toBe('BAD_REQUEST');
            expect(
                body.details.map((detail) => detail.field),
                JSON.stringify(payload),
            ).toContain(field);
        }
        const huge = await post('groupManager', { ...view, padding: 'x'.repeat(4000) });
        expect(huge.status).toBe(413);
        expect((await storedRows()).length).toBe(before);
        const anonymous = await t.app.inject({
            method: 'POST',
            url: '/api/analytics/page-views',
            payload: view,
        });
        expect(anonymous.statusCode).toBe(401);
    });
});

describe('GET /api/analytics/page-views', () => {
    beforeAll(async () => {
        await t.db.delete(pageViews);
        const row = (
            id: string,
            occurredAt: string,
            path: string,
            language: 'en' | 'de' | 'it',
            tenantId: string | null,
        ) => ({
            id,
            occurredAt: new Date(occurredAt),
            path,
            routeName: null,
            language,
            screen: 'md' as const,
            tenantId,
            roles: ['DEPOT:Standard Access (Depot)'],
        });
        await t.db
            .insert(pageViews)
            .values([
                row('pv-1', '2026-03-01T08:00:00Z', '/landing', 'en', null),
                row(
                    'pv-2',
                    '2026-03-02T09:00:00Z',
                    '/depot/north/110/statistics/live-status',
                    'de',
                    ids.north,
                ),
                row(
                    'pv-3',
                    '2026-03-02T23:30:00Z',
                    '/depot/north/9/statistics/live-status',
                    'de',
                    ids.north,
                ),
                row(
                    'pv-4',
                    '2026-03-03T10:00:00Z',
                    '/tenant/north1/parcel-finder',
                    'it',
                    ids.north1,
                ),
                row('pv-5', '2026-03-04T11:00:00Z', '/my/profile', 'en', ids.north1),
            ]);
    });

    it('lists newest first with Content-Range', async () => {
        const { status, range, body } = await list({});
        expect(status).toBe(200);
        expect(range).toBe('page-views 0-4/5');
        expect(body.map((record) => record.id)).toEqual(['pv-5', 'pv-4', 'pv-3', 'pv-2', 'pv-1']);
        expect(body[0]).toEqual({
            id: 'pv-5',
            occurredAt: '2026-03-04T11:00:00.000Z',
            path: '/my/profile',
            routeName: null,
            language: 'en',
            screen: 'md',
            tenantId: ids.north1,
            roles: ['DEPOT:Standard Access (Depot)'],
        });
    });

    it('sorts and pages', async () => {
        const byPath = await list({ sort: ['path', 'ASC'], range: [0, 1] });
        expect(byPath.range).toBe('page-views 0-1/5');
        expect(byPath.body.map((record) => record.path)).toEqual([
            '/depot/north/110/statistics/live-status',
            '/depot/north/9/statistics/live-status',
        ]);
        const next = await list({ sort: ['path', 'ASC'], range: [2, 3] });
        expect(next.range).toBe('page-views 2-3/5');
        expect(next.body.map((record) => record.id)).toEqual(['pv-1', 'pv-5']);
        expect(
            (await list({ sort: ['occurredAt', 'ASC'] })).body.map((record) => record.id),
        ).toEqual(['pv-1', 'pv-2', 'pv-3', 'pv-4', 'pv-5']);
        expect((await list({ range: [10, 19] })).range).toBe('page-views */5');
    });

    it('filters by path text, organisation, language and date range', async () => {
        const ids_ = async (filter: Record<string, string>) =>
            (await list({ filter, sort: ['occurredAt', 'ASC'] })).body.map((record) => record.id);
        expect(await ids_({ q: 'LIVE-status' })).toEqual(['pv-2', 'pv-3']);
        expect(await ids_({ q: '%' })).toEqual([]);
        expect(await ids_({ tenantId: ids.north1 })).toEqual(['pv-4', 'pv-5']);
        expect(await ids_({ language: 'de' })).toEqual(['pv-2', 'pv-3']);
        expect(await ids_({ from: '2026-03-02', to: '2026-03-03' })).toEqual([
            'pv-2',
            'pv-3',
            'pv-4',
        ]);
        expect(await ids_({ from: '2026-03-02T12:00:00Z', to: '2026-03-03T10:00:00Z' })).toEqual([
            'pv-3',
            'pv-4',
        ]);
        const counted = await list({ filter: { language: 'en' } });
        expect(counted.range).toBe('page-views 0-1/2');
    });

    it('refuses bad list parameters with 400 naming them', async () => {
        for (const [query, field] of [
            [{ filter: { userId: 'x' } }, '/querystring/filter/userId'],
            [{ filter: { language: 'xx' } }, '/querystring/filter/language'],
            [{ filter: { from: 'yesterday' } }, '/querystring/filter/from'],
            [{ filter: { to: '2026-02-31T25:00:00Z' } }, '/querystring/filter/to'],
            [{ sort: ['email', 'ASC'] }, '/querystring/sort'],
        ] as const) {
            const { status, body } = await list(query);
            expect({ status, field: body.details?.[0]?.field }, JSON.stringify(query)).toEqual({
                status: 400,
                field,
            });
        }
    });

    it('is for admins only', async () => {
        for (const who of ['orgAdmin', 'groupManager']) {
            const { status, body } = await list({}, who);
            expect({ who, status, code: body.code }).toEqual({
                who,
                status: 403,
                code: 'NO_PERMISSION',
            });
        }
    });
});
