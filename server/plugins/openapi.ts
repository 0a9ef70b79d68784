import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import type { servicePrefixes } from '../app.js';

/**
 * The OpenAPI document of every service (`/docs/json`, browsable at `/docs`), valid OpenAPI 3.0
 * (swagger-parser, Redocly's recommended rules; tests/api/openapi.test.ts):
 * - every operation carries the tag of its service (first) and an `operationId`: the route's
 *   `schema.operationId` when it declares one, else derived from the service, the method and
 *   the path below the service's prefix (`GET /api/users/me` is `backOfficeGetUsersMe`);
 * - definitions inside route schemas (TypeBox `Type.Cyclic`'s `$defs`, any `$id` resource)
 *   become `components.schemas` entries named after them, referenced with `$ref`: a recursive
 *   schema cannot be inlined, and @fastify/swagger drops the `$defs` of a route schema;
 * - paths that differ only by their parameters' names are one path in OpenAPI: their
 *   operations are merged under the path declaring the most of them.
 * Only the document changes: routes validate and serialize with their own schemas.
 */

type Json = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Services

type Prefixes = typeof servicePrefixes;

interface Service {
    /** Where it is mounted (the type holds it equal to `servicePrefixes` of app.ts). */
    prefix: string;
    /** Its tag: the name of its plugin. */
    tag: string;
    description: string;
}

/**
 * Each service of app.ts `servicePrefixes`: the prefixes are restated, not imported, so that the
 * plugin does not load the whole app; the type fails the build when they differ.
 */
const services: { [K in keyof Prefixes]: Service & { prefix: Prefixes[K] } } = {
    backOffice: {
        prefix: '/api',
        tag: 'back-office',
        description:
            'Back office: profile, settings, users and drivers, scopes, statistics, health, tenant configuration, fleet, roles, back-office actions and the analytics sink.',
    },
    tenantAdmin: {
        prefix: '/tenant-admin/v1',
        tag: 'configuration',
        description:
            'Tour and tenant admin: tenants, regions, depots and their client configurations.',
    },
    tourCommander: {
        prefix: '/tour-commander/v1',
        tag: 'tour-commander',
        description: "Tour commander: each organisation's tour commander configuration.",
    },
    apiAccess: {
        prefix: '/api-access/api/v1',
        tag: 'api-access',
        description:
            'API access management: API credentials and the token exchange of machine clients.',
    },
    dataGateway: {
        prefix: '/data-gateway/api/v1',
        tag: 'data-gateway',
        description: 'Data gateway: reads for machine clients holding API credentials.',
    },
    identity: {
        prefix: '/cognito-idp',
        tag: 'identity',
        description: 'Identity: the embedded Cognito-compatible endpoint.',
    },
};
const serviceList: Service[] = Object.values(services);

