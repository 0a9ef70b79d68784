import type { FastifyRequest } from 'fastify';
import type { ApiTokenRequest } from '../../../domain/contracts/api-access.js';
import type { ClientCredentials, OAuthFailure } from './token-exchange.js';

/** A readable token request: the client's credentials and the scopes asked for (space-separated). */
export interface TokenRequestInput {
    client: ClientCredentials;
    scope: string | undefined;
}

const invalidRequest = (message: string, field?: string): OAuthFailure => ({
    status: 400,
    error: 'invalid_request',
    code: 'BAD_REQUEST',
    message,
    ...(field ? { field } : {}),
});

const invalidClient = (message: string): OAuthFailure => ({
    status: 401,
    error: 'invalid_client',
    code: 'UNAUTHORIZED',
    message,
});

/** Client id and secret from HTTP Basic (RFC 6749 §2.3.1: form-urlencoded, then base64) or the form fields. */
function clientCredentials(
    request: FastifyRequest,
    body: ApiTokenRequest,
): ClientCredentials | OAuthFailure {
    const header = request.headers.authorization;
    const fromForm = body.client_id !== undefined || body.client_secret !== undefined;
    if (header) {
        if (!/^Basic /i.test(header))
            return invalidClient(
                'Only HTTP Basic client authentication is accepted here (no bearer tokens).',
            );
        if (fromForm)
            return invalidRequest(
                'Send the client credentials either by HTTP Basic or in the form, not both.',
            );
        const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
        const colon = decoded.indexOf(':');
        if (colon < 0)
            return invalidClient('The Basic credentials must be "client_id:client_secret".');
        try {
            return {
                clientId: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
                clientSecret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
            };
        } catch {
            return invalidClient('The Basic credentials are not correctly encoded.');
        }
    }
    if (!body.client_id || !body.client_secret)
        return invalidClient(
            'Client authentication is required: HTTP Basic, or client_id and client_secret in the form.',
        );
    return { clientId: body.client_id, clientSecret: body.client_secret };
}

/**
 * Reads a token request (RFC 6749 §4.4.2): a valid form-encoded body, no credentials in the
 * URL, `grant_type=client_credentials`, and the client authenticated by HTTP Basic or the form.
 */
export function readTokenRequest(
    request: FastifyRequest,
    body: ApiTokenRequest,
): TokenRequestInput | OAuthFailure {
    if (request.validationError) return invalidRequest(request.validationError.message);
    const query = request.query as Record<string, unknown> | undefined;
    if (query && ('client_secret' in query || 'client_id' in query))
        return invalidRequest(
            'Client credentials must never be sent in the URL; use HTTP Basic or the form body.',
        );
    if (
        !request.headers['content-type']
            ?.toLowerCase()
            .startsWith('application/x-www-form-urlencoded')
    ) {
        if (request.headers.authorization && !/^Basic /i.test(request.headers.authorization))
            return invalidClient(
                'Only HTTP Basic client authentication is accepted here (no bearer tokens).',
            );
        return invalidRequest('The body must be application/x-www-form-urlencoded.');
    }
    if (!body.grant_type) return invalidRequest('grant_type is required.', '/body/grant_type');
    if (body.grant_type !== 'client_credentials')
        return {
            ...invalidRequest(
                'Only grant_type=client_credentials is supported.',
                '/body/grant_type',
            ),
            error: 'unsupported_grant_type',
        };
    const client = clientCredentials(request, body);
    if ('error' in client) return client;
    return { client, scope: body.scope };
}
