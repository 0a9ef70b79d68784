import type { ChallengeName } from '../../db/schema/index.js';
import { auditIdentityEvent } from '../audit.js';
import { openChallenge } from '../challenges.js';
import { notAuthorized } from '../cognito-error.js';
import { mustSetUpMfa } from '../mfa-requirement.js';
import type { OperationContext } from '../context.js';
import type { Identity } from '../directory.js';
import { openSession } from '../sessions.js';
import { issueTokens } from '../tokens.js';
import { userAttributes } from '../user-attributes.js';
import type { InitiateAuthResult } from './types.js';

const TEMPORARY_PASSWORD_EXPIRED =
    'Temporary password has expired and must be reset by an administrator.';

function challengeParameters(identity: Identity, name: ChallengeName): Record<string, string> {
    if (name === 'MFA_SETUP') return { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' };
    if (name === 'SOFTWARE_TOKEN_MFA') return {};
    const { sub: _sub, ...attributes } = userAttributes(identity);
    return {
        USER_ID_FOR_SRP: identity.username,
        requiredAttributes: '[]',
        userAttributes: JSON.stringify(attributes),
    };
}

/** Answers with a challenge and its new Session. */
async function challenge(
    ctx: OperationContext,
    identity: Identity,
    name: ChallengeName,
    flow: string,
): Promise<InitiateAuthResult> {
    const Session = await openChallenge(ctx.db, identity.sub, name);
    await auditIdentityEvent(ctx.db, ctx.request, {
        action: 'challenge-issued',
        sub: identity.sub,
        flow,
        reason: name,
    });
    return {
        ChallengeName: name,
        Session,
        ChallengeParameters: challengeParameters(identity, name),
    };
}

/** Opens the sign-in session and answers its tokens (with the refresh token). */
export async function completeSignIn(
    ctx: OperationContext,
    identity: Identity,
    flow: string,
    now = new Date(),
): Promise<InitiateAuthResult> {
    const session = await openSession(
        ctx.db,
        identity.sub,
        ctx.config.clientId,
        ctx.config.refreshTokenTtlSeconds,
        now,
    );
    const tokens = await issueTokens(ctx.keys, ctx.config, identity, session, now);
    await auditIdentityEvent(ctx.db, ctx.request, { action: 'sign-in', sub: identity.sub, flow });
    return {
        ChallengeParameters: {},
        AuthenticationResult: { ...tokens, RefreshToken: session.refreshToken },
    };
}

/**
 * What follows a right password (or an answered NEW_PASSWORD_REQUIRED), in Cognito's order
 * (protocol §2.3): a temporary password must be replaced, then MFA is asked for (or set up
 * when the identity must have it), then tokens.
 */
export async function nextSignInStep(
    ctx: OperationContext,
    identity: Identity,
    flow: string,
    now = new Date(),
): Promise<InitiateAuthResult> {
    if (identity.status === 'FORCE_CHANGE_PASSWORD') {
        const expired =
            identity.temporaryPasswordExpiresAt !== null &&
            identity.temporaryPasswordExpiresAt.getTime() <= now.getTime();
        if (expired) {
            await auditIdentityEvent(ctx.db, ctx.request, {
                action: 'sign-in-failed',
                sub: identity.sub,
                flow,
                reason: 'temporary-password-expired',
            });
            throw notAuthorized(TEMPORARY_PASSWORD_EXPIRED);
        }
        return challenge(ctx, identity, 'NEW_PASSWORD_REQUIRED', flow);
    }
    if (identity.mfaEnabled && identity.totpSecret)
        return challenge(ctx, identity, 'SOFTWARE_TOKEN_MFA', flow);
    if (await mustSetUpMfa(ctx.db, identity)) return challenge(ctx, identity, 'MFA_SETUP', flow);
    return completeSignIn(ctx, identity, flow, now);
}
