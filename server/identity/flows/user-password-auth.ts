import { auditIdentityEvent } from '../audit.js';
import { CognitoError, invalidParameter, notAuthorized } from '../cognito-error.js';
import type { OperationContext } from '../context.js';
import type { Identity } from '../directory.js';
import { checkPassword } from '../password-check.js';
import { openSession } from '../sessions.js';
import { issueTokens } from '../tokens.js';
import type { InitiateAuthResult } from './types.js';

const FLOW = 'USER_PASSWORD_AUTH';

/** Refuses identities whose status forbids tokens; the later challenge flows replace the FORCE_CHANGE_PASSWORD branch. */
function assertMayReceiveTokens(identity: Identity, now: Date): void {
    if (identity.status === 'RESET_REQUIRED') throw new CognitoError('PasswordResetRequiredException', 'Password reset required for the user');
    if (identity.status === 'FORCE_CHANGE_PASSWORD') {
        const expired = identity.temporaryPasswordExpiresAt !== null && identity.temporaryPasswordExpiresAt.getTime() <= now.getTime();
        throw notAuthorized(expired ? 'Temporary password has expired and must be reset by an administrator.' : 'Temporary password must be changed.');
    }
}

/** InitiateAuth USER_PASSWORD_AUTH: password check and lockout, then a new session and its tokens. */
export async function userPasswordAuth(ctx: OperationContext, parameters: Record<string, string>): Promise<InitiateAuthResult> {
    const username = parameters.USERNAME;
    const password = parameters.PASSWORD;
    if (username === undefined) throw invalidParameter('Missing required parameter USERNAME');
    if (password === undefined) throw invalidParameter('Missing required parameter PASSWORD');
    const identity = await checkPassword(ctx, username, password, FLOW);
    const now = new Date();
    try {
        assertMayReceiveTokens(identity, now);
    } catch (error) {
        await auditIdentityEvent(ctx.db, ctx.request, { action: 'sign-in-failed', sub: identity.sub, flow: FLOW, reason: identity.status });
        throw error;
    }
    const session = await openSession(ctx.db, identity.sub, ctx.config.clientId, ctx.config.refreshTokenTtlSeconds, now);
    const tokens = await issueTokens(ctx.keys, ctx.config, identity, session, now);
    await auditIdentityEvent(ctx.db, ctx.request, { action: 'sign-in', sub: identity.sub, flow: FLOW });
    return { ChallengeParameters: {}, AuthenticationResult: { ...tokens, RefreshToken: session.refreshToken } };
}
