import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../server/identity/operations/index.js';
import { accessTokenFor, seedFixtures } from './helpers/fixtures.js';
import { cognitoCall } from './helpers/identity-fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Issue 13 point 19: text PostgreSQL cannot hold (a NUL character; an unpaired surrogate, which
 * its JSON refuses) is refused at the edge with a 400 naming the field, on every operation of
 * the OpenAPI document, every identity operation and the token endpoint; never a 500.
 */

type Json = Record<string, unknown>;
type Token = string | number;

interface Operation {
    description?: string;
    parameters?: Array<{ in: string; name: string; description?: string }>;
    requestBody?: { content: Record<string, { schema: Json }> };
}

const NUL_TEXT = 'a\u0000b';
const httpMethods = ['get', 'put', 'post', 'delete', 'patch'];
const TOKEN_URL = '/api-access/api/v1/oauth2/token';

let t: TestApp;
let adminToken: string;
let machineToken: string;
let spec: { paths: Record<string, Record<string, Operation>>; components: { schemas: Json } };

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
    adminToken = await accessTokenFor(t.app, 'admin@fixture.test', t.config.identity.clientId);
    spec = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    // A machine client of `north`, for the data gateway's machine-only routes.
    const created = await t.app.inject({
        method: 'POST',
        url: '/api-access/api/v1/credentials',
        headers: { authorization: `Bearer ${adminToken}` },
        payload: {
            tenantId: 'north',
            name: 'Hostile input',
            scopes: ['depots:read', 'assignments:read'],
            expiresAt: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
        },
    });
    const credential = created.json<{ clientId: string; clientSecret: string }>();
    const exchanged = await t.app.inject({
        method: 'POST',
        url: TOKEN_URL,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
            grant_type: 'client_credentials',
            client_id: credential.clientId,
            client_secret: credential.clientSecret,
        }).toString(),
    });
    machineToken = exchanged.json<{ access_token: string }>().access_token;
    expect(machineToken).toBeTruthy();
});
afterAll(() => t.close());

/** The paths (`['roles', 0, 'name']`) of every string a JSON schema allows, `$ref`s followed. */
function stringPaths(schema: unknown, seen: Set<string> = new Set()): Token[][] {
    if (typeof schema !== 'object' || schema === null) return schema === true ? [[]] : [];
    const node = schema as Json;
    if (typeof node.$ref === 'string') {
        if (seen.has(node.$ref)) return [];
        const name = node.$ref.replace('#/components/schemas/', '');
        return stringPaths(spec.components.schemas[name], new Set([...seen, node.$ref]));
    }
    const paths: Token[][] = [];
    for (const key of ['allOf', 'anyOf', 'oneOf'])
        if (Array.isArray(node[key]))
            for (const branch of node[key] as unknown[]) paths.push(...stringPaths(branch, seen));
    const enumerated = Array.isArray(node.enum) ? (node.enum as unknown[]) : undefined;
    const isString =
        node.type === 'string' ||
        (Array.isArray(node.type) && node.type.includes('string')) ||
        enumerated?.some((value) => typeof value === 'string') === true ||
        Object.keys(node).filter((key) => key !== 'description').length === 0;
    if (isString) paths.push([]);
    if (node.items) paths.push(...stringPaths(node.items, seen).map((path) => [0, ...path]));
    if (typeof node.properties === 'object' && node.properties !== null)
        for (const [key, property] of Object.entries(node.properties))
            paths.push(...stringPaths(property, seen).map((path) => [key, ...path]));
    const open = [
        node.additionalProperties,
        ...Object.values((node.patternProperties as Json | undefined) ?? {}),
    ].filter((value) => value !== undefined && value !== false);
    for (const value of open)
        paths.push(...stringPaths(value, seen).map((path) => ['key', ...path]));
    return paths;
}

/** A value holding `leaf` at `path` and nothing else. */
function valueAt(path: Token[], leaf: unknown): unknown {
    if (path.length === 0) return leaf;
    const [head, ...rest] = path;
    return typeof head === 'number'
        ? [valueAt(rest, leaf)]
        : { [head as string]: valueAt(rest, leaf) };
}

/** A path parameter's name in the route (merged OpenAPI paths note it in the description). */
function routeParameterName(parameter: { name: string; description?: string }): string {
    return /The route's `([^`]+)` \(named/.exec(parameter.description ?? '')?.[1] ?? parameter.name;
}

interface Case {
    label: string;
    field: string;
    method: string;
    url: string;
    headers: Record<string, string>;
    payload?: string;
}

