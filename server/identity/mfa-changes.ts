import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { identityUsers } from '../db/schema/index.js';
import { auditIdentityEvent } from './audit.js';
import { CognitoError } from './cognito-error.js';
import type { OperationContext } from './context.js';
import type { Identity } from './directory.js';
import { notifyIdentity } from './notify.js';
import { revokeAllSessions, revokeOtherSessions } from './sessions.js';

/** Cognito's answer to a wrong code in VerifySoftwareToken (never `Status: ERROR`, which Amplify ignores). */
export const codeMismatchOnSetup = () =>
    new CognitoError('EnableSoftwareTokenMFAException', 'Code mismatch');

/**
 * Ends the other sessions after an MFA change (ASVS 7.4.3): all of them during sign-in, where
 * the caller has no session yet; all but the caller's when signed in.
 */
async function endOtherSessions(
    tx: Queryable,
    sub: string,
    keepOriginJti: string | undefined,
    now: Date,
): Promise<void> {
    if (keepOriginJti) await revokeOtherSessions(tx, sub, keepOriginJti, now);
    else await revokeAllSessions(tx, sub, now);
}

export interface TotpEnrolment {
    /** The verified secret, sealed for this identity. */
    sealedSecret: string;
    step: number;
    /** Turn MFA on now (sign-in MFA_SETUP); when signed in, SetUserMFAPreference does. */
    enable: boolean;
    /** The caller's session, kept when signed in. */
    keepOriginJti?: string;
}

/** Stores a verified TOTP secret (and enables MFA when asked); notifies and ends other sessions when sign-in changes. */
export async function storeVerifiedTotp(
    tx: Queryable,
    ctx: OperationContext,
    identity: Identity,
    enrolment: TotpEnrolment,
    now: Date,
): Promise<void> {
    const mfaEnabled = enrolment.enable || identity.mfaEnabled;
    await tx
        .update(identityUsers)
        .set({
            totpSecret: enrolment.sealedSecret,
            totpPendingSecret: null,
            totpLastStep: enrolment.step,
            mfaEnabled,
            mfaFailedAttempts: 0,
            mfaLastFailedAt: null,
            mfaLockedUntil: null,
            updatedAt: now,
        })
        .where(eq(identityUsers.sub, identity.sub));
    await auditIdentityEvent(tx, ctx.request, {
        action: 'mfa-setup',
        sub: identity.sub,
        reason: 'verified',
    });
    // Sign-in only changes when MFA is on: a new device for it, or MFA turned on.
    if (mfaEnabled)
        await recordMfaChange(tx, ctx, identity, 'mfa-enabled', enrolment.keepOriginJti, now);
}

/** The effects of turning MFA on or off, or replacing its device: audit, e-mail, other sessions ended. */
export async function recordMfaChange(
    tx: Queryable,
    ctx: OperationContext,
    identity: Identity,
    change: 'mfa-enabled' | 'mfa-disabled',
    keepOriginJti: string | undefined,
    now: Date,
): Promise<void> {
    await endOtherSessions(tx, identity.sub, keepOriginJti, now);
    await notifyIdentity(tx, identity, change, {});
    await auditIdentityEvent(tx, ctx.request, { action: change, sub: identity.sub });
}
