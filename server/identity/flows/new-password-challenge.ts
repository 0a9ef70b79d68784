import { eq } from 'drizzle-orm';
import { identityUsers } from '../../db/schema/index.js';
import { auditIdentityEvent } from '../audit.js';
import { claimChallenge, consumeChallenge } from '../challenges.js';
import { invalidParameter, sessionExpired } from '../cognito-error.js';
import type { OperationContext } from '../context.js';
import { notifyIdentity } from '../notify.js';
import { assertPasswordPolicy } from '../password-policy.js';
import { hashPassword } from '../passwords.js';
import { challengeIdentity } from './challenge-identity.js';
import { nextSignInStep } from './next-step.js';
import type { InitiateAuthResult } from './types.js';

const FLOW = 'NEW_PASSWORD_REQUIRED';

/**
 * RespondToAuthChallenge NEW_PASSWORD_REQUIRED: the temporary password is replaced, then the
 * sign-in continues (MFA setup or code, or tokens). A policy failure keeps the Session usable.
 * `userAttributes.*` responses are ignored: no attribute is required (requiredAttributes "[]").
 */
export async function answerNewPassword(
    ctx: OperationContext,
    session: string,
    responses: Record<string, string>,
): Promise<InitiateAuthResult> {
    const now = new Date();
    const row = await claimChallenge(ctx.db, session, FLOW, now);
    const identity = await challengeIdentity(ctx, row, responses.USERNAME);
    if (identity.status !== 'FORCE_CHANGE_PASSWORD') throw sessionExpired();
    const password = responses.NEW_PASSWORD;
    if (password === undefined) throw invalidParameter('Missing required parameter NEW_PASSWORD');
    try {
        assertPasswordPolicy(password);
    } catch (error) {
        await auditIdentityEvent(ctx.db, ctx.request, {
            action: 'challenge-failed',
            sub: identity.sub,
            flow: FLOW,
            reason: 'invalid-password',
        });
        throw error;
    }
    const passwordHash = await hashPassword(password);
    await ctx.db.transaction(async (tx) => {
        await consumeChallenge(tx, row, now);
        await tx
            .update(identityUsers)
            .set({
                passwordHash,
                status: 'CONFIRMED',
                temporaryPasswordExpiresAt: null,
                updatedAt: now,
            })
            .where(eq(identityUsers.sub, identity.sub));
        await notifyIdentity(tx, identity, 'password-changed', {});
        await auditIdentityEvent(tx, ctx.request, {
            action: 'challenge-passed',
            sub: identity.sub,
            flow: FLOW,
        });
        await auditIdentityEvent(tx, ctx.request, {
            action: 'password-changed',
            sub: identity.sub,
            flow: FLOW,
        });
    });
    return nextSignInStep(
        ctx,
        { ...identity, passwordHash, status: 'CONFIRMED', temporaryPasswordExpiresAt: null },
        FLOW,
        now,
    );
}
