import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { identityUsers } from '../../db/schema/index.js';
import { auditAdmin, userForAdmin } from '../admin-users.js';
import { notifyIdentity } from '../notify.js';
import { assertPasswordPolicy } from '../password-policy.js';
import { hashPassword } from '../passwords.js';
import { signOutEverywhere } from '../sessions.js';
import { defineOperation } from './operation.js';
import { Password, UserPoolId, Username } from './schemas.js';

const AdminSetUserPasswordInput = Type.Object({
    UserPoolId,
    Username,
    Password,
    Permanent: Type.Optional(Type.Boolean()),
});

/**
 * AdminSetUserPassword: Permanent → CONFIRMED; otherwise a temporary password (FORCE_CHANGE_PASSWORD,
 * valid TEMP_PASSWORD_VALIDITY_DAYS). Unlike Cognito, the user's sessions end and the user is
 * told by e-mail: a password set by someone else should not leave old sessions running.
 */
export const adminSetUserPassword = defineOperation(
    'AdminSetUserPassword',
    AdminSetUserPasswordInput,
    async (input, ctx) => {
        const identity = await userForAdmin(ctx, input.UserPoolId, input.Username);
        assertPasswordPolicy(input.Password);
        const passwordHash = await hashPassword(input.Password);
        const now = new Date();
        const permanent = input.Permanent === true;
        const validityMs = ctx.config.temporaryPasswordValidityDays * 24 * 60 * 60 * 1000;
        await ctx.db.transaction(async (tx) => {
            await tx
                .update(identityUsers)
                .set({
                    passwordHash,
                    status: permanent ? 'CONFIRMED' : 'FORCE_CHANGE_PASSWORD',
                    temporaryPasswordExpiresAt: permanent
                        ? null
                        : new Date(now.getTime() + validityMs),
                    failedAttempts: 0,
                    lastFailedAt: null,
                    lockedUntil: null,
                    updatedAt: now,
                })
                .where(eq(identityUsers.sub, identity.sub));
            await signOutEverywhere(tx, identity.sub, now);
            await notifyIdentity(tx, identity, 'password-set-by-admin', {});
            await auditAdmin(
                tx,
                ctx,
                'admin-set-user-password',
                identity.sub,
                permanent ? 'permanent' : 'temporary',
            );
        });
        return {};
    },
    'sigv4',
);
