import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleContext } from '../../domain/enums.js';
import { buildProfileActions } from '../../domain/permissions.js';
import type { Caller } from '../../server/access/caller-repository.js';
import {
    paramPath,
    queryPath,
    requireAction,
    secureService,
    signedIn,
    type AccessGrant,
} from '../../server/access/route-access.js';
import { unauthorized } from '../../server/errors.js';
import errorHandler from '../../server/plugins/error-handler.js';

/**
 * The route-level authorization mechanism (server/access/route-access.ts) on a small service of
 * its own: what each declaration answers for callers of every kind, the domain's four failure
 * codes, the scopes handed to the handler, and the boot refusal of an undeclared route.
 */

type Assignment = [contexts: RoleContext[], actions: string[], scopePath: string];

const D1 = 't1.DE.g1.d1';
const D2 = 't1.DE.g1.d2';
const G1 = 't1.DE.g1';
const S1 = `${D1}.s1`;

const callers: Record<string, Assignment[]> = {
    admin: [[['ADMIN'], ['admin'], '']],
    tenantAdmin: [[['TENANT'], ['tenant-admin'], 't1']],
    reporter: [[['TENANT'], ['r:route-reports'], 't1']],
    tenantOnly: [[['TENANT'], ['r:parcel-finder'], 't1']],
    depotUser: [[['DEPOT'], ['r:tour'], D1]],
    groupUser: [[['DEPOT'], ['r:tour'], G1]],
    sucoUser: [[['SUBCONTRACTOR'], ['r:suco', 'r:driver'], S1]],
    nobody: [],
};

function callerOf(key: string): Caller {
    const assignments = callers[key] ?? [];
    return {
        userId: key,
        sub: key,
        type: 'BackofficeManager',
        tenantId: null,
        email: null,
        active: true,
        assignments: [],
        actions: buildProfileActions(
            assignments.map(([contexts, actions, scopePath]) => ({ contexts, actions, scopePath })),
        ),
    };
}

async function buildService(routes: (service: FastifyInstance) => void): Promise<FastifyInstance> {
    const app = Fastify({ logger: false });
    await app.register(errorHandler);
    app.decorateRequest('caller', null as unknown as Caller);
    // Stands in for the authentication plugin: the caller named by a header.
    app.decorate('authenticate', async (request: FastifyRequest) => {
        const key = request.headers['x-caller'];
        if (typeof key !== 'string' || !(key in callers)) throw unauthorized();
        request.caller = callerOf(key);
    });
    await app.register(
        async (service) => {
            secureService(service);
            routes(service);
        },
        { prefix: '/svc' },
    );
    await app.ready();
    return app;
}

const answer = async (request: FastifyRequest): Promise<AccessGrant> => request.access;
const pathQuery = {
    querystring: Type.Object({
        path: Type.Optional(
            Type.String({ pattern: '^([A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+){0,4})?$' }),
        ),
    }),
};

let app: FastifyInstance;

beforeAll(async () => {
    app = await buildService((service) => {
        service.get('/me', { config: { access: signedIn() } }, answer);
        service.get(
            '/depots',
            {
                config: { access: signedIn({ rows: 'visibleDepots', within: queryPath() }) },
                schema: pathQuery,
            },
            answer,
        );
        service.get(
            '/scopes',
            {
                config: {
                    access: signedIn({ rows: 'scopeTree', within: queryPath(), outside: 'refuse' }),
                },
                schema: pathQuery,
            },
            answer,
        );
        service.get(
            '/tours',
            {
                config: {
                    access: requireAction(
                        'r:tour',
                        { context: 'depot', path: queryPath() },
                        { coverage: 'some' },
                    ),
                },
                schema: pathQuery,
            },
            answer,
        );
        service.get(
            '/depots/:depotPath/tours',
            {
                config: {
                    access: requireAction('r:tour', {
                        context: 'depot',
                        path: paramPath('depotPath'),
                    }),
                },
            },
            answer,
        );
        service.get(
            '/tenants/:tenantId/reports',
            {
                config: {
                    access: requireAction('r:route-reports', {
                        context: 'tenant',
                        path: paramPath('tenantId'),
                    }),
                },
            },
            answer,
        );
        service.get(
            '/admin',
            { config: { access: requireAction('admin', { context: 'admin' }) } },
            answer,
        );
    });
});
afterAll(() => app.close());

type Expectation = { scopes: AccessGrant['scopes'] } | { code: string };