/** The service a path belongs to: the longest service prefix it lies under. */
function serviceOf(path: string): Service | undefined {
    return serviceList
        .filter(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`))
        .sort((a, b) => b.prefix.length - a.prefix.length)[0];
}

// ---------------------------------------------------------------------------------------------
// Operation ids

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The words of a name or path segment (`health-statistics` → health, statistics). */
const wordsOf = (text: string) => text.split(/[^A-Za-z0-9]+/).filter(Boolean);

/**
 * camelCase of the service, the method and the path below the service's prefix, a path
 * parameter reading `By<Name>`: `POST /tenant-admin/v1/tenants/{tenantId}/clientConfigs` is
 * `configurationPostTenantsByTenantIdClientConfigs`. Paths outside every service keep their
 * whole path.
 */
function operationIdOf(method: string, path: string, service?: Service): string {
    const below = service ? path.slice(service.prefix.length) : path;
    const pathWords = below
        .split('/')
        .flatMap((segment) =>
            [...segment.matchAll(/\{([^}]+)\}|([^{]+)/g)].flatMap(([, parameter, text]) =>
                parameter !== undefined ? ['by', ...wordsOf(parameter)] : wordsOf(text ?? ''),
            ),
        );
    const [first = 'operation', ...rest] = [
        ...(service ? wordsOf(service.tag) : []),
        method.toLowerCase(),
        ...pathWords,
    ];
    return first.toLowerCase() + rest.map(capitalize).join('');
}

// ---------------------------------------------------------------------------------------------
// Definitions of route schemas as components

const COMPONENTS = '#/components/schemas/';
/** Keywords whose value is a subschema or a list of subschemas. */
const subschemaKeywords = new Set([
    'items',
    'additionalItems',
    'prefixItems',
    'additionalProperties',
    'unevaluatedItems',
    'unevaluatedProperties',
    'contains',
    'propertyNames',
    'contentSchema',
    'not',
    'if',
    'then',
    'else',
    'allOf',
    'anyOf',
    'oneOf',
]);
/** Keywords whose value maps names (not keywords) to subschemas. */
const subschemaMapKeywords = new Set(['properties', 'patternProperties', 'dependentSchemas']);
const definitionKeywords = ['$defs', 'definitions'];

const isObject = (value: unknown): value is Json =>
    typeof value === 'object' && value !== null && !Array.isArray(value);

/** The `$id` of a schema resource (a fragment-only `$id` is an anchor, not a resource). */
const resourceId = (schema: Json): string | undefined =>
    typeof schema.$id === 'string' && schema.$id !== '' && !schema.$id.startsWith('#')
        ? schema.$id
        : undefined;

const mapValues = (object: Json, map: (value: unknown) => unknown): Json =>
    Object.fromEntries(Object.entries(object).map(([key, value]) => [key, map(value)]));

/** A valid component name (`^[A-Za-z0-9._-]+$`) from a definition name or an `$id` URI. */
function componentStem(name: string): string {
    const last = name.replace(/#$/, '').split('/').pop() ?? '';
    return last.replace(/\.json$/, '').replace(/[^A-Za-z0-9._-]/g, '_') || 'Schema';
}

/**
 * The definitions found in route schemas, as components. The same definition (equal JSON,
 * e.g. one TypeBox schema used by several routes) is one component; two different ones with
 * the same name are `Name` and `Name_2`.
 */
class SchemaComponents {
    /** By component name; given to @fastify/swagger as `components.schemas`, which converts them to OpenAPI like any schema. */
    readonly schemas: Record<string, Json> = {};
    private readonly names = new Map<string, string>();
    private readonly taken = new Set<string>();

    /** A copy of a route schema with its definitions replaced by references to components. */
    routeSchema(schema: FastifySchema): FastifySchema {
        const copy: Json = { ...schema };
        for (const part of ['body', 'querystring', 'query', 'params', 'headers', 'cookies'])
            if (copy[part] !== undefined) copy[part] = this.part(copy[part]);
        if (isObject(copy.response))
            copy.response = mapValues(copy.response, (response) => this.part(response));
        return copy as FastifySchema;
    }

    /** A schema, or media types with their schema (`{ content: { 'application/json': { schema } } }`). */
    private part(part: unknown): unknown {
        if (!isObject(part)) return part;
        const { content } = part;
        if (
            isObject(content) &&
            Object.values(content).some((media) => isObject(media) && media.schema !== undefined)
        )
            return {
                ...part,
                content: mapValues(content, (media) => {
                    return isObject(media) && media.schema !== undefined
                        ? { ...media, schema: this.lift(media.schema) }
                        : media;
                }),
            };
        return this.lift(part);
    }

    private lift(schema: unknown): unknown {
        // A schema resource ($id) may be referenced from anywhere in the schema.
        const scope = new Map<string, string>();
        this.collectResources(schema, scope, false);
        return this.rewrite(schema, scope, false);
    }

    private nameFor(identity: string, name: string): string {
        const known = this.names.get(identity);
        if (known) return known;
        const stem = componentStem(name);
        let unique = stem;
        for (let n = 2; this.taken.has(unique); n++) unique = `${stem}_${n}`;
        this.names.set(identity, unique);
        this.taken.add(unique);
        return unique;
    }

    private define(name: string, schema: Json): void {
        this.schemas[name] ??= schema;
    }

    /** Names the schema resources (`$id`) that are not members of a definitions map. */
    private collectResources(schema: unknown, scope: Map<string, string>, member: boolean): void {
        if (Array.isArray(schema)) {
            for (const item of schema) this.collectResources(item, scope, false);
            return;
        }
        if (!isObject(schema)) return;
        const id = member ? undefined : resourceId(schema);
        if (id !== undefined) {
            const name = this.nameFor(JSON.stringify(schema), id);
            scope.set(id, name);
            scope.set(`${id}#`, name);
        }
        for (const [key, value] of Object.entries(schema)) {
            if (subschemaKeywords.has(key)) this.collectResources(value, scope, false);
            else if (
                (subschemaMapKeywords.has(key) || definitionKeywords.includes(key)) &&
                isObject(value)
            )
                for (const child of Object.values(value))
                    this.collectResources(child, scope, definitionKeywords.includes(key));
        }
    }

    /** Names the members of a definitions map; the scope in which references reach them. */
    private nameDefinitions(
        keyword: string,
        definitions: Json,
        outer: Map<string, string>,
    ): { scope: Map<string, string>; members: Map<string, string> } {
        const scope = new Map(outer);
        const members = new Map<string, string>();
        const group = JSON.stringify(definitions);
        for (const [key, member] of Object.entries(definitions)) {
            if (!isObject(member)) continue;
            const name = this.nameFor(`${group}\u0000${key}`, key);
            members.set(key, name);
            scope.set(`#/${keyword}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, name);
            const id = resourceId(member);
            if (id !== undefined) {
                scope.set(id, name);
                scope.set(`${id}#`, name);
            }
        }
        return { scope, members };
    }

    private rewrite(schema: unknown, outer: Map<string, string>, member: boolean): unknown {
        if (Array.isArray(schema)) return schema.map((item) => this.rewrite(item, outer, false));
        if (!isObject(schema)) return schema;
        let scope = outer;
        const groups: Array<[Json, Map<string, string>]> = [];
        for (const keyword of definitionKeywords) {
            const definitions = schema[keyword];
            if (!isObject(definitions)) continue;
            const named = this.nameDefinitions(keyword, definitions, scope);
            scope = named.scope;
            groups.push([definitions, named.members]);
        }
        const resource = member ? undefined : resourceId(schema);
        const copy: Json = {};
        for (const [key, value] of Object.entries(schema)) {
            if (definitionKeywords.includes(key) && isObject(value)) continue;
            if (key === '$id' && (member || resource !== undefined)) continue;
            if (key === '$ref' && typeof value === 'string') {
                const target = scope.get(value);
                copy.$ref = target === undefined ? value : COMPONENTS + target;
            } else if (subschemaKeywords.has(key)) copy[key] = this.rewrite(value, scope, false);
            else if (subschemaMapKeywords.has(key) && isObject(value))
                copy[key] = mapValues(value, (child) => this.rewrite(child, scope, false));
            else copy[key] = value;
        }
        for (const [definitions, members] of groups)
            for (const [key, name] of members)
                this.define(name, this.rewrite(definitions[key], scope, true) as Json);
        if (resource !== undefined) {
            const name = scope.get(resource);
            if (name !== undefined) {
                this.define(name, copy);
                return { $ref: COMPONENTS + name };
            }
        }
        return withoutRefSiblings(copy);
    }
}

