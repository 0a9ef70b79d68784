import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** OpenAPI document of every service, browsable at /docs (registered before the services). */
export default fp(
    async function openapi(fastify: FastifyInstance, opts: { version: string }) {
        await fastify.register(swagger, {
            openapi: {
                info: {
                    title: 'Parcel back office API',
                    description:
                        'Back-office, configuration and identity services. Authenticate with `Authorization: Bearer <access token>`.',
                    version: opts.version,
                },
                components: {
                    securitySchemes: {
                        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
                    },
                },
                security: [{ bearer: [] }],
            },
        });
        await fastify.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
    },
    { name: 'openapi' },
);
