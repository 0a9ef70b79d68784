import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { identityUsers } from '../../db/schema/index.js';
import { invalidParameter } from '../cognito-error.js';
import { recordMfaChange } from '../mfa-changes.js';
import { mfaRequired } from '../mfa-requirement.js';
import { assertRecentSignIn } from '../recency.js';
import { signedIn } from '../signed-in.js';
import { defineOperation } from './operation.js';
import { JwtToken } from './schemas.js';

const MfaSettings = Type.Optional(
    Type.Object({
        Enabled: Type.Optional(Type.Boolean()),
        PreferredMfa: Type.Optional(Type.Boolean()),
    }),
);
const SetUserMFAPreferenceInput = Type.Object({
    AccessToken: JwtToken,
    SoftwareTokenMfaSettings: MfaSettings,
    SMSMfaSettings: MfaSettings,
    EmailMfaSettings: MfaSettings,
});

/**
 * SetUserMFAPreference (Amplify's updateMFAPreference): turns TOTP MFA on (only with a verified
 * token, else InvalidParameterException as Cognito) or off. Needs a recent sign-in; identities
 * that must have MFA (`custom:mfa_setup`, or their organisation requires it) cannot turn it off. SMS and e-mail MFA are not offered.
 */
export const setUserMfaPreference = defineOperation(
    'SetUserMFAPreference',
    SetUserMFAPreferenceInput,
    async (input, ctx) => {
        const now = new Date();
        const { identity, session } = await signedIn(ctx, input.AccessToken);
        if (input.SMSMfaSettings?.Enabled || input.EmailMfaSettings?.Enabled)
            throw invalidParameter('Only software token MFA is available in this user pool.');
        const enabled = input.SoftwareTokenMfaSettings?.Enabled;
        if (enabled === undefined || enabled === identity.mfaEnabled) return {};
        assertRecentSignIn(session, now);
        if (enabled && !identity.totpSecret)
            throw invalidParameter('User has not verified software token mfa');
        if (!enabled && (await mfaRequired(ctx.db, identity)))
            throw invalidParameter('MFA is required for this user and cannot be turned off.');
        await ctx.db.transaction(async (tx) => {
            await tx
                .update(identityUsers)
                .set({ mfaEnabled: enabled, updatedAt: now })
                .where(eq(identityUsers.sub, identity.sub));
            await recordMfaChange(
                tx,
                ctx,
                identity,
                enabled ? 'mfa-enabled' : 'mfa-disabled',
                session.originJti,
                now,
            );
        });
        return {};
    },
);
