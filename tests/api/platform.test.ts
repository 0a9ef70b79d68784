import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;

beforeAll(async () => {
    t = await createTestApp();
});
afterAll(() => t.close());

describe('platform endpoints', () => {
    it('answers /healthz and /readyz, and /readyz 503 when the database does not answer', async () => {
        expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
        expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
        const ping = t.app.database.ping;
        t.app.database.ping = async () => {
            throw new Error('connection refused');
        };
        try {
            const response = await t.app.inject('/readyz');
            expect(response.statusCode).toBe(503);
            expect(response.json()).toEqual({
                code: 'SERVICE_UNAVAILABLE',
                message: 'The database is not reachable.',
                details: [],
            });
        } finally {
            t.app.database.ping = ping;
        }
    });

    it('puts x-version-id and the security headers on every response, errors included', async () => {
        for (const url of ['/healthz', '/api/users/me', '/api/nope', '/landing']) {
            const response = await t.app.inject(url);
            expect(response.headers['x-version-id'], url).toBe('test-build');
            const csp = String(response.headers['content-security-policy']);
            expect(csp, url).toContain("default-src 'self'");
            expect(csp, url).toContain("script-src 'self'");
            expect(csp, url).toContain("object-src 'none'");
            expect(csp, url).toContain("frame-ancestors 'none'");
            expect(csp, url).not.toContain('unsafe-inline');
            expect(response.headers['x-content-type-options'], url).toBe('nosniff');
        }
    });

    it('answers 404 with the error envelope for unknown API paths, assets and non-GET methods', async () => {
        for (const [method, url] of [
            ['GET', '/api/nope'],
            ['GET', '/tenant-admin/v1/unknown/thing'],
            ['GET', '/data-gateway/api/v1/backoffice/jobs'],
            ['GET', '/assets/missing-chunk.js'],
            ['GET', '/favicon-missing.png'],
            ['POST', '/landing'],
        ] as const) {
            const response = await t.app.inject({ method, url });
            expect(response.statusCode, url).toBe(404);
            expect(response.json(), url).toMatchObject({ code: 'NOT_FOUND', details: [] });
        }
    });

    it('serves the app for client-side routes with the request nonce and the browser configuration', async () => {
        const first = await t.app.inject('/administration/configurations/depots?page=2');
        const second = await t.app.inject('/login');
        expect(first.statusCode).toBe(200);
        expect(first.headers['content-type']).toContain('text/html');
        expect(first.headers['cache-control']).toBe('no-store');
        const nonce = /style-src 'self' 'nonce-([^']+)'/.exec(
            String(first.headers['content-security-policy']),
        )?.[1];
        expect(nonce).toBeTruthy();
        expect(first.body).toContain(`nonce="${nonce}"`);
        expect(first.body).not.toContain('__CSP_NONCE__');
        expect(second.body).not.toContain(`nonce="${nonce}"`);
        const config = JSON.parse(
            /<script id="app-config" type="application\/json"[^>]*>(.*?)<\/script>/.exec(
                first.body,
            )?.[1] ?? '{}',
        );
        expect(config).toEqual({
            versionId: 'test-build',
            cognito: {
                userPoolId: 'local_BackOffice',
                userPoolClientId: 'backoffice-web',
                userPoolEndpoint: '/cognito-idp/',
            },
            services: {
                backOffice: '/api',
                tenantAdmin: '/tenant-admin/v1',
                dataGateway: '/data-gateway/api/v1/backoffice',
                deviceManagement: '/device-management/api/v1',
                tourCommander: '/tour-commander/v1',
                apiAccess: '/api-access/api/v1',
            },
            // No GEOCODER_URL in the test app: depot coordinates cannot be looked up.
            addressLookup: false,
            // NODE_ENV=test is no production installation: admins may read the mail outbox.
            mailViewer: true,
            environment: 'local',
            apiTokenTtlSeconds: 3600,
        });
        const asset = await t.app.inject('/assets/app.js');
        expect(asset.statusCode).toBe(200);
        expect(asset.headers['cache-control']).toContain('immutable');
        expect((await t.app.inject('/index.html')).statusCode).toBe(404);
    });

    it('serves the app at / like every client route, whatever encodings the browser accepts', async () => {
        for (const headers of [
            {},
            { 'accept-encoding': 'gzip, deflate, br' },
            { accept: 'text/html' },
        ]) {
            const response = await t.app.inject({ url: '/', headers });
            expect(response.statusCode, JSON.stringify(headers)).toBe(200);
            expect(response.headers['content-type']).toContain('text/html');
            expect(response.body).toContain('<script id="app-config" type="application/json"');
            expect(response.body).not.toContain('__CSP_NONCE__');
            expect(String(response.headers['content-security-policy'])).toMatch(
                /style-src 'self' 'nonce-/,
            );
        }
        for (const url of ['/index.html', '/index.html.gz', '/assets/']) {
            const response = await t.app.inject({
                url,
                headers: { 'accept-encoding': 'gzip, br' },
            });
            expect(response.statusCode, url).toBe(404);
        }
    });

    it('serves the OpenAPI document at /docs, compressed on request', async () => {
        expect((await t.app.inject('/docs')).statusCode).toBeLessThan(400);
        const spec = await t.app.inject({
            url: '/docs/json',
            headers: { 'accept-encoding': 'gzip' },
        });
        expect(spec.statusCode).toBe(200);
        expect(spec.headers['content-encoding']).toBe('gzip');
        const plain = await t.app.inject('/docs/json');
        const paths = Object.keys(plain.json<{ paths: Record<string, unknown> }>().paths);
        expect(paths).toEqual(
            expect.arrayContaining([
                '/api/users/me',
                '/api/distributionCenters',
                '/api/scopes',
                '/tenant-admin/v1/depots',
                '/tenant-admin/v1/depots/{internalDepotId}',
            ]),
        );
    });

    it('serves UI texts per language and refuses unknown languages', async () => {
        const response = await t.app.inject('/locales/de.json');
        expect(response.statusCode).toBe(200);
        expect(response.json()).toHaveProperty('app');
        const unknown = await t.app.inject('/locales/xx.json');
        expect(unknown.statusCode).toBe(400);
        expect(unknown.json().details[0].field).toBe('/params/file');
    });
});