/** OpenAPI 3.0 ignores the siblings of a `$ref`: keep them next to an `allOf` of it instead. */
function withoutRefSiblings(schema: Json): Json {
    const { $ref, ...siblings } = schema;
    if (typeof $ref !== 'string' || !$ref.startsWith(COMPONENTS)) return schema;
    if (Object.keys(siblings).length === 0) return schema;
    const allOf = Array.isArray(siblings.allOf) ? siblings.allOf : [];
    return { ...siblings, allOf: [{ $ref }, ...allOf] };
}

// ---------------------------------------------------------------------------------------------
// The document

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface Parameter {
    in?: string;
    name?: string;
    description?: string;
}
interface Operation {
    operationId?: string;
    tags?: string[];
    parameters?: Parameter[];
}
type PathItem = Record<string, unknown>;
interface Document {
    paths?: Record<string, PathItem>;
    tags?: Array<{ name: string; description?: string }>;
    components?: { schemas?: Record<string, unknown> };
}

/** The operations of the document, each its own object (a route of several methods shares one). */
function operationsOf(paths: Record<string, PathItem>) {
    const seen = new Set<unknown>();
    const found: Array<{ path: string; method: string; operation: Operation }> = [];
    for (const [path, item] of Object.entries(paths))
        for (const method of methods) {
            const shared = item[method];
            if (!isObject(shared)) continue;
            const operation = (seen.has(shared) ? { ...shared } : shared) as Operation;
            seen.add(shared);
            item[method] = operation;
            found.push({ path, method, operation });
        }
    return found;
}

