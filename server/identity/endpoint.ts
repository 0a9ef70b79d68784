import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UnsafeTextError } from '../plugins/input-guard.js';
import { AMZ_JSON, CognitoError, handleCognitoError, invalidParameter } from './cognito-error.js';
import type { IdentityContext } from './context.js';
import { operations } from './operations/index.js';
import { verifySigV4 } from './sigv4.js';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
/** Cognito inputs are small; this bounds what hostile clients can make us parse. */
const BODY_LIMIT = 64 * 1024;

/**
 * The input guard's refusal (a NUL character or unpaired surrogate) in Cognito's validation
 * wording, naming the member as operation inputs are named (`AuthParameters.USERNAME`).
 */
function unsafeTextParameter(error: UnsafeTextError): CognitoError {
    const member = error.field.replace(/^\/body\//, '').replaceAll('/', '.');
    return invalidParameter(
        `1 validation error detected: Value at '${member}' failed to satisfy constraint: Member must be valid Unicode text without the NUL character (U+0000)`,
    );
}

/**
 * The embedded Cognito-compatible endpoint (protocol §1): one POST URL dispatching on
 * `x-amz-target`, JSON 1.1 bodies, Cognito's error envelope; and the pool's JWKS. Admin
 * operations need an AWS SigV4 signature by the configured admin credentials; the public ones
 * never look at one. Encapsulated, so its parser and error handler stay out of the other services.
 */
export default async function cognitoEndpoint(
    fastify: FastifyInstance,
    opts: { context: IdentityContext },
) {
    const { context } = opts;
    /** The bytes as received: SigV4 signs the payload hash. */
    const rawBodies = new WeakMap<FastifyRequest, Buffer>();
    fastify.setErrorHandler((error: FastifyError | Error, request, reply) =>
        handleCognitoError(
            error instanceof UnsafeTextError ? unsafeTextParameter(error) : error,
            request,
            reply,
        ),
    );
    fastify.addContentTypeParser(
        AMZ_JSON,
        { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
        (request, body, done) => {
            const raw = Buffer.isBuffer(body) ? body : Buffer.from(body);
            rawBodies.set(request, raw);
            try {
                done(null, JSON.parse(raw.toString('utf8')));
            } catch {
                done(invalidParameter('The request body is not valid JSON.'), undefined);
            }
        },
    );

    function verifyAdminSignature(request: FastifyRequest): string {
        try {
            return verifySigV4(
                {
                    method: request.method,
                    url: request.url,
                    headers: request.headers,
                    body: rawBodies.get(request) ?? Buffer.alloc(0),
                },
                {
                    region: context.config.region,
                    service: 'cognito-idp',
                    credentials: context.config.admin,
                    now: new Date(),
                },
            );
        } catch (error) {
            // Failed admin authentication is logged (ASVS 16.3.2), not audited: refusals must not cost writes.
            if (error instanceof CognitoError)
                request.log.warn(
                    { type: error.type, ip: request.ip },
                    'identity admin call refused',
                );
            throw error;
        }
    }

    async function dispatch(request: FastifyRequest, reply: FastifyReply) {
        const target = request.headers['x-amz-target'];
        const name =
            typeof target === 'string' && target.startsWith(TARGET_PREFIX)
                ? target.slice(TARGET_PREFIX.length)
                : undefined;
        const operation = name === undefined ? undefined : operations.get(name);
        if (!operation)
            throw new CognitoError(
                'UnknownOperationException',
                'The operation is not supported by this endpoint.',
            );
        const adminAccessKeyId =
            operation.auth === 'sigv4' ? verifyAdminSignature(request) : undefined;
        const result = await operation.run(request.body, { ...context, request, adminAccessKeyId });
        return reply
            .header('cache-control', 'no-store')
            .header('x-amzn-requestid', request.id)
            .type(AMZ_JSON)
            .send(result);
    }

    // Under the prefix, '/' serves both `/cognito-idp` and `/cognito-idp/`.
    fastify.post('/', { bodyLimit: BODY_LIMIT, schema: { hide: true } }, dispatch);

    fastify.get(
        `/${context.config.userPoolId}/.well-known/jwks.json`,
        { schema: { hide: true } },
        async (_request, reply) => {
            return reply
                .header('cache-control', 'public, max-age=300')
                .type('application/json; charset=utf-8')
                .send(await context.keys.jwks());
        },
    );
}
