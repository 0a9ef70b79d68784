import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createCallerLoader, type Caller } from '../access/caller-repository.js';
import { AppError, unauthorized } from '../errors.js';
import type { VerifiedAccessToken } from '../identity/types.js';

declare module 'fastify' {
    interface FastifyInstance {
        /** onRequest hook for service routes: verifies the bearer token and loads `request.caller`. */
        authenticate(request: FastifyRequest): Promise<void>;
    }
    interface FastifyRequest {
        caller: Caller;
        token: VerifiedAccessToken;
    }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/;

/**
 * Turns a bearer access token into the calling back-office user. 401 when the token is
 * missing or fails verification; 403 UNKNOWN_USER_ERROR when the identity has no active user.
 */
export default fp(
    async function authentication(fastify: FastifyInstance) {
        fastify.decorateRequest('caller', null as unknown as Caller);
        fastify.decorateRequest('token', null as unknown as VerifiedAccessToken);
        const loadCaller = createCallerLoader(fastify.db);
        fastify.decorate('authenticate', async function authenticate(request: FastifyRequest) {
            const header = request.headers.authorization;
            if (!header) throw unauthorized();
            const match = BEARER.exec(header);
            if (!match?.[1])
                throw unauthorized('The Authorization header must be "Bearer <access token>".');
            const token = await fastify.identity.verifyAccessToken(match[1]);
            const caller = await loadCaller(token.sub);
            if (!caller || !caller.active) {
                throw new AppError(
                    403,
                    'UNKNOWN_USER_ERROR',
                    'Your account is not enabled for the back office. Ask an administrator to enable it.',
                );
            }
            request.token = token;
            request.caller = caller;
        });
    },
    { name: 'authentication', dependencies: ['identity', 'database'] },
);
