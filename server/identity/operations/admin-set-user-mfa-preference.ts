import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { identityUsers } from '../../db/schema/index.js';
import { auditAdmin, userForAdmin } from '../admin-users.js';
import { invalidParameter } from '../cognito-error.js';
import { notifyIdentity } from '../notify.js';
import { signOutEverywhere } from '../sessions.js';
import { defineOperation } from './operation.js';
import { UserPoolId, Username } from './schemas.js';

const MfaSettings = Type.Optional(
    Type.Object({
        Enabled: Type.Optional(Type.Boolean()),
        PreferredMfa: Type.Optional(Type.Boolean()),
    }),
);
const AdminSetUserMFAPreferenceInput = Type.Object({
    UserPoolId,
    Username,
    SoftwareTokenMfaSettings: MfaSettings,
    SMSMfaSettings: MfaSettings,
    EmailMfaSettings: MfaSettings,
});

/**
 * AdminSetUserMFAPreference: an administrator resets a user's MFA (a lost authenticator).
 * Only turning TOTP off is served, and it also forgets the secret (pending and verified), so the
 * next sign-in asks for no code, or sets up a new authenticator when the user must have MFA.
 * Cognito keeps the secret; forgetting it is our reset (docs/identity.md). Ends the user's
 * sessions, tells the user by e-mail and is audited.
 */
export const adminSetUserMfaPreference = defineOperation(
    'AdminSetUserMFAPreference',
    AdminSetUserMFAPreferenceInput,
    async (input, ctx) => {
        const identity = await userForAdmin(ctx, input.UserPoolId, input.Username);
        if (input.SMSMfaSettings?.Enabled || input.EmailMfaSettings?.Enabled)
            throw invalidParameter('Only software token MFA is available in this user pool.');
        if (input.SoftwareTokenMfaSettings?.Enabled !== false)
            throw invalidParameter(
                'Only turning software token MFA off is served by this endpoint.',
            );
        const now = new Date();
        await ctx.db.transaction(async (tx) => {
            await tx
                .update(identityUsers)
                .set({
                    mfaEnabled: false,
                    totpSecret: null,
                    totpPendingSecret: null,
                    totpLastStep: null,
                    mfaFailedAttempts: 0,
                    mfaLastFailedAt: null,
                    mfaLockedUntil: null,
                    updatedAt: now,
                })
                .where(eq(identityUsers.sub, identity.sub));
            await signOutEverywhere(tx, identity.sub);
            if (identity.mfaEnabled) await notifyIdentity(tx, identity, 'mfa-disabled', {});
            await auditAdmin(tx, ctx, 'admin-set-user-mfa-preference', identity.sub, 'reset');
        });
        return {};
    },
    'sigv4',
);
