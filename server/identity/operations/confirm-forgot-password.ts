import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { identityUsers } from '../../db/schema/index.js';
import { auditIdentityEvent } from '../audit.js';
import { CognitoError, notAuthorized } from '../cognito-error.js';
import { assertClient } from '../context.js';
import { findIdentityBySub } from '../directory.js';
import { notifyIdentity } from '../notify.js';
import { assertPasswordPolicy } from '../password-policy.js';
import { hashPassword } from '../passwords.js';
import { throttle } from '../rate-limit.js';
import { checkResetCode, type ResetCodeVerdict } from '../reset-codes.js';
import { signOutEverywhere } from '../sessions.js';
import { defineOperation } from './operation.js';
import { ClientId, ClientMetadata, ConfirmationCode, Password, Username } from './schemas.js';

const ConfirmForgotPasswordInput = Type.Object({
    ClientId,
    Username,
    ConfirmationCode,
    Password,
    ClientMetadata,
});

const REFUSALS: Record<Exclude<ResetCodeVerdict['kind'], 'accepted'>, () => CognitoError> = {
    mismatch: () =>
        new CognitoError(
            'CodeMismatchException',
            'Invalid verification code provided, please try again.',
        ),
    expired: () =>
        new CognitoError(
            'ExpiredCodeException',
            'Invalid code provided, please request a code again.',
        ),
    exhausted: () =>
        new CognitoError(
            'LimitExceededException',
            'Attempt limit exceeded, please try after some time.',
        ),
};

/**
 * ConfirmForgotPassword (Amplify's confirmResetPassword): with the right code the password is
 * set, RESET_REQUIRED and the lockout are cleared and every session ends. MFA stays on
 * (ASVS 6.4.3): the next sign-in still asks for the code.
 */
export const confirmForgotPassword = defineOperation(
    'ConfirmForgotPassword',
    ConfirmForgotPasswordInput,
    async (input, ctx) => {
        assertClient(ctx, input.ClientId);
        await throttle(ctx, 'password');
        assertPasswordPolicy(input.Password);
        const verdict = await checkResetCode(ctx.db, input.Username, input.ConfirmationCode);
        if (verdict.kind !== 'accepted') {
            await auditIdentityEvent(ctx.db, ctx.request, {
                action: 'password-reset-failed',
                sub: verdict.sub ?? undefined,
                reason: verdict.kind,
            });
            throw REFUSALS[verdict.kind]();
        }
        const identity = await findIdentityBySub(ctx.db, verdict.sub);
        if (!identity?.enabled) throw notAuthorized('User is disabled.');
        const passwordHash = await hashPassword(input.Password);
        const now = new Date();
        await ctx.db.transaction(async (tx) => {
            await tx
                .update(identityUsers)
                .set({
                    passwordHash,
                    status: 'CONFIRMED',
                    temporaryPasswordExpiresAt: null,
                    failedAttempts: 0,
                    lastFailedAt: null,
                    lockedUntil: null,
                    updatedAt: now,
                })
                .where(eq(identityUsers.sub, identity.sub));
            await signOutEverywhere(tx, identity.sub, now);
            await notifyIdentity(tx, identity, 'password-reset', {});
            await auditIdentityEvent(tx, ctx.request, {
                action: 'password-reset',
                sub: identity.sub,
            });
        });
        return {};
    },
);
