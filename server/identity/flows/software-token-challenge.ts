import { auditIdentityEvent } from '../audit.js';
import { claimChallenge, consumeChallenge } from '../challenges.js';
import { CognitoError, invalidParameter, notAuthorized, sessionExpired } from '../cognito-error.js';
import type { OperationContext } from '../context.js';
import { claimLockoutAttempt, clearLockout } from '../lockout-store.js';
import { PASSWORD_ATTEMPTS_EXCEEDED } from '../password-check.js';
import { acceptedTotpStep, openTotpSecret } from '../totp.js';
import { recordTotpStep } from '../totp-store.js';
import { challengeIdentity } from './challenge-identity.js';
import { completeSignIn } from './next-step.js';
import type { InitiateAuthResult } from './types.js';

const FLOW = 'SOFTWARE_TOKEN_MFA';

/**
 * RespondToAuthChallenge SOFTWARE_TOKEN_MFA: the TOTP code, each time step once, with its own
 * lockout (5 wrong codes lock like passwords, protocol §5.1). A wrong code keeps the Session
 * usable (up to its attempt limit); the right one consumes it and issues tokens.
 */
export async function answerSoftwareToken(
    ctx: OperationContext,
    session: string,
    responses: Record<string, string>,
): Promise<InitiateAuthResult> {
    const now = new Date();
    const row = await claimChallenge(ctx.db, session, FLOW, now);
    const identity = await challengeIdentity(ctx, row, responses.USERNAME);
    const code = responses.SOFTWARE_TOKEN_MFA_CODE;
    if (code === undefined)
        throw invalidParameter('Missing required parameter SOFTWARE_TOKEN_MFA_CODE');
    if (!identity.mfaEnabled || !identity.totpSecret) throw sessionExpired();

    const claim = await claimLockoutAttempt(ctx.db, identity.sub, 'mfa', now);
    if (claim === 'locked') {
        await auditIdentityEvent(ctx.db, ctx.request, {
            action: 'sign-in-locked',
            sub: identity.sub,
            flow: FLOW,
            reason: 'attempt-while-locked',
        });
        throw notAuthorized(PASSWORD_ATTEMPTS_EXCEEDED);
    }
    const secret = openTotpSecret(identity.totpSecret, identity.sub, ctx.config.keySecret);
    const step = await acceptedTotpStep(secret, code, identity.totpLastStep, now);
    if (step === undefined || !(await recordTotpStep(ctx.db, identity.sub, step))) {
        await auditIdentityEvent(ctx.db, ctx.request, {
            action: 'challenge-failed',
            sub: identity.sub,
            flow: FLOW,
            reason: 'code-mismatch',
        });
        if (claim.lockedUntil)
            await auditIdentityEvent(ctx.db, ctx.request, {
                action: 'sign-in-locked',
                sub: identity.sub,
                flow: FLOW,
                reason: 'lock-started',
            });
        throw new CognitoError('CodeMismatchException', 'Invalid code received for user');
    }
    await ctx.db.transaction(async (tx) => {
        await consumeChallenge(tx, row, now);
        await clearLockout(tx, identity.sub, 'mfa');
        await auditIdentityEvent(tx, ctx.request, {
            action: 'challenge-passed',
            sub: identity.sub,
            flow: FLOW,
        });
    });
    return completeSignIn(ctx, identity, FLOW, now);
}
