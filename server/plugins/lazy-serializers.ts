import type { FastifyInstance } from 'fastify';
import fastJsonStringify, { type Schema } from 'fast-json-stringify';

/**
 * Response serializers built on a route's first answer instead of at start-up. Fastify builds one
 * fast-json-stringify function per route and status when the server starts, each with its own Ajv
 * instance: about 1.4 s of every start (and of every test file's app) for hundreds of routes, most
 * of which a given process answers rarely or never. This builds the same function, with the same
 * options as Fastify's default (no shared schemas, no serializer options), when it is first needed.
 */
export function compileSerializersLazily(fastify: FastifyInstance) {
    fastify.setSerializerCompiler(({ schema }) => {
        let serialize: ((data: unknown) => string) | undefined;
        return (data: unknown) => {
            serialize ??= fastJsonStringify(schema as Schema, { schema: {} });
            return serialize(data);
        };
    });
}
