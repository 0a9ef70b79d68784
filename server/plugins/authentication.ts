import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CallerCache } from '../access/caller-cache.js';
import { createCallerLoader, type Caller } from '../access/caller-repository.js';
import { AppError, unauthorized } from '../errors.js';
import type { VerifiedAccessToken } from '../identity/types.js';
import { dropOnChange } from './drop-on-change.js';

declare module 'fastify' {
    interface FastifyInstance {
        /** onRequest hook for service routes: verifies the bearer token and loads `request.caller`. */
        authenticate(request: FastifyRequest): Promise<void>;
        /**
         * Verifies an access token and loads its back-office user (401, or 403
         * UNKNOWN_USER_ERROR), through the same cache as `authenticate`: for connections that
         * carry the token in a message (the live stream), not in a header.
         */
        verifyCaller(accessToken: string): Promise<{ token: VerifiedAccessToken; caller: Caller }>;
    }
    interface FastifyRequest {
        caller: Caller;
        token: VerifiedAccessToken;
    }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/;
/** The safety net of the caller cache: an answer is trusted this long at most. */
const CACHE_TTL_MS = 15_000;
const CACHE_MAX_ENTRIES = 10_000;

/**
 * Turns a bearer access token into the calling back-office user. 401 when the token is
 * missing or fails verification; 403 UNKNOWN_USER_ERROR when the identity has no active user.
 *
 * The answer is cached per token (`CallerCache`). It is dropped on every change that could
 * alter it: database triggers notify channel `auth_changed` (migration 0007) from every app
 * server and every writer, and this server also drops it when one of its own write requests
 * answers, so a client that signed out or changed a permission never sees the old answer on
 * its next request. While notifications are not received, nothing is cached.
 */
export default fp(
    async function authentication(fastify: FastifyInstance) {
        fastify.decorateRequest('caller', null as unknown as Caller);
        fastify.decorateRequest('token', null as unknown as VerifiedAccessToken);
        const loadCaller = createCallerLoader(fastify.db);
        const cache = new CallerCache({ ttlMs: CACHE_TTL_MS, maxEntries: CACHE_MAX_ENTRIES });
        await dropOnChange(fastify, 'auth_changed', cache);

        const verifyCaller = async (accessToken: string) => {
            const cached = cache.get(accessToken);
            if (cached) return cached;
            const generation = cache.generation;
            const token = await fastify.identity.verifyAccessToken(accessToken);
            const caller = await loadCaller(token.sub);
            if (!caller || !caller.active) {
                throw new AppError(
                    403,
                    'UNKNOWN_USER_ERROR',
                    'Your account is not enabled for the back office. Ask an administrator to enable it.',
                );
            }
            const verified = { token, caller };
            cache.set(accessToken, verified, generation);
            return verified;
        };
        fastify.decorate('verifyCaller', verifyCaller);

        fastify.decorate('authenticate', async function authenticate(request: FastifyRequest) {
            const header = request.headers.authorization;
            if (!header) throw unauthorized();
            const match = BEARER.exec(header);
            if (!match?.[1])
                throw unauthorized('The Authorization header must be "Bearer <access token>".');
            const { token, caller } = await verifyCaller(match[1]);
            request.token = token;
            request.caller = caller;
        });
    },
    { name: 'authentication', dependencies: ['identity', 'database'] },
);