const matrix: [caller: string, url: string, expected: Expectation][] = [
    // Open to every signed-in user, filtered by their scopes.
    ['nobody', '/svc/me', { scopes: [] }],
    ['admin', '/svc/depots', { scopes: 'ALL' }],
    ['admin', '/svc/depots?path=t2', { scopes: ['t2'] }],
    ['tenantAdmin', '/svc/depots', { scopes: ['t1'] }],
    ['tenantOnly', '/svc/depots', { scopes: [] }],
    ['groupUser', '/svc/depots?path=t1', { scopes: [G1] }],
    ['groupUser', `/svc/depots?path=${D2}`, { scopes: [D2] }],
    ['sucoUser', '/svc/depots', { scopes: [D1] }],
    // A list filter outside the caller's scopes narrows to nothing (an empty list, as for an unknown path).
    ['depotUser', '/svc/depots?path=t2', { scopes: [] }],
    ['depotUser', `/svc/depots?path=${D1}x`, { scopes: [] }],
    ['sucoUser', '/svc/scopes', { scopes: [S1] }],
    ['sucoUser', '/svc/scopes?path=t1', { scopes: [S1] }],
    // An explicit scope outside the caller's scopes is refused, also when it only shares a raw prefix.
    ['sucoUser', `/svc/scopes?path=${D1}.s2`, { code: 'NO_DATA_PERMISSION' }],
    ['depotUser', `/svc/scopes?path=${D1}x`, { code: 'NO_DATA_PERMISSION' }],
    ['tenantAdmin', '/svc/scopes?path=t10', { code: 'NO_DATA_PERMISSION' }],
    // A depot feature, anywhere under the requested scope.
    ['depotUser', '/svc/tours', { scopes: [D1] }],
    ['depotUser', '/svc/tours?path=t1', { scopes: [D1] }],
    ['groupUser', `/svc/tours?path=${D2}`, { scopes: [D2] }],
    ['tenantAdmin', `/svc/tours?path=${D2}`, { scopes: [D2] }],
    ['admin', '/svc/tours', { scopes: 'ALL' }],
    ['tenantOnly', '/svc/tours', { code: 'NO_DC_PERMISSION' }],
    ['sucoUser', '/svc/tours', { code: 'NO_PERMISSION' }],
    ['depotUser', `/svc/tours?path=${D2}`, { code: 'CHANGE_SCOPE' }],
    ['depotUser', '/svc/tours?path=t2', { code: 'CHANGE_SCOPE' }],
    ['tenantAdmin', '/svc/tours?path=t2.IT.g9.d9', { code: 'CHANGE_SCOPE' }],
    // A depot feature on the whole target.
    ['groupUser', `/svc/depots/${D1}/tours`, { scopes: [D1] }],
    ['depotUser', `/svc/depots/${D1}/tours`, { scopes: [D1] }],
    ['depotUser', `/svc/depots/${S1}/tours`, { scopes: [S1] }],
    ['depotUser', `/svc/depots/${G1}/tours`, { code: 'NO_DATA_PERMISSION' }],
    ['depotUser', `/svc/depots/${D1}x/tours`, { code: 'CHANGE_SCOPE' }],
    // A tenant feature.
    ['reporter', '/svc/tenants/t1/reports', { scopes: ['t1'] }],
    ['tenantAdmin', '/svc/tenants/t1/reports', { scopes: ['t1'] }],
    ['admin', '/svc/tenants/t2/reports', { scopes: ['t2'] }],
    ['reporter', '/svc/tenants/t10/reports', { code: 'CHANGE_SCOPE' }],
    ['tenantAdmin', '/svc/tenants/t2/reports', { code: 'CHANGE_SCOPE' }],
    ['tenantOnly', '/svc/tenants/t1/reports', { code: 'NO_PERMISSION' }],
    ['depotUser', '/svc/tenants/t1/reports', { code: 'NO_PERMISSION' }],
    // The admin context: admins only, never tenant admins.
    ['admin', '/svc/admin', { scopes: 'ALL' }],
    ['tenantAdmin', '/svc/admin', { code: 'NO_PERMISSION' }],
    ['nobody', '/svc/admin', { code: 'NO_PERMISSION' }],
];

describe('route access declarations', () => {
    it.each(matrix)('%s GET %s', async (caller, url, expected) => {
        const response = await app.inject({ method: 'GET', url, headers: { 'x-caller': caller } });
        if ('code' in expected) {
            expect(response.statusCode).toBe(403);
            const body = response.json<{ code: string; message: string; details: unknown[] }>();
            expect(body.code).toBe(expected.code);
            expect(body.details).toEqual([]);
            expect(body.message.length).toBeGreaterThan(10);
        } else {
            expect(response.statusCode).toBe(200);
            expect(response.json<AccessGrant>().scopes).toEqual(expected.scopes);
        }
    });

    it('names the action and the scope in the message of a refusal', async () => {
        const change = await app.inject({
            url: `/svc/tours?path=${D2}`,
            headers: { 'x-caller': 'depotUser' },
        });
        expect(change.json()).toEqual({
            code: 'CHANGE_SCOPE',
            message: `This feature is not available for the selected scope. (r:tour at ${D2})`,
            details: [],
        });
        const page = await app.inject({
            url: '/svc/admin',
            headers: { 'x-caller': 'tenantAdmin' },
        });
        expect(page.json().message).toBe('You are not allowed to use this feature. (admin)');
        const scope = await app.inject({
            url: '/svc/scopes?path=t9',
            headers: { 'x-caller': 'depotUser' },
        });
        expect(scope.json().message).toBe(
            'The scope t9 does not exist or is outside your permissions.',
        );
    });

    it('authenticates before anything else, validates before checking, and checks HEAD like GET', async () => {
        expect((await app.inject({ url: '/svc/admin' })).statusCode).toBe(401);
        expect((await app.inject({ url: '/svc/scopes?path=a..b' })).statusCode).toBe(401);
        const invalid = await app.inject({
            url: '/svc/scopes?path=a..b',
            headers: { 'x-caller': 'nobody' },
        });
        expect(invalid.statusCode).toBe(400);
        expect(
            (
                await app.inject({
                    method: 'HEAD',
                    url: '/svc/admin',
                    headers: { 'x-caller': 'tenantAdmin' },
                })
            ).statusCode,
        ).toBe(403);
        expect(
            (
                await app.inject({
                    method: 'HEAD',
                    url: '/svc/admin',
                    headers: { 'x-caller': 'admin' },
                })
            ).statusCode,
        ).toBe(200);
    });

    it('refuses to boot a service with a route that declares no access', async () => {
        await expect(
            buildService((service) => service.get('/open', async () => ({}))),
        ).rejects.toThrow('GET /svc/open declares no access');
    });
});