/** One request per string parameter (path, query, body) of every operation of the document. */
function documentCases(): Case[] {
    const cases: Case[] = [];
    for (const [path, item] of Object.entries(spec.paths))
        for (const [method, operation] of Object.entries(item)) {
            if (!httpMethods.includes(method)) continue;
            const headers: Record<string, string> = {};
            if (path === TOKEN_URL) {
                // open: machine clients authenticate in the form
            } else if (operation.description?.includes('machine clients only'))
                headers.authorization = `Bearer ${machineToken}`;
            else headers.authorization = `Bearer ${adminToken}`;
            const parameters = operation.parameters ?? [];
            const urlWith = (nulIn?: string) =>
                path.replace(/\{([^}]+)\}/g, (_, name: string) =>
                    name === nulIn ? encodeURIComponent(NUL_TEXT) : 'x',
                );
            const base = { method: method.toUpperCase(), headers };
            for (const parameter of parameters) {
                if (parameter.in === 'path')
                    cases.push({
                        ...base,
                        label: `${method} ${path} path ${parameter.name}`,
                        field: `/params/${routeParameterName(parameter)}`,
                        url: urlWith(parameter.name),
                    });
                if (parameter.in === 'query')
                    cases.push({
                        ...base,
                        label: `${method} ${path} query ${parameter.name}`,
                        field: `/querystring/${parameter.name}`,
                        url: `${urlWith()}?${parameter.name}=${encodeURIComponent(NUL_TEXT)}`,
                    });
            }
            for (const [contentType, { schema }] of Object.entries(
                operation.requestBody?.content ?? {},
            ))
                for (const fieldPath of stringPaths(schema)) {
                    const value = valueAt(fieldPath, NUL_TEXT);
                    const payload =
                        contentType === 'application/x-www-form-urlencoded'
                            ? new URLSearchParams(value as Record<string, string>).toString()
                            : JSON.stringify(value);
                    cases.push({
                        ...base,
                        headers: { ...headers, 'content-type': contentType },
                        label: `${method} ${path} body ${fieldPath.join('.') || '(whole)'}`,
                        field: ['/body', ...fieldPath].join('/'),
                        url: urlWith(),
                        payload,
                    });
                }
        }
    return cases;
}

/** The field a refusal names: the error envelope's (also in the token endpoint's OAuth answer). */
function refusalOf(response: LightMyRequestResponse) {
    const body = response.json<{ error?: string; details?: Array<{ field?: string }> }>();
    return { status: response.statusCode, field: body.details?.[0]?.field, error: body.error };
}

describe('text PostgreSQL cannot hold', () => {
    it('is refused with 400 naming the field, in every parameter of every documented operation', async () => {
        const cases = documentCases();
        // A sanity check of the walk: path, query and body parameters, the token endpoint's form.
        expect(cases.length).toBeGreaterThan(200);
        expect(
            ['/params/', '/querystring/', '/body/', '/body/client_id'].filter(
                (prefix) => !cases.some((item) => item.field.startsWith(prefix)),
            ),
        ).toEqual([]);
        const wrong: string[] = [];
        for (const { label, field, ...request } of cases) {
            const response = await t.app.inject(request);
            const refusal = refusalOf(response);
            const expected = request.url.startsWith(TOKEN_URL)
                ? { status: 400, field, error: 'invalid_request' }
                : { status: 400, field, error: undefined };
            if (JSON.stringify(refusal) !== JSON.stringify(expected))
                wrong.push(`${label}: ${response.statusCode} ${response.body.slice(0, 160)}`);
        }
        expect(wrong).toEqual([]);
    });

    it('is refused in every string parameter of every identity operation, in Cognito’s words', async () => {
        expect(operations.size).toBeGreaterThan(15);
        const wrong: string[] = [];
        let count = 0;
        for (const [name, operation] of operations)
            for (const fieldPath of stringPaths(operation.input)) {
                count++;
                const response = await cognitoCall(t.app, name, valueAt(fieldPath, NUL_TEXT));
                const body = response.json<{ __type?: string; message?: string }>();
                const member = fieldPath.join('.');
                if (
                    response.statusCode !== 400 ||
                    body.__type !== 'InvalidParameterException' ||
                    !body.message?.includes(`Value at '${member}' failed to satisfy constraint`)
                )
                    wrong.push(`${name} ${member}: ${response.statusCode} ${response.body}`);
            }
        expect(count).toBeGreaterThan(30);
        expect(wrong).toEqual([]);
    });

    it('is refused in the token endpoint’s HTTP Basic credentials', async () => {
        const response = await t.app.inject({
            method: 'POST',
            url: TOKEN_URL,
            headers: {
                'content-type': 'application/x-www-form-urlencoded',
                authorization: `Basic ${Buffer.from('pbo_a%00b:secret').toString('base64')}`,
            },
            payload: 'grant_type=client_credentials',
        });
        expect(refusalOf(response)).toEqual({
            status: 400,
            field: '/headers/authorization',
            error: 'invalid_request',
        });
        expect(response.headers['cache-control']).toBe('no-store');
    });
});

