import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import {
    credentialStatus,
    isApiScope,
    normaliseScopes,
    TOKEN_PATH,
    type ApiScope,
} from '../../../domain/apiAccess.js';
import { apiCredentials } from '../../db/schema/index.js';
import { hashPassword, verifyPassword } from '../../identity/passwords.js';
import { credentialByClientId } from './credentials-repository.js';
import type { MachineTokens } from '../../access/machine-tokens.js';
import { OAuthError, TokenRequest, TokenResponse } from './schemas.js';
import { countFailure, tooManyFailures } from './token-throttle.js';

type OAuthErrorName =
    | 'invalid_request'
    | 'invalid_client'
    | 'invalid_grant'
    | 'invalid_scope'
    | 'unsupported_grant_type'
    | 'slow_down';

/**
 * Token failures answer RFC 6749 §5.2 (`error`, `error_description`) and, in the same body,
 * the product's error envelope (`code` from the catalogue, `message`, `details`), so OAuth
 * client libraries and our own clients both read them.
 */
function oauthError(
    reply: FastifyReply,
    status: number,
    error: OAuthErrorName,
    code: string,
    message: string,
    field?: string,
) {
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

interface ClientCredentials {
    clientId: string;
    clientSecret: string;
}

/** Client id and secret from HTTP Basic (RFC 6749 §2.3.1: form-urlencoded, then base64) or the form fields; a string names the fault. */
function clientCredentials(
    request: FastifyRequest,
    body: TokenRequest,
): ClientCredentials | { fault: string; status: 400 | 401 } {
    const header = request.headers.authorization;
    const fromForm = body.client_id !== undefined || body.client_secret !== undefined;
    if (header) {
        if (!/^Basic /i.test(header))
            return {
                fault: 'Only HTTP Basic client authentication is accepted here (no bearer tokens).',
                status: 401,
            };
        if (fromForm)
            return {
                fault: 'Send the client credentials either by HTTP Basic or in the form, not both.',
                status: 400,
            };
        const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
        const colon = decoded.indexOf(':');
        if (colon < 0)
            return {
                fault: 'The Basic credentials must be "client_id:client_secret".',
                status: 401,
            };
        try {
            return {
                clientId: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
                clientSecret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
            };
        } catch {
            return { fault: 'The Basic credentials are not correctly encoded.', status: 401 };
        }
    }
    if (!body.client_id || !body.client_secret)
        return {
            fault: 'Client authentication is required: HTTP Basic, or client_id and client_secret in the form.',
            status: 401,
        };
    return { clientId: body.client_id, clientSecret: body.client_secret };
}

/** A hash to verify against when the client id is unknown, so the answer takes as long as for a known one. */
let decoyHash: Promise<string> | undefined;

/**
 * The token endpoint of machine clients (OAuth 2.0 client credentials grant, RFC 6749 §4.4):
 * `POST /oauth2/token`, form-encoded, the client authenticated by HTTP Basic or form fields.
 * Open (no user token); failed attempts are throttled per client id and IP.
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
                        'a scope outside the granted ones is 400 invalid_scope (INSUFFICIENT_SCOPE); too many failures of a client id or IP within a minute are 429.',
                    consumes: ['application/x-www-form-urlencoded'],
                    security: [],
                    body: TokenRequest,
                    response: {
                        200: TokenResponse,
                        400: OAuthError,
                        401: OAuthError,
                        429: OAuthError,
                    },
                },
            },
            async (request, reply) => {
                if (request.validationError)
                    return oauthError(
                        reply,
                        400,
                        'invalid_request',
                        'BAD_REQUEST',
                        request.validationError.message,
                    );
                const query = request.query as Record<string, unknown> | undefined;
                if (query && ('client_secret' in query || 'client_id' in query)) {
                    return oauthError(
                        reply,
                        400,
                        'invalid_request',
                        'BAD_REQUEST',
                        'Client credentials must never be sent in the URL; use HTTP Basic or the form body.',
                    );
                }
                if (
                    !request.headers['content-type']
                        ?.toLowerCase()
                        .startsWith('application/x-www-form-urlencoded')
                ) {
                    if (
                        request.headers.authorization &&
                        !/^Basic /i.test(request.headers.authorization)
                    ) {
                        return oauthError(
                            reply,
                            401,
                            'invalid_client',
                            'UNAUTHORIZED',
                            'Only HTTP Basic client authentication is accepted here (no bearer tokens).',
                        );
                    }
                    return oauthError(
                        reply,
                        400,
                        'invalid_request',
                        'BAD_REQUEST',
                        'The body must be application/x-www-form-urlencoded.',
                    );
                }
                const body = request.body;
                if (!body.grant_type)
                    return oauthError(
                        reply,
                        400,
                        'invalid_request',
                        'BAD_REQUEST',
                        'grant_type is required.',
                        '/body/grant_type',
                    );
                if (body.grant_type !== 'client_credentials')
                    return oauthError(
                        reply,
                        400,
                        'unsupported_grant_type',
                        'BAD_REQUEST',
                        'Only grant_type=client_credentials is supported.',
                        '/body/grant_type',
                    );
                const client = clientCredentials(request, body);
                if ('fault' in client)
                    return oauthError(
                        reply,
                        client.status,
                        client.status === 401 ? 'invalid_client' : 'invalid_request',
                        client.status === 401 ? 'UNAUTHORIZED' : 'BAD_REQUEST',
                        client.fault,
                    );
                if (await tooManyFailures(db, client.clientId, request.ip)) {
                    reply.header('retry-after', '60');
                    return oauthError(
                        reply,
                        429,
                        'slow_down',
                        'TOO_MANY_REQUESTS',
                        'Too many failed attempts; wait a minute.',
                    );
                }
                const credential =
                    client.clientId.length <= 200
                        ? await credentialByClientId(db, client.clientId)
                        : undefined;
                decoyHash ??= hashPassword(`decoy-${Math.random()}`);
                const valid = await verifyPassword(
                    credential?.secretHash ?? (await decoyHash),
                    client.clientSecret,
                );
                if (!credential || !valid) {
                    await countFailure(db, client.clientId, request.ip);
                    return oauthError(
                        reply,
                        401,
                        'invalid_client',
                        'UNAUTHORIZED',
                        'The client id or secret is wrong.',
                    );
                }
                const status = credentialStatus(credential);
                if (status === 'REVOKED')
                    return oauthError(
                        reply,
                        401,
                        'invalid_client',
                        'CREDENTIAL_REVOKED',
                        'The credential was revoked.',
                    );
                if (status === 'EXPIRED')
                    return oauthError(
                        reply,
                        401,
                        'invalid_client',
                        'CREDENTIAL_EXPIRED',
                        'The credential has expired.',
                    );
                const granted = normaliseScopes(credential.scopes);
                let scopes: ApiScope[] = granted;
                if (body.scope !== undefined && body.scope.trim() !== '') {
                    const asked = body.scope.trim().split(/\s+/);
                    const outside = asked.filter(
                        (scope) => !isApiScope(scope) || !granted.includes(scope),
                    );
                    if (outside.length > 0)
                        return oauthError(
                            reply,
                            400,
                            'invalid_scope',
                            'INSUFFICIENT_SCOPE',
                            `The credential is not granted: ${outside.join(', ')}.`,
                            '/body/scope',
                        );
                    scopes = normaliseScopes(asked);
                }
                const { token } = await machineTokens.issue(
                    {
                        credentialId: credential.id,
                        clientId: credential.clientId,
                        tenantId: credential.tenantId,
                        scopes,
                    },
                    ttl,
                );
                await db
                    .update(apiCredentials)
                    .set({ lastUsedAt: new Date() })
                    .where(eq(apiCredentials.id, credential.id));
                reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
                return {
                    access_token: token,
                    token_type: 'Bearer' as const,
                    expires_in: ttl,
                    scope: scopes.join(' '),
                };
            },
        );
    };
}
