import SwaggerParser from '@apidevtools/swagger-parser';
import {
    BaseResolver,
    createConfig,
    lintDocument,
    makeDocumentFromString,
} from '@redocly/openapi-core';
import Fastify from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import openapi from '../../server/plugins/openapi.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

interface Operation {
    operationId?: string;
    tags?: string[];
    parameters?: Array<{ in: string; name: string }>;
    requestBody?: { content: Record<string, { schema: unknown }> };
    responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
interface Spec {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
}

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function operationsOf(spec: Spec) {
    return Object.entries(spec.paths).flatMap(([path, item]) =>
        Object.entries(item)
            .filter(([method]) => httpMethods.includes(method))
            .map(([method, operation]) => ({ path, method, operation })),
    );
}

/** Problems of Redocly's recommended ruleset, as `severity rule: message (where)`. */
async function redoclyProblems(spec: unknown): Promise<{ errors: string[]; warnings: string[] }> {
    const config = await createConfig({ extends: ['recommended'] });
    const document = makeDocumentFromString(JSON.stringify(spec), '/docs/json');
    const problems = await lintDocument({
        document,
        config,
        externalRefResolver: new BaseResolver(),
    });
    const list = (severity: string) =>
        problems
            .filter((problem) => problem.severity === severity)
            .map(
                (problem) =>
                    `${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer ?? ''})`,
            );
    return { errors: list('error'), warnings: list('warn') };
}

/** Where each service is mounted and the tag its operations must carry (app.ts). */
const serviceTags: Array<[prefix: string, tag: string]> = [
    ['/api/', 'back-office'],
    ['/tenant-admin/v1/', 'configuration'],
    ['/tour-commander/v1/', 'tour-commander'],
    ['/api-access/api/v1/', 'api-access'],
    ['/data-gateway/api/v1/', 'data-gateway'],
    ['/cognito-idp/', 'identity'],
];

let t: TestApp;
let spec: Spec;

beforeAll(async () => {
    t = await createTestApp();
    const response = await t.app.inject('/docs/json');
    expect(response.statusCode).toBe(200);
    spec = response.json<Spec>();
});
afterAll(() => t.close());

describe('the OpenAPI document (/docs/json)', () => {
    it('is valid for swagger-parser', async () => {
        // validate() dereferences the document it is given: hand it a copy.
        await expect(SwaggerParser.validate(structuredClone(spec) as never)).resolves.toBeTruthy();
    });

    it("has no error for Redocly's recommended rules, and warns only that no licence is stated", async () => {
        const { errors, warnings } = await redoclyProblems(spec);
        expect(errors).toEqual([]);
        // The project states no licence (package.json, README): nothing to put in info.license.
        expect(warnings).toEqual([
            'info-license: Info object should contain `license` field. (#/info)',
        ]);
    });

    it('gives every operation a unique operationId and the tag of its service first', () => {
        const operations = operationsOf(spec);
        expect(operations.length).toBeGreaterThan(50);
        const ids = operations.map(({ operation }) => operation.operationId);
        for (const [index, { path, method, operation }] of operations.entries()) {
            const where = `${method.toUpperCase()} ${path}`;
            expect(ids[index], where).toMatch(/^[a-z][A-Za-z0-9]*$/);
            const service = serviceTags.find(([prefix]) => path.startsWith(prefix));
            expect(service, `${where} lies under no service prefix`).toBeDefined();
            expect(operation.tags?.[0], where).toBe(service?.[1]);
        }
        expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    });

    it('derives the operationIds from the service, the method and the path', () => {
        const idOf = (method: string, path: string) => spec.paths[path]?.[method]?.operationId;
        expect(idOf('get', '/api/users/me')).toBe('backOfficeGetUsersMe');
        expect(idOf('put', '/api/users/{hashId}')).toBe('backOfficePutUsersByHashId');
        expect(idOf('get', '/api/depots/{internalDepotId}/health-statistics/{date}')).toBe(
            'backOfficeGetDepotsByInternalDepotIdHealthStatisticsByDate',
        );
        expect(idOf('get', '/tenant-admin/v1/tenants')).toBe('configurationGetTenants');
        expect(
            idOf(
                'post',
                '/tenant-admin/v1/tenants/{tenantId}/clientConfigsHistory/{revision}/restore',
            ),
        ).toBe('configurationPostTenantsByTenantIdClientConfigsHistoryByRevisionRestore');
        expect(idOf('get', '/tour-commander/v1/tenants/{tenantId}/config')).toBe(
            'tourCommanderGetTenantsByTenantIdConfig',
        );
        expect(idOf('post', '/api-access/api/v1/oauth2/token')).toBe('apiAccessPostOauth2Token');
        expect(idOf('get', '/data-gateway/api/v1/external/depots')).toBe(
            'dataGatewayGetExternalDepots',
        );
    });

    it('holds /api/users/{hashId} and /api/users/{driverType} as one path (OpenAPI allows one)', () => {
        expect(spec.paths['/api/users/{driverType}']).toBeUndefined();
        const create = spec.paths['/api/users/{hashId}']?.post;
        expect(create?.operationId).toBe('backOfficePostUsersByDriverType');
        expect(create?.parameters?.filter(({ in: where }) => where === 'path')).toEqual([
            expect.objectContaining({ name: 'hashId', required: true }),
        ]);
        expect(Object.keys(spec.paths['/api/users/{hashId}'] ?? {}).sort()).toEqual([
            'get',
            'post',
            'put',
        ]);
    });

    it('emits the recursive scope tree as a component that references itself', () => {
        const response = spec.paths['/api/scopes']?.get?.responses['200'];
        expect(response?.content?.['application/json']?.schema).toEqual({
            $ref: '#/components/schemas/ScopeNode',
        });
        expect(spec.components.schemas.ScopeNode?.properties?.children).toEqual({
            type: 'array',
            items: { $ref: '#/components/schemas/ScopeNode' },
        });
        expect(JSON.stringify(spec)).not.toMatch(/#\/components\/schemas\/def-\d/);
    });
});

describe('recursive TypeBox schemas in the OpenAPI document', () => {
    /**
     * Mutually recursive: a folder holds folders and files, a file knows its folder. Used only
     * at the root of the body and the response, where @fastify/swagger alone emits a dangling
     * `#/components/schemas/def-0`.
     */
    const Folder = Type.Cyclic(
        {
            Folder: Type.Object({
                name: Type.String({ minLength: 1 }),
                folders: Type.Array(Type.Ref('Folder')),
                files: Type.Array(Type.Ref('File')),
            }),
            File: Type.Object({
                name: Type.String({ minLength: 1 }),
                parent: Type.Optional(Type.Ref('Folder')),
            }),
        },
        'Folder',
    );

    it('become components with resolvable references; the route still validates with its own schema', async () => {
        const app = Fastify({ logger: false });
        await app.register(openapi, { version: 'fixed' });
        app.post(
            '/api/folders',
            {
                schema: {
                    summary: 'Stores a folder tree',
                    body: Folder,
                    response: { 200: Folder },
                },
            },
            async (request) => request.body,
        );
        await app.ready();
        try {
            const document = (await app.inject('/docs/json')).json<Spec>();
            const operation = document.paths['/api/folders']?.post;
            expect(operation?.operationId).toBe('backOfficePostFolders');
            expect(operation?.tags).toEqual(['back-office']);
            expect(operation?.requestBody?.content['application/json']?.schema).toEqual({
                $ref: '#/components/schemas/Folder',
            });
            expect(operation?.responses['200']?.content?.['application/json']?.schema).toEqual({
                $ref: '#/components/schemas/Folder',
            });
            expect(document.components.schemas).toEqual({
                Folder: {
                    type: 'object',
                    required: ['name', 'folders', 'files'],
                    properties: {
                        name: { type: 'string', minLength: 1 },
                        folders: { type: 'array', items: { $ref: '#/components/schemas/Folder' } },
                        files: { type: 'array', items: { $ref: '#/components/schemas/File' } },
                    },
                },
                File: {
                    type: 'object',
                    required: ['name'],
                    properties: {
                        name: { type: 'string', minLength: 1 },
                        parent: { $ref: '#/components/schemas/Folder' },
                    },
                },
            });
            await expect(
                SwaggerParser.validate(structuredClone(document) as never),
            ).resolves.toBeTruthy();

            const valid = {
                name: 'root',
                folders: [{ name: 'a', folders: [], files: [] }],
                files: [],
            };
            const stored = await app.inject({
                method: 'POST',
                url: '/api/folders',
                payload: valid,
            });
            expect(stored.statusCode).toBe(200);
            expect(stored.json()).toEqual(valid);
            const deepInvalid = {
                name: 'root',
                folders: [
                    { name: 'a', folders: [{ name: '', folders: [], files: [] }], files: [] },
                ],
                files: [],
            };
            const refused = await app.inject({
                method: 'POST',
                url: '/api/folders',
                payload: deepInvalid,
            });
            expect(refused.statusCode).toBe(400);
        } finally {
            await app.close();
        }
    });
});
