import { randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { isApiScope, type ApiScope } from '../../domain/apiAccess.js';
import type { AppConfig } from '../config.js';
import type { Queryable } from '../db/client.js';
import { createKeyStore } from '../identity/keys.js';

/**
 * Machine access tokens (docs/decisions.md, API access): RS256 JWTs signed with the identity
 * key store's access key (the `identity_signing_keys` table shared by every app server, so
 * any server verifies what another issued, and the keys are in the published JWKS). They can
 * never pass as a user token, nor a user token as one: a different issuer (the API access
 * service, not the user pool), the JWT type `at+jwt`, the audience `data-gateway`, a client id
 * that is no web client's, and no sign-in session (`origin_jti`). Every use looks the
 * credential up again, so a revocation stops tokens already issued.
 */

const MACHINE_TOKEN_TYPE = 'at+jwt';
const MACHINE_AUDIENCE = 'data-gateway';
const CLOCK_TOLERANCE_SECONDS = 5;
/**
 * Verified tokens are remembered a while (the same string verifies the same way), so a client
 * posting many batches pays the RSA verification once a minute instead of on every request:
 * measured 6 % of the app server's time at 5,000 events/s. The credential is still looked up on
 * every request (machine-auth.ts), so a revocation stops a remembered token too.
 */
const VERIFIED_KEEP_MS = 60_000;
const VERIFIED_MAX = 1_000;

/** The issuer of machine tokens: the API access service's public base. */
const machineIssuer = (publicUrl: string) => `${publicUrl}/api-access/api/v1`;

interface MachineClaims {
    /** The credential's id. */
    credentialId: string;
    clientId: string;
    tenantId: string;
    scopes: ApiScope[];
    /** Seconds since the epoch. */
    issuedAt: number;
    /** Milliseconds since the epoch (compared with a rotation, which may fall in the same second). */
    issuedAtMs: number;
    expiresAt: number;
}

export interface MachineTokens {
    issue(
        claims: {
            credentialId: string;
            clientId: string;
            tenantId: string;
            scopes: readonly ApiScope[];
        },
        ttlSeconds: number,
    ): Promise<{ token: string; expiresAt: number }>;
    /** The token's claims, or undefined when it is not a valid, unexpired machine token of ours. */
    verify(token: string): Promise<MachineClaims | undefined>;
}

export function createMachineTokens(
    db: Queryable,
    config: Pick<AppConfig, 'publicUrl' | 'identity'>,
): MachineTokens {
    const keys = createKeyStore(db, {
        userPoolId: config.identity.userPoolId,
        keySecret: config.identity.keySecret,
    });
    const issuer = machineIssuer(config.publicUrl);
    const verified = new Map<string, { claims: MachineClaims; until: number }>();
    const remember = (token: string, claims: MachineClaims) => {
        if (verified.size >= VERIFIED_MAX) {
            const oldest = verified.keys().next();
            if (!oldest.done) verified.delete(oldest.value);
        }
        const until = Math.min(Date.now() + VERIFIED_KEEP_MS, claims.expiresAt * 1000);
        verified.set(token, { claims, until });
        return claims;
    };
    return {
        async issue(claims, ttlSeconds) {
            const { kid, privateKey } = await keys.signingKey('access');
            const nowMs = Date.now();
            const iat = Math.floor(nowMs / 1000);
            const exp = iat + ttlSeconds;
            const token = await new SignJWT({
                client_id: claims.clientId,
                tenant: claims.tenantId,
                scope: claims.scopes.join(' '),
                token_use: 'access',
                issued_ms: nowMs,
                jti: randomUUID(),
            })
                .setProtectedHeader({ alg: 'RS256', kid, typ: MACHINE_TOKEN_TYPE })
                .setSubject(claims.credentialId)
                .setIssuer(issuer)
                .setAudience(MACHINE_AUDIENCE)
                .setIssuedAt(iat)
                .setExpirationTime(exp)
                .sign(privateKey);
            return { token, expiresAt: exp };
        },
        async verify(token) {
            const known = verified.get(token);
            if (known && known.until > Date.now()) return known.claims;
            if (known) verified.delete(token);
            let payload: JWTPayload;
            try {
                ({ payload } = await jwtVerify(
                    token,
                    async ({ kid }) => {
                        const key = kid ? await keys.verificationKey(kid) : undefined;
                        if (!key) throw new Error('unknown signing key');
                        return key;
                    },
                    {
                        algorithms: ['RS256'],
                        issuer,
                        audience: MACHINE_AUDIENCE,
                        typ: MACHINE_TOKEN_TYPE,
                        clockTolerance: CLOCK_TOLERANCE_SECONDS,
                    },
                ));
            } catch {
                return undefined;
            }
            const { sub, client_id, tenant, scope, token_use, iat, exp, issued_ms } = payload;
            if (
                token_use !== 'access' ||
                typeof sub !== 'string' ||
                typeof client_id !== 'string' ||
                typeof tenant !== 'string'
            )
                return undefined;
            if (
                typeof scope !== 'string' ||
                typeof iat !== 'number' ||
                typeof exp !== 'number' ||
                typeof issued_ms !== 'number'
            )
                return undefined;
            const scopes = scope.split(' ').filter(isApiScope);
            return remember(token, {
                credentialId: sub,
                clientId: client_id,
                tenantId: tenant,
                scopes,
                issuedAt: iat,
                issuedAtMs: issued_ms,
                expiresAt: exp,
            });
        },
    };
}

/** A new client id: public, unique, no `:` (it travels in HTTP Basic). */
export function newClientId(): string {
    return `pbo_${randomBytes(15).toString('base64url').replace(/[-_]/g, 'x')}`;
}

/** A new client secret: 32 random bytes, base64url (never stored; only its Argon2id hash is). */
export function newClientSecret(): string {
    return randomBytes(32).toString('base64url');
}
