import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { TOKEN_PATH } from '../../../domain/apiAccess.js';
import {
    ApiTokenRequest,
    ApiTokenResponse,
    OAuthError,
} from '../../../domain/contracts/api-access.js';
import type { MachineTokens } from '../../access/machine-tokens.js';
import { findUnsafeText, UnsafeTextError } from '../../plugins/input-guard.js';
import { exchangeToken, type OAuthFailure } from './token-exchange.js';
import { readTokenRequest } from './token-request.js';

/**
 * Token failures answer RFC 6749 §5.2 (`error`, `error_description`) and, in the same body,
 * the product's error envelope (`code` from the catalogue, `message`, `details`), so OAuth
 * client libraries and our own clients both read them.
 */
function oauthError(reply: FastifyReply, failure: OAuthFailure) {
    const { status, error, code, message, field } = failure;
    if (status === 401)
        reply.header('www-authenticate', 'Basic realm="api-access", charset="UTF-8"');
    return reply
        .code(status)
        .header('cache-control', 'no-store')
        .header('pragma', 'no-cache')
        .send({
            error,
            error_description: message,
            code,
            message,
            details: field ? [{ field, message }] : [],
        });
}

/** Text the database cannot hold (a NUL character, an unpaired surrogate) in a form field or the Basic credentials. */
const unsafeTextRefused = (field: string, message: string): OAuthFailure => ({
    status: 400,
    error: 'invalid_request',
    code: 'BAD_REQUEST',
    message,
    field,
});

/**
 * The token endpoint of machine clients (OAuth 2.0 client credentials grant, RFC 6749 §4.4):
 * `POST /oauth2/token`, form-encoded, the client authenticated by HTTP Basic or form fields.
 * Open (no user token); failed attempts are throttled per address (token-throttle.ts).
 */
export function tokenRoutes(machineTokens: MachineTokens): FastifyPluginAsyncTypebox {
    return async (fastify) => {
        const db = fastify.db;
        const ttl = fastify.appConfig.apiAccess.tokenTtlSeconds;
        fastify.addContentTypeParser(
            'application/x-www-form-urlencoded',
            { parseAs: 'string', bodyLimit: 4096 },
            (_request, body, done) => {
                done(
                    null,
                    Object.fromEntries(
                        new URLSearchParams(
                            typeof body === 'string' ? body : body.toString('utf8'),
                        ),
                    ),
                );
            },
        );

        // The input guard's refusal of a form field, as OAuth's invalid_request; anything else goes to the app's handler.
        fastify.setErrorHandler((error, _request, reply) => {
            if (!(error instanceof UnsafeTextError)) throw error;
            return oauthError(reply, unsafeTextRefused(error.field, error.message));
        });

        fastify.post(
            TOKEN_PATH,
            {
                attachValidation: true,
                // No info-level request logs here: nothing of a token request (not even a misplaced secret in its URL) reaches the log.
                logLevel: 'warn',
                schema: {
                    tags: ['api-access'],
                    summary:
                        'Exchanges API credentials for a bearer token of the data gateway (OAuth 2.0 client credentials grant; form-encoded; client by HTTP Basic or client_id/client_secret)',
                    description:
                        'Open to machine clients (no user token). Failures answer the OAuth error (`error`, `error_description`) together with the error envelope: ' +
                        'a wrong client id or secret is 401 invalid_client (UNAUTHORIZED); a revoked or expired credential is 401 invalid_client with CREDENTIAL_REVOKED or CREDENTIAL_EXPIRED; ' +
                        'a scope outside the granted ones is 400 invalid_scope (INSUFFICIENT_SCOPE). Failures are throttled per address, so nobody can lock a client out from elsewhere: ' +
                        'an address with too many failures for a client id (or for any client id) within a minute gets 429 slow_down; past a higher ceiling of failures for a client id from all addresses, every address that failed for it in that minute gets 429.',
                    consumes: ['application/x-www-form-urlencoded'],
                    security: [],
                    body: ApiTokenRequest,
                    response: {
                        200: ApiTokenResponse,
                        400: OAuthError,
                        401: OAuthError,
                        429: OAuthError,
                    },
                },
            },
            async (request, reply) => {
                const read = readTokenRequest(request, request.body);
                if ('error' in read) return oauthError(reply, read);
                // Form fields passed the input guard; HTTP Basic credentials come from a header.
                if (request.headers.authorization && findUnsafeText(read.client, '') !== undefined)
                    return oauthError(
                        reply,
                        unsafeTextRefused(
                            '/headers/authorization',
                            'The client credentials must be valid Unicode text without the NUL character (U+0000).',
                        ),
                    );
                const outcome = await exchangeToken(db, machineTokens, ttl, {
                    ...read,
                    ip: request.ip,
                });
                if ('error' in outcome) {
                    if (outcome.status === 429) reply.header('retry-after', '60');
                    return oauthError(reply, outcome);
                }
                reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
                return outcome;
            },
        );
    };
}
