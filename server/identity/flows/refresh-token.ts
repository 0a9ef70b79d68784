import { auditIdentityEvent } from '../audit.js';
import { notAuthorized } from '../cognito-error.js';
import type { OperationContext } from '../context.js';
import { findSessionByRefreshToken, touchSession } from '../sessions.js';
import { issueTokens, type AuthenticationResult } from '../tokens.js';

/**
 * New access and ID tokens for a refresh token (rotation off: the refresh token stays the same
 * and is not returned). Every refusal is NotAuthorizedException, which Amplify treats as a
 * quiet sign-out (protocol §2.4).
 */
export async function refreshTokens(
    ctx: OperationContext,
    refreshToken: string,
    flow: string,
): Promise<AuthenticationResult> {
    const now = new Date();
    const found = await findSessionByRefreshToken(ctx.db, refreshToken);
    if (!found || found.session.clientId !== ctx.config.clientId)
        throw notAuthorized('Invalid Refresh Token');
    const { session, identity } = found;
    const signedOutAfter =
        identity.tokensValidAfter !== null &&
        identity.tokensValidAfter.getTime() > session.authTime.getTime();
    if (session.revokedAt || signedOutAfter) throw notAuthorized('Refresh Token has been revoked');
    if (session.expiresAt.getTime() <= now.getTime())
        throw notAuthorized('Refresh Token has expired');
    if (!identity.enabled) throw notAuthorized('User is disabled.');
    await touchSession(ctx.db, session.originJti, now);
    const tokens = await issueTokens(ctx.keys, ctx.config, identity, session, now);
    await auditIdentityEvent(ctx.db, ctx.request, {
        action: 'token-refresh',
        sub: identity.sub,
        flow,
    });
    return tokens;
}
