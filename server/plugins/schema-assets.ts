import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { configSchemaNames, type ConfigSchemaName } from '../../domain/clientConfigs.js';
import { notFound } from '../errors.js';
import { configSchemas } from '../shared/config-schemas.js';
import { ErrorEnvelope } from '../../domain/contracts/common.js';

const Params = Type.Object({
    client: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }),
    environment: Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' }),
    version: Type.String({ pattern: '^v[0-9]{1,3}$' }),
    file: Type.String({ pattern: '^[a-z-]{1,40}\\.(json|validator\\.js)$' }),
});
type Params = { client: string; environment: string; version: string; file: string };

const Query = Type.Object({ ts: Type.Optional(Type.String({ maxLength: 40 })) });

/**
 * The configuration JSON Schemas of `schemas/` as assets, by client, environment and version
 * (shell §7, "Assets"): `GET /assets/schemas/:client/:environment/:version/:name.json?ts=`.
 * Public like `/locales`. A client without its own file gets the default schema; another
 * environment than the server's or an unknown version is 404. `:name.validator.js` is the same
 * schema as RJSF precompiled validator functions (an ES module: the page's CSP forbids eval).
 * Answers are revalidated on every use (`no-cache` + ETag); the `ts` parameter busts other caches.
 */
export default fp(
    async function schemaAssets(
        fastify: FastifyInstance,
        opts: { dir: string; environment: string },
    ) {
        const registry = configSchemas(opts.dir);
        const send = (request: FastifyRequest, reply: FastifyReply, body: string, type: string) => {
            const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
            reply
                .header('cache-control', 'no-cache')
                .header('etag', etag)
                .header('x-content-type-options', 'nosniff');
            if (request.headers['if-none-match'] === etag) return reply.code(304).send();
            return reply.type(type).send(body);
        };
        fastify.get(
            '/assets/schemas/:client/:environment/:version/:file',
            {
                schema: {
                    hide: true,
                    params: Params,
                    querystring: Query,
                    response: { 404: ErrorEnvelope },
                },
            },
            async (request, reply) => {
                const { client, environment, version, file } = request.params as Params;
                const [name, kind] = [
                    file.slice(0, file.indexOf('.')) as ConfigSchemaName,
                    file.endsWith('.json') ? 'json' : 'validator',
                ];
                if (!(configSchemaNames as readonly string[]).includes(name))
                    throw notFound(`The schema ${version}/${file}`);
                if (environment !== opts.environment)
                    throw notFound(`The schema ${file} of environment ${environment}`);
                if (kind === 'json') {
                    const loaded = registry.schema(version, client, name);
                    if (!loaded) throw notFound(`The schema ${version}/${file}`);
                    return send(request, reply, loaded.text, 'application/json; charset=utf-8');
                }
                const code = registry.validatorModule(version, client, name);
                if (code === undefined) throw notFound(`The schema ${version}/${file}`);
                return send(request, reply, code, 'text/javascript; charset=utf-8');
            },
        );
    },
    { name: 'schema-assets' },
);
