import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { compileSerializersLazily } from '../../server/plugins/lazy-serializers.js';

/** A response schema still decides what leaves the server when its serializer is built late. */
describe('compileSerializersLazily', () => {
    it('serializes by the route’s response schema, per status, from the first answer on', async () => {
        const fastify = Fastify({ logger: false });
        compileSerializersLazily(fastify);
        const answer = { id: 'u1', secret: 'never sent', count: '3' };
        fastify.get(
            '/user',
            {
                schema: {
                    response: {
                        200: {
                            type: 'object',
                            properties: { id: { type: 'string' }, count: { type: 'integer' } },
                        },
                        404: { type: 'object', properties: { code: { type: 'string' } } },
                    },
                },
            },
            async (request, reply) =>
                request.headers['x-missing']
                    ? reply.code(404).send({ code: 'GONE', answer })
                    : answer,
        );
        await fastify.ready();
        for (let round = 0; round < 2; round++) {
            const found = await fastify.inject({ url: '/user' });
            expect(found.json()).toEqual({ id: 'u1', count: 3 });
            const missing = await fastify.inject({ url: '/user', headers: { 'x-missing': '1' } });
            expect([missing.statusCode, missing.json()]).toEqual([404, { code: 'GONE' }]);
        }
        await fastify.close();
    });
});