/** The service tag first, and an operationId on every operation, unique in the document. */
function tagAndIdentify(paths: Record<string, PathItem>): Set<string> {
    const operations = operationsOf(paths);
    const used = new Set<string>();
    const tags = new Set<string>();
    const unique = (id: string) => {
        let candidate = id;
        for (let n = 2; used.has(candidate); n++) candidate = `${id}${n}`;
        used.add(candidate);
        return candidate;
    };
    // Declared ids first: a derived id never takes one away.
    for (const { operation } of operations)
        if (operation.operationId) operation.operationId = unique(operation.operationId);
    for (const { path, method, operation } of operations) {
        const service = serviceOf(path);
        if (service)
            operation.tags = [
                service.tag,
                ...(operation.tags ?? []).filter((tag) => tag !== service.tag),
            ];
        for (const tag of operation.tags ?? []) tags.add(tag);
        operation.operationId ??= unique(operationIdOf(method, path, service));
    }
    return tags;
}

const parameterNames = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name);

/**
 * Merges the paths that differ only by their parameters' names (`/users/{hashId}` and
 * `/users/{driverType}`: Fastify tells them apart by method, OpenAPI holds one path): the
 * operations move to the path declaring the most of them, their path parameters renamed by
 * position, the route's own name kept in the parameter's description.
 */
function mergeIdenticalPaths(paths: Record<string, PathItem>): void {
    const byShape = new Map<string, string[]>();
    for (const path of Object.keys(paths)) {
        const shape = path.replace(/\{[^}]+\}/g, '{}');
        byShape.set(shape, [...(byShape.get(shape) ?? []), path]);
    }
    const count = (path: string) => methods.filter((method) => paths[path]?.[method]).length;
    for (const group of byShape.values()) {
        if (group.length < 2) continue;
        const target = group.reduce((best, path) => (count(path) > count(best) ? path : best));
        const targetItem = paths[target] ?? {};
        const names = parameterNames(target);
        for (const source of group) {
            const item = paths[source];
            if (source === target || !item) continue;
            const moving = methods.filter((method) => item[method]);
            if (
                moving.some((method) => targetItem[method]) ||
                Object.keys(item).length > moving.length
            )
                continue;
            const sourceNames = parameterNames(source);
            for (const method of moving) {
                const operation = item[method] as Operation;
                operation.parameters = operation.parameters?.map((parameter) => {
                    const position = sourceNames.indexOf(parameter.name);
                    const name = names[position];
                    if (parameter.in !== 'path' || name === undefined || name === parameter.name)
                        return parameter;
                    const note = `The route's \`${parameter.name}\` (named \`${name}\` in this path, shared with other operations).`;
                    return {
                        ...parameter,
                        name,
                        description: parameter.description
                            ? `${parameter.description}\n\n${note}`
                            : note,
                    };
                });
                targetItem[method] = operation;
            }
            delete paths[source];
        }
    }
}

