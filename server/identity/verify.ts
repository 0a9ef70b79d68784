import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { AppConfig } from '../config.js';
import type { Database, Queryable } from '../db/client.js';
import { AppError } from '../errors.js';
import type { KeyStore } from './keys.js';
import type { Identity } from './directory.js';
import { findSessionByOriginJti, prepareRevocationQuery, type SessionRow } from './sessions.js';
import type { VerifiedAccessToken } from './types.js';

const ACCESS_TOKEN_EXPIRED = 'Access Token has expired';
const ACCESS_TOKEN_REVOKED = 'Access Token has been revoked';
export const INVALID_ACCESS_TOKEN = 'Invalid Access Token';

/** A verified access token and, in embedded mode, the identity and sign-in session it belongs to (read by the same query). */
interface VerifiedAccess {
    token: VerifiedAccessToken;
    identity?: Identity;
    session?: SessionRow;
}

export type AccessTokenVerifier = (token: string) => Promise<VerifiedAccess>;

const refuse = (message: string) => new AppError(401, 'UNAUTHORIZED', message);
const CLOCK_TOLERANCE_SECONDS = 5;

function readClaims(payload: JWTPayload, clientId: string): VerifiedAccessToken {
    const { sub, username, client_id, origin_jti, auth_time, iat, exp, token_use } = payload;
    if (token_use !== 'access' || client_id !== clientId) throw refuse(INVALID_ACCESS_TOKEN);
    if (
        typeof sub !== 'string' ||
        typeof username !== 'string' ||
        typeof iat !== 'number' ||
        typeof exp !== 'number'
    )
        throw refuse(INVALID_ACCESS_TOKEN);
    if (origin_jti !== undefined && typeof origin_jti !== 'string')
        throw refuse(INVALID_ACCESS_TOKEN);
    return {
        sub,
        username,
        clientId,
        originJti: origin_jti,
        authTime: typeof auth_time === 'number' ? auth_time : iat,
        issuedAt: iat,
        expiresAt: exp,
    };
}

function verificationFailure(error: unknown): AppError {
    if (error instanceof AppError) return error;
    if (error instanceof errors.JWTExpired) return refuse(ACCESS_TOKEN_EXPIRED);
    // An unreachable external JWKS is our outage, not the caller's fault.
    if (error instanceof errors.JWKSTimeout || !(error instanceof errors.JOSEError)) {
        return new AppError(503, 'SERVICE_UNAVAILABLE', 'The identity provider cannot be reached.');
    }
    return refuse(INVALID_ACCESS_TOKEN);
}

/** Revocation state of embedded tokens: one query joining the session and its identity. */
async function checkSession(
    db: Queryable,
    token: VerifiedAccessToken,
): Promise<{ identity: Identity; session: SessionRow }> {
    if (!token.originJti) throw refuse(INVALID_ACCESS_TOKEN);
    const found = await findSessionByOriginJti(db, token.originJti);
    if (!found) throw refuse(ACCESS_TOKEN_REVOKED);
    const { session, identity } = found;
    if (session.sub !== token.sub || session.clientId !== token.clientId)
        throw refuse(INVALID_ACCESS_TOKEN);
    if (session.revokedAt || !identity.enabled) throw refuse(ACCESS_TOKEN_REVOKED);
    if (identity.tokensValidAfter && token.issuedAt * 1000 < identity.tokensValidAfter.getTime())
        throw refuse(ACCESS_TOKEN_REVOKED);
    if (session.expiresAt.getTime() <= Date.now()) throw refuse(ACCESS_TOKEN_EXPIRED);
    return { identity, session };
}

/** Verifies signature, algorithm, issuer and expiry; then the claims of an access token. */
function createJwtCheck(config: AppConfig['identity'], embedded?: { keys: KeyStore }) {
    const getKey: JWTVerifyGetKey = embedded
        ? async ({ kid }) => {
              const key = kid ? await embedded.keys.verificationKey(kid) : undefined;
              if (!key) throw refuse(INVALID_ACCESS_TOKEN);
              return key;
          }
        : createRemoteJWKSet(new URL(config.jwksUri));
    return async (token: string): Promise<VerifiedAccessToken> => {
        let payload: JWTPayload;
        try {
            ({ payload } = await jwtVerify(token, getKey, {
                algorithms: ['RS256'],
                issuer: config.issuer,
                clockTolerance: CLOCK_TOLERANCE_SECONDS,
            }));
        } catch (error) {
            throw verificationFailure(error);
        }
        return readClaims(payload, config.clientId);
    };
}

/**
 * The check behind the endpoint's signed-in operations (GetUser, GlobalSignOut, ...): the
 * token, its session and the whole identity, which those operations need. Keys come only from
 * our JWKS (embedded: the key table; cognito: the configured `jwksUri`); `jku`, `x5u` and
 * `jwk` headers are never followed, and only RS256 is accepted.
 */
export function createAccessTokenVerifier(
    config: AppConfig['identity'],
    embedded?: { db: Queryable; keys: KeyStore },
): AccessTokenVerifier {
    const checkJwt = createJwtCheck(config, embedded);
    return async (token) => {
        const verified = await checkJwt(token);
        if (!embedded) return { token: verified };
        return { token: verified, ...(await checkSession(embedded.db, verified)) };
    };
}

/**
 * `IdentityService.verifyAccessToken`, run on every API request: the same checks as above, with
 * the revocation state read by one prepared query that fetches only the columns it needs.
 */
export function createApiTokenVerifier(
    config: AppConfig['identity'],
    embedded?: { db: Database; keys: KeyStore },
): (token: string) => Promise<VerifiedAccessToken> {
    const checkJwt = createJwtCheck(config, embedded);
    if (!embedded) return checkJwt;
    const revocationState = prepareRevocationQuery(embedded.db);
    return async (token) => {
        const verified = await checkJwt(token);
        if (!verified.originJti) throw refuse(INVALID_ACCESS_TOKEN);
        const [state] = await revocationState.execute({ originJti: verified.originJti });
        if (!state) throw refuse(ACCESS_TOKEN_REVOKED);
        if (state.sub !== verified.sub || state.clientId !== verified.clientId)
            throw refuse(INVALID_ACCESS_TOKEN);
        if (state.revokedAt || !state.enabled) throw refuse(ACCESS_TOKEN_REVOKED);
        if (state.tokensValidAfter && verified.issuedAt * 1000 < state.tokensValidAfter.getTime())
            throw refuse(ACCESS_TOKEN_REVOKED);
        if (state.expiresAt.getTime() <= Date.now()) throw refuse(ACCESS_TOKEN_EXPIRED);
        return verified;
    };
}
