import { randomUUID } from 'node:crypto';
import { SignJWT, type JWTPayload } from 'jose';
import type { AppConfig } from '../config.js';
import type { KeyStore, TokenUse } from './keys.js';
import type { Identity } from './directory.js';
import { idTokenAttributeClaims } from './user-attributes.js';

type IdentityConfig = AppConfig['identity'];

/** What tokens derive from: the sign-in session (`origin_jti`) and when the user authenticated. */
export interface TokenSession {
    originJti: string;
    authTime: Date;
}

/** Cognito's `AuthenticationResult`; `RefreshToken` only on sign-in (rotation is off). */
export interface AuthenticationResult {
    AccessToken: string;
    IdToken: string;
    RefreshToken?: string;
    ExpiresIn: number;
    TokenType: 'Bearer';
}

async function sign(keys: KeyStore, tokenUse: TokenUse, claims: JWTPayload): Promise<string> {
    const { kid, privateKey } = await keys.signingKey(tokenUse);
    return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(privateKey);
}

/** Signs an access and an ID token with Cognito's claim sets (protocol §3), each with its own key. */
export async function issueTokens(
    keys: KeyStore,
    config: IdentityConfig,
    identity: Identity,
    session: TokenSession,
    now = new Date(),
): Promise<AuthenticationResult> {
    const iat = Math.floor(now.getTime() / 1000);
    const common = {
        sub: identity.sub,
        iss: config.issuer,
        origin_jti: session.originJti,
        event_id: randomUUID(),
        auth_time: Math.floor(session.authTime.getTime() / 1000),
        iat,
        exp: iat + config.accessTokenTtlSeconds,
    };
    const [AccessToken, IdToken] = await Promise.all([
        sign(keys, 'access', {
            ...common,
            client_id: config.clientId,
            token_use: 'access',
            scope: 'aws.cognito.signin.user.admin',
            jti: randomUUID(),
            username: identity.username,
        }),
        sign(keys, 'id', {
            ...idTokenAttributeClaims(identity),
            ...common,
            aud: config.clientId,
            'cognito:username': identity.username,
            token_use: 'id',
            jti: randomUUID(),
        }),
    ]);
    return { AccessToken, IdToken, ExpiresIn: config.accessTokenTtlSeconds, TokenType: 'Bearer' };
}