/** The component names a node references (`#/components/schemas/<name>`), at any depth. */
function referencedComponents(node: unknown, found = new Set<string>()): Set<string> {
    if (Array.isArray(node)) for (const item of node) referencedComponents(item, found);
    else if (isObject(node))
        for (const [key, value] of Object.entries(node))
            if (key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENTS))
                found.add(value.slice(COMPONENTS.length));
            else referencedComponents(value, found);
    return found;
}

/**
 * The lifted components the document uses: @fastify/swagger has converted those collected
 * when the routes were added; one a route schema got only later is added as it is, and the
 * ones no operation reaches (an unused member of a TypeBox module) are dropped.
 */
function settleComponents(document: Document, components: SchemaComponents): void {
    const schemas: Record<string, unknown> = { ...(document.components?.schemas ?? {}) };
    for (const [name, schema] of Object.entries(components.schemas)) schemas[name] ??= schema;
    const lifted = new Set(Object.keys(components.schemas));
    const reached = referencedComponents(document.paths);
    for (const [name, schema] of Object.entries(schemas))
        if (!lifted.has(name)) referencedComponents(schema, reached);
    for (const pending = [...reached]; pending.length > 0;) {
        const name = pending.pop() ?? '';
        for (const next of referencedComponents(schemas[name]))
            if (!reached.has(next)) {
                reached.add(next);
                pending.push(next);
            }
    }
    for (const name of lifted) if (!reached.has(name)) delete schemas[name];
    document.components = { ...document.components, schemas };
}

function finishDocument(document: Document, components: SchemaComponents): Document {
    const paths = document.paths ?? {};
    const used = tagAndIdentify(paths);
    mergeIdenticalPaths(paths);
    const serviceTags = serviceList
        .filter(({ tag }) => used.has(tag))
        .map(({ tag, prefix, description }) => ({
            name: tag,
            description: `${description} Mounted at \`${prefix}\`.`,
        }));
    document.tags = [
        ...serviceTags,
        ...(document.tags ?? []).filter(
            ({ name }) => !serviceTags.some((tag) => tag.name === name),
        ),
    ];
    settleComponents(document, components);
    return document;
}

// ---------------------------------------------------------------------------------------------

/** Whether @fastify/swagger leaves a route schema out of the document. */
const hidden = (schema: FastifySchema) =>
    schema.hide === true || (schema.tags ?? []).includes('X-HIDDEN');

/** OpenAPI document of every service, browsable at /docs (registered before the services). */
export default fp(
    async function openapi(fastify: FastifyInstance, opts: { version: string }) {
        const components = new SchemaComponents();
        // The components must be known before the document is built: collected as routes are added.
        fastify.addHook('onRoute', (route) => {
            // HEAD routes are left out of the document (`exposeHeadRoutes`).
            if (route.method !== 'HEAD' && route.schema && !hidden(route.schema))
                components.routeSchema(route.schema);
        });
        await fastify.register(swagger, {
            openapi: {
                info: {
                    title: 'Parcel back office API',
                    description:
                        'Back-office, configuration and identity services. Authenticate with `Authorization: Bearer <access token>`.',
                    version: opts.version,
                },
                servers: [{ url: '/', description: 'This server' }],
                components: {
                    securitySchemes: {
                        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
                    },
                    schemas: components.schemas,
                },
                security: [{ bearer: [] }],
            },
            transform: ({ schema, url }) => ({
                schema: schema && !hidden(schema) ? components.routeSchema(schema) : schema,
                url,
            }),
            transformObject: (document) =>
                'openapiObject' in document
                    ? finishDocument(document.openapiObject as Document, components)
                    : document.swaggerObject,
        });
        await fastify.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
    },
    { name: 'openapi' },
);
