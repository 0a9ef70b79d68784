import { auditIdentityEvent } from '../audit.js';
import { claimChallenge, consumeChallenge, openChallenge } from '../challenges.js';
import { invalidParameter } from '../cognito-error.js';
import type { OperationContext } from '../context.js';
import { codeMismatchOnSetup, storeVerifiedTotp } from '../mfa-changes.js';
import { acceptedTotpStep, newTotpSecret, openTotpSecret, sealTotpSecret } from '../totp.js';
import { challengeIdentity } from './challenge-identity.js';
import { completeSignIn } from './next-step.js';
import type { InitiateAuthResult } from './types.js';

const FLOW = 'MFA_SETUP';

/**
 * The MFA_SETUP challenge (protocol §2.3): AssociateSoftwareToken {Session} hands out a secret
 * and a new Session, VerifySoftwareToken {Session} checks a code and hands out another, and
 * RespondToAuthChallenge MFA_SETUP with that one issues the tokens. Each step consumes its
 * Session; the secret travels sealed in the challenge row, never in the Session itself.
 */
export async function associateDuringSignIn(
    ctx: OperationContext,
    session: string,
): Promise<{ SecretCode: string; Session: string }> {
    const now = new Date();
    const row = await claimChallenge(ctx.db, session, FLOW, now);
    const identity = await challengeIdentity(ctx, row);
    const secret = newTotpSecret();
    const next = await ctx.db.transaction(async (tx) => {
        await consumeChallenge(tx, row, now);
        await auditIdentityEvent(tx, ctx.request, {
            action: 'mfa-setup',
            sub: identity.sub,
            flow: FLOW,
            reason: 'associated',
        });
        return openChallenge(
            tx,
            identity.sub,
            FLOW,
            { totpSecret: sealTotpSecret(secret, identity.sub, ctx.config.keySecret) },
            now,
        );
    });
    return { SecretCode: secret, Session: next };
}

/** VerifySoftwareToken {Session}: a right code enables MFA at once, as the identity must have it. */
export async function verifyDuringSignIn(
    ctx: OperationContext,
    session: string,
    code: string,
): Promise<{ Status: 'SUCCESS'; Session: string }> {
    const now = new Date();
    const row = await claimChallenge(ctx.db, session, FLOW, now);
    const identity = await challengeIdentity(ctx, row);
    if (!row.totpSecret)
        throw invalidParameter('Call AssociateSoftwareToken with this Session first.');
    const step = await acceptedTotpStep(
        openTotpSecret(row.totpSecret, identity.sub, ctx.config.keySecret),
        code,
        null,
        now,
    );
    if (step === undefined) {
        await auditIdentityEvent(ctx.db, ctx.request, {
            action: 'challenge-failed',
            sub: identity.sub,
            flow: FLOW,
            reason: 'code-mismatch',
        });
        throw codeMismatchOnSetup();
    }
    const sealedSecret = row.totpSecret;
    const next = await ctx.db.transaction(async (tx) => {
        await consumeChallenge(tx, row, now);
        await storeVerifiedTotp(tx, ctx, identity, { sealedSecret, step, enable: true }, now);
        return openChallenge(tx, identity.sub, FLOW, { totpVerified: true }, now);
    });
    return { Status: 'SUCCESS', Session: next };
}

/** RespondToAuthChallenge MFA_SETUP with the Session VerifySoftwareToken returned: the tokens. */
export async function answerMfaSetup(
    ctx: OperationContext,
    session: string,
    responses: Record<string, string>,
): Promise<InitiateAuthResult> {
    const now = new Date();
    const row = await claimChallenge(ctx.db, session, FLOW, now);
    const identity = await challengeIdentity(ctx, row, responses.USERNAME);
    if (!row.totpVerified)
        throw invalidParameter('Verify the software token with VerifySoftwareToken first.');
    await ctx.db.transaction(async (tx) => {
        await consumeChallenge(tx, row, now);
        await auditIdentityEvent(tx, ctx.request, {
            action: 'challenge-passed',
            sub: identity.sub,
            flow: FLOW,
        });
    });
    return completeSignIn(ctx, { ...identity, mfaEnabled: true }, FLOW, now);
}
