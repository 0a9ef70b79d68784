/** What the rest of the server knows about identity: a verified access token and the service that verifies it. */

export interface VerifiedAccessToken {
    /** The identity's immutable id (`sub`). */
    sub: string;
    /** Canonical username (`username` claim). */
    username: string;
    clientId: string;
    /** Id of the sign-in session the token derives from; absent for external pools without revocation. */
    originJti?: string;
    /** Seconds since the epoch. */
    authTime: number;
    issuedAt: number;
    expiresAt: number;
}

export interface IdentityService {
    /**
     * Verifies a bearer access token: RS256 only, signature against the configured JWKS, issuer,
     * `token_use` = access, `client_id`, expiry, and (embedded mode) revocation: revoked session,
     * disabled identity, tokens issued before the identity's `tokensValidAfter`.
     * Throws `AppError(401, 'UNAUTHORIZED', reason)` when any check fails.
     */
    verifyAccessToken(token: string): Promise<VerifiedAccessToken>;
}

declare module 'fastify' {
    interface FastifyInstance {
        identity: IdentityService;
    }
}
