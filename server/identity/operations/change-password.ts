import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { identityUsers } from '../../db/schema/index.js';
import { auditIdentityEvent } from '../audit.js';
import { notifyIdentity } from '../notify.js';
import { verifyIdentityPassword } from '../password-check.js';
import { assertPasswordPolicy } from '../password-policy.js';
import { hashPassword } from '../passwords.js';
import { throttle } from '../rate-limit.js';
import { revokeOtherSessions } from '../sessions.js';
import { signedIn } from '../signed-in.js';
import { defineOperation } from './operation.js';
import { JwtToken, Password } from './schemas.js';

const ChangePasswordInput = Type.Object({
    AccessToken: JwtToken,
    PreviousPassword: Password,
    ProposedPassword: Password,
});

/**
 * ChangePassword (Amplify's updatePassword): needs the current password (a wrong one is
 * NotAuthorizedException and counts toward lockout), checks the policy (InvalidPasswordException),
 * then keeps the caller's session and ends every other one (ASVS 7.4.3) and notifies the user.
 */
export const changePassword = defineOperation(
    'ChangePassword',
    ChangePasswordInput,
    async (input, ctx) => {
        await throttle(ctx, 'password');
        const { identity, session } = await signedIn(ctx, input.AccessToken);
        assertPasswordPolicy(input.ProposedPassword);
        await verifyIdentityPassword(ctx, identity, input.PreviousPassword, 'ChangePassword');
        const passwordHash = await hashPassword(input.ProposedPassword);
        const now = new Date();
        await ctx.db.transaction(async (tx) => {
            await tx
                .update(identityUsers)
                .set({ passwordHash, updatedAt: now })
                .where(eq(identityUsers.sub, identity.sub));
            await revokeOtherSessions(tx, identity.sub, session.originJti, now);
            await notifyIdentity(tx, identity, 'password-changed', {});
            await auditIdentityEvent(tx, ctx.request, {
                action: 'password-changed',
                sub: identity.sub,
                flow: 'ChangePassword',
            });
        });
        return {};
    },
);
