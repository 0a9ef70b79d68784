import {
    credentialStatus,
    isApiScope,
    normaliseScopes,
    type ApiScope,
} from '../../../domain/apiAccess.js';
import type { ApiTokenResponse } from '../../../domain/contracts/api-access.js';
import type { MachineTokens } from '../../access/machine-tokens.js';
import type { Queryable } from '../../db/client.js';
import { hashPassword, verifyPassword } from '../../identity/passwords.js';
import { credentialByClientId, markCredentialUsed } from './credentials-repository.js';
import { countFailure, tooManyFailures } from './token-throttle.js';

type OAuthErrorName =
    | 'invalid_request'
    | 'invalid_client'
    | 'invalid_grant'
    | 'invalid_scope'
    | 'unsupported_grant_type'
    | 'slow_down';

/** A failed token request: the OAuth error (RFC 6749 §5.2) and the catalogue code of the error envelope. */
export interface OAuthFailure {
    status: 400 | 401 | 429;
    error: OAuthErrorName;
    code: string;
    message: string;
    /** The field at fault, if one is. */
    field?: string;
}

export interface ClientCredentials {
    clientId: string;
    clientSecret: string;
}

/** A hash to verify against when the client id is unknown, so the answer takes as long as for a known one. */
let decoyHash: Promise<string> | undefined;

const failure = (
    status: OAuthFailure['status'],
    error: OAuthErrorName,
    code: string,
    message: string,
    field?: string,
): OAuthFailure => ({ status, error, code, message, ...(field ? { field } : {}) });

/**
 * Exchanges a client's credentials for a machine token (OAuth 2.0 client credentials grant):
 * failures throttled per address (429, token-throttle.ts), the secret verified against its hash
 * (401), the credential active (401 CREDENTIAL_REVOKED / CREDENTIAL_EXPIRED), the scopes asked
 * for among the granted ones (400 INSUFFICIENT_SCOPE; none asked: every granted scope).
 */
export async function exchangeToken(
    db: Queryable,
    machineTokens: MachineTokens,
    ttl: number,
    input: { client: ClientCredentials; scope: string | undefined; ip: string },
): Promise<ApiTokenResponse | OAuthFailure> {
    const { client, ip } = input;
    if (await tooManyFailures(db, client.clientId, ip))
        return failure(
            429,
            'slow_down',
            'TOO_MANY_REQUESTS',
            'Too many failed attempts; wait a minute.',
        );
    const credential =
        client.clientId.length <= 200 ? await credentialByClientId(db, client.clientId) : undefined;
    decoyHash ??= hashPassword(`decoy-${Math.random()}`);
    const valid = await verifyPassword(
        credential?.secretHash ?? (await decoyHash),
        client.clientSecret,
    );
    if (!credential || !valid) {
        await countFailure(db, client.clientId, ip);
        return failure(401, 'invalid_client', 'UNAUTHORIZED', 'The client id or secret is wrong.');
    }
    const status = credentialStatus(credential);
    if (status === 'REVOKED')
        return failure(401, 'invalid_client', 'CREDENTIAL_REVOKED', 'The credential was revoked.');
    if (status === 'EXPIRED')
        return failure(401, 'invalid_client', 'CREDENTIAL_EXPIRED', 'The credential has expired.');
    const granted = normaliseScopes(credential.scopes);
    let scopes: ApiScope[] = granted;
    if (input.scope !== undefined && input.scope.trim() !== '') {
        const asked = input.scope.trim().split(/\s+/);
        const outside = asked.filter((scope) => !isApiScope(scope) || !granted.includes(scope));
        if (outside.length > 0)
            return failure(
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
    await markCredentialUsed(db, credential.id);
    return { access_token: token, token_type: 'Bearer', expires_in: ttl, scope: scopes.join(' ') };
}
