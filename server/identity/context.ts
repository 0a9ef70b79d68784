import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { CognitoError } from './cognito-error.js';
import type { KeyStore } from './keys.js';
import type { AccessTokenVerifier } from './verify.js';

/** Everything an operation of the embedded endpoint needs. */
export interface IdentityContext {
    db: Database;
    config: AppConfig['identity'];
    keys: KeyStore;
    verifyAccess: AccessTokenVerifier;
}

export interface OperationContext extends IdentityContext {
    request: FastifyRequest;
    /** Admin operations: the access key id whose SigV4 signature was verified. */
    adminAccessKeyId?: string;
}

/**
 * Our only app client. Cognito answers an unknown client id with ResourceNotFoundException;
 * we do the same.
 */
export function assertClient(ctx: IdentityContext, clientId: string): void {
    if (clientId !== ctx.config.clientId)
        throw new CognitoError(
            'ResourceNotFoundException',
            `User pool client ${clientId} does not exist.`,
        );
}

/** Our only user pool, for the admin API. */
export function assertUserPool(ctx: IdentityContext, userPoolId: string): void {
    if (userPoolId !== ctx.config.userPoolId)
        throw new CognitoError(
            'ResourceNotFoundException',
            `User pool ${userPoolId} does not exist.`,
        );
}
