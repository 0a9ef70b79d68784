import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenFor, seedFixtures } from './helpers/fixtures.js';
import { AMZ_JSON, cognitoCall } from './helpers/identity-fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Issue 13 point 23: every answer of a service (they carry user data), errors included and
 * whether signed in or not, is `Cache-Control: no-store`; the browser's files, the locales and
 * the configuration schemas keep their own caching.
 */

let t: TestApp;
let admin: string;
let tenantUser: string;

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
    admin = await accessTokenFor(t.app, 'admin@fixture.test', t.config.identity.clientId);
    tenantUser = await accessTokenFor(
        t.app,
        'tenant.user@fixture.test',
        t.config.identity.clientId,
    );
});
afterAll(() => t.close());

async function answer(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    options: { token?: string; headers?: Record<string, string>; payload?: string | object } = {},
) {
    const response = await t.app.inject({
        method,
        url,
        headers: {
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
            ...options.headers,
        },
        payload: options.payload,
    });
    return { status: response.statusCode, cacheControl: response.headers['cache-control'] };
}

describe('Cache-Control of service answers', () => {
    it('is no-store on successes and refusals, signed in or not, under every service prefix', async () => {
        const answers = {
            me: await answer('GET', '/api/users/me', { token: admin }),
            roles: await answer('GET', '/api/roles', { token: admin }),
            tenants: await answer('GET', '/tenant-admin/v1/tenants', { token: admin }),
            tourCommander: await answer('GET', '/tour-commander/v1/tenants/north/config', {
                token: admin,
            }),
            credentials: await answer('GET', '/api-access/api/v1/credentials', { token: admin }),
            badSort: await answer('GET', '/api/roles?sort=oops', { token: admin }),
            missing: await answer('GET', '/api/subcontractors/no-such-one', { token: admin }),
            forbidden: await answer('GET', '/tenant-admin/v1/tenants', { token: tenantUser }),
            anonymous: await answer('GET', '/api/users/me'),
            anonymousConfiguration: await answer('GET', '/tenant-admin/v1/depots'),
            anonymousGateway: await answer('GET', '/data-gateway/api/v1/external/depots'),
            unknownServicePath: await answer('GET', '/api/no-such-route', { token: admin }),
            reservedPrefix: await answer('GET', '/device-management/api/v1/devices'),
            nul: await answer('GET', '/api/v3/users/app?search=%00', { token: admin }),
        };
        expect(answers).toEqual({
            me: { status: 200, cacheControl: 'no-store' },
            roles: { status: 200, cacheControl: 'no-store' },
            tenants: { status: 200, cacheControl: 'no-store' },
            tourCommander: { status: 200, cacheControl: 'no-store' },
            credentials: { status: 200, cacheControl: 'no-store' },
            badSort: { status: 400, cacheControl: 'no-store' },
            missing: { status: 404, cacheControl: 'no-store' },
            forbidden: { status: 403, cacheControl: 'no-store' },
            anonymous: { status: 401, cacheControl: 'no-store' },
            anonymousConfiguration: { status: 401, cacheControl: 'no-store' },
            anonymousGateway: { status: 401, cacheControl: 'no-store' },
            unknownServicePath: { status: 404, cacheControl: 'no-store' },
            reservedPrefix: { status: 404, cacheControl: 'no-store' },
            nul: { status: 400, cacheControl: 'no-store' },
        });
    });

    it('is no-store at the identity and token endpoints, whose key set stays publicly cacheable', async () => {
        const signIn = await cognitoCall(t.app, 'InitiateAuth', {
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: t.config.identity.clientId,
            AuthParameters: { USERNAME: 'admin@fixture.test', PASSWORD: 'wrong-Password-1' },
        });
        const answers = {
            signInRefused: {
                status: signIn.statusCode,
                cacheControl: signIn.headers['cache-control'],
            },
            badJson: await answer('POST', '/cognito-idp/', {
                headers: {
                    'content-type': AMZ_JSON,
                    'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
                },
                payload: '{oops',
            }),
            jwks: await answer(
                'GET',
                `/cognito-idp/${t.config.identity.userPoolId}/.well-known/jwks.json`,
            ),
            tokenRefused: await answer('POST', '/api-access/api/v1/oauth2/token', {
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                payload: 'grant_type=client_credentials&client_id=pbo_x&client_secret=y',
            }),
            tokenUnsupportedBody: await answer('POST', '/api-access/api/v1/oauth2/token', {
                headers: { 'content-type': 'application/xml' },
                payload: '<hello/>',
            }),
        };
        expect(answers).toEqual({
            signInRefused: { status: 400, cacheControl: 'no-store' },
            badJson: { status: 400, cacheControl: 'no-store' },
            jwks: { status: 200, cacheControl: 'public, max-age=300' },
            tokenRefused: { status: 401, cacheControl: 'no-store' },
            tokenUnsupportedBody: { status: 415, cacheControl: 'no-store' },
        });
    });

    it('leaves the files, locales and configuration schemas their own caching', async () => {
        const answers = {
            asset: await answer('GET', '/assets/app.js'),
            page: await answer('GET', '/'),
            locale: await answer('GET', '/locales/en.json'),
            schema: await answer('GET', '/assets/schemas/north/local/v1/tenant.json?ts=1'),
        };
        expect(answers).toEqual({
            asset: { status: 200, cacheControl: 'public, max-age=31536000, immutable' },
            page: { status: 200, cacheControl: 'no-store' },
            locale: { status: 200, cacheControl: 'no-cache' },
            schema: { status: 200, cacheControl: 'no-cache' },
        });
    });
});
