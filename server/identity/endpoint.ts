import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AMZ_JSON, CognitoError, handleCognitoError, invalidParameter } from './cognito-error.js';
import type { IdentityContext } from './context.js';
import { operations } from './operations/index.js';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
/** Cognito inputs are small; this bounds what hostile clients can make us parse. */
const BODY_LIMIT = 64 * 1024;

/**
 * The embedded Cognito-compatible endpoint (protocol §1): one POST URL dispatching on
 * `x-amz-target`, JSON 1.1 bodies, Cognito's error envelope; and the pool's JWKS.
 * Encapsulated, so its parser and error handler stay out of the other services.
 */
export default async function cognitoEndpoint(fastify: FastifyInstance, opts: { context: IdentityContext }) {
    const { context } = opts;
    fastify.setErrorHandler(handleCognitoError);
    fastify.addContentTypeParser(AMZ_JSON, { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
        try {
            done(null, JSON.parse(String(body)));
        } catch {
            done(invalidParameter('The request body is not valid JSON.'), undefined);
        }
    });

    async function dispatch(request: FastifyRequest, reply: FastifyReply) {
        const target = request.headers['x-amz-target'];
        const name = typeof target === 'string' && target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : undefined;
        const operation = name === undefined ? undefined : operations.get(name);
        if (!operation) throw new CognitoError('UnknownOperationException', 'The operation is not supported by this endpoint.');
        const result = await operation.run(request.body, { ...context, request });
        return reply.header('cache-control', 'no-store').header('x-amzn-requestid', request.id).type(AMZ_JSON).send(result);
    }

    // Under the prefix, '/' serves both `/cognito-idp` and `/cognito-idp/`.
    fastify.post('/', { bodyLimit: BODY_LIMIT, schema: { hide: true } }, dispatch);

    fastify.get(`/${context.config.userPoolId}/.well-known/jwks.json`, { schema: { hide: true } }, async (_request, reply) => {
        return reply.header('cache-control', 'public, max-age=300').type('application/json; charset=utf-8').send(await context.keys.jwks());
    });
}