describe('the fuzzer’s findings, each a complete request otherwise', () => {
    const signInBody = (username: string) => ({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: t.config.identity.clientId,
        AuthParameters: { USERNAME: username, PASSWORD: 'Some-Password-1!' },
    });

    it('InitiateAuth and ForgotPassword without signing in', async () => {
        const signIn = await cognitoCall(t.app, 'InitiateAuth', signInBody('a\u0000b@example.com'));
        expect({ status: signIn.statusCode, body: signIn.json() }).toEqual({
            status: 400,
            body: {
                __type: 'InvalidParameterException',
                message:
                    "1 validation error detected: Value at 'AuthParameters.USERNAME' failed to satisfy constraint: Member must be valid Unicode text without the NUL character (U+0000)",
            },
        });
        const forgot = await cognitoCall(t.app, 'ForgotPassword', {
            ClientId: t.config.identity.clientId,
            Username: 'a\u0000b@example.com',
        });
        expect(forgot.statusCode).toBe(400);
        expect(forgot.json()).toMatchObject({ __type: 'InvalidParameterException' });
        expect(forgot.json<{ message: string }>().message).toContain("Value at 'Username'");
        const surrogate = await cognitoCall(
            t.app,
            'InitiateAuth',
            signInBody('a\ud800b@example.com'),
        );
        expect(surrogate.statusCode).toBe(400);
        expect(surrogate.json<{ message: string }>().message).toContain(
            "Value at 'AuthParameters.USERNAME'",
        );
    });

    it('the token endpoint with client_id=pbo_a%00b', async () => {
        const response = await t.app.inject({
            method: 'POST',
            url: TOKEN_URL,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: 'grant_type=client_credentials&client_id=pbo_a%00b&client_secret=secret',
        });
        expect(response.json()).toEqual({
            error: 'invalid_request',
            error_description:
                '/body/client_id must be valid Unicode text without the NUL character (U+0000)',
            code: 'BAD_REQUEST',
            message:
                '/body/client_id must be valid Unicode text without the NUL character (U+0000)',
            details: [
                {
                    field: '/body/client_id',
                    message:
                        '/body/client_id must be valid Unicode text without the NUL character (U+0000)',
                },
            ],
        });
        expect(response.statusCode).toBe(400);
    });

    it('searches, list filters (JSON escapes included) and credential ids', async () => {
        const get = (url: string, token: string | null = adminToken) =>
            t.app.inject({
                method: 'GET',
                url,
                headers: token ? { authorization: `Bearer ${token}` } : {},
            });
        const filter = (value: string) => encodeURIComponent(`{"q":"${value}"}`);
        const answers = {
            search: refusalOf(await get('/api/v3/users/app?search=%00')),
            rolesFilter: refusalOf(await get(`/api/roles?filter=${filter('a\\u0000b')}`)),
            tenantsFilter: refusalOf(
                await get(`/tenant-admin/v1/tenants?filter=${filter('\\u0000')}`),
            ),
            surrogateFilter: refusalOf(await get(`/api/vehicles?filter=${filter('\\udc00')}`)),
            credential: refusalOf(await get('/api-access/api/v1/credentials/pbo%00x')),
        };
        expect(answers).toEqual({
            search: { status: 400, field: '/querystring/search', error: undefined },
            rolesFilter: { status: 400, field: '/querystring/filter/q', error: undefined },
            tenantsFilter: { status: 400, field: '/querystring/filter/q', error: undefined },
            surrogateFilter: { status: 400, field: '/querystring/filter/q', error: undefined },
            credential: { status: 400, field: '/params/id', error: undefined },
        });
        // Without a token, authentication answers first: 401, never a 500.
        const anonymous = await get('/api/v3/users/app?search=%00', null);
        expect(anonymous.statusCode).toBe(401);
    });

    it('an unpaired surrogate in a written name', async () => {
        const response = await t.app.inject({
            method: 'POST',
            url: '/api/subcontractors',
            headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
            payload: '{"depotId":"dep-berlin","name":"Spree \\ud800 Kurier","code":"SK9"}',
        });
        expect(refusalOf(response)).toEqual({ status: 400, field: '/body/name', error: undefined });
    });

    it('well-formed text beyond ASCII is accepted', async () => {
        const created = await t.app.inject({
            method: 'POST',
            url: '/api/subcontractors',
            headers: { authorization: `Bearer ${adminToken}` },
            payload: { depotId: 'dep-berlin', name: 'Spreeße 📦 Kurier', code: 'SK8' },
        });
        expect(created.statusCode).toBe(201);
        const found = await t.app.inject({
            method: 'GET',
            url: `/api/subcontractors?filter=${encodeURIComponent('{"q":"ße 📦"}')}`,
            headers: { authorization: `Bearer ${adminToken}` },
        });
        expect(found.json<Array<{ name: string }>>().map((row) => row.name)).toEqual([
            'Spreeße 📦 Kurier',
        ]);
    });
});
