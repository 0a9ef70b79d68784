import { eq } from 'drizzle-orm';
import { identityUsers } from '../../db/schema/index.js';
import { auditIdentityEvent } from '../audit.js';
import { invalidParameter } from '../cognito-error.js';
import type { OperationContext } from '../context.js';
import { codeMismatchOnSetup, storeVerifiedTotp } from '../mfa-changes.js';
import { assertRecentSignIn } from '../recency.js';
import { signedIn } from '../signed-in.js';
import { acceptedTotpStep, newTotpSecret, openTotpSecret, sealTotpSecret } from '../totp.js';

/**
 * AssociateSoftwareToken {AccessToken} (Amplify's setUpTOTP): a new secret, pending until
 * verified, so an MFA device in use keeps working meanwhile. Needs a recent sign-in.
 */
export async function associateSignedIn(
    ctx: OperationContext,
    accessToken: string,
): Promise<{ SecretCode: string }> {
    const { identity, session } = await signedIn(ctx, accessToken);
    assertRecentSignIn(session);
    const secret = newTotpSecret();
    await ctx.db.transaction(async (tx) => {
        await tx
            .update(identityUsers)
            .set({
                totpPendingSecret: sealTotpSecret(secret, identity.sub, ctx.config.keySecret),
                updatedAt: new Date(),
            })
            .where(eq(identityUsers.sub, identity.sub));
        await auditIdentityEvent(tx, ctx.request, {
            action: 'mfa-setup',
            sub: identity.sub,
            flow: 'AssociateSoftwareToken',
            reason: 'associated',
        });
    });
    return { SecretCode: secret };
}

/**
 * VerifySoftwareToken {AccessToken} (Amplify's verifyTOTPSetup): the pending secret becomes the
 * verified one. MFA is turned on by SetUserMFAPreference, the order Amplify's docs use.
 */
export async function verifySignedIn(
    ctx: OperationContext,
    accessToken: string,
    code: string,
): Promise<{ Status: 'SUCCESS' }> {
    const now = new Date();
    const { identity, session } = await signedIn(ctx, accessToken);
    assertRecentSignIn(session, now);
    if (!identity.totpPendingSecret)
        throw invalidParameter(
            'No software token is associated with the user: call AssociateSoftwareToken first.',
        );
    const pending = identity.totpPendingSecret;
    const step = await acceptedTotpStep(
        openTotpSecret(pending, identity.sub, ctx.config.keySecret),
        code,
        null,
        now,
    );
    if (step === undefined) {
        await auditIdentityEvent(ctx.db, ctx.request, {
            action: 'mfa-setup',
            sub: identity.sub,
            flow: 'VerifySoftwareToken',
            reason: 'code-mismatch',
        });
        throw codeMismatchOnSetup();
    }
    await ctx.db.transaction((tx) =>
        storeVerifiedTotp(
            tx,
            ctx,
            identity,
            { sealedSecret: pending, step, enable: false, keepOriginJti: session.originJti },
            now,
        ),
    );
    return { Status: 'SUCCESS' };
}
