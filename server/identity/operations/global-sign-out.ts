import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { identityUsers } from '../../db/schema/index.js';
import { auditIdentityEvent } from '../audit.js';
import { notAuthorized } from '../cognito-error.js';
import { revokeAllSessions } from '../sessions.js';
import { INVALID_ACCESS_TOKEN } from '../verify.js';
import { defineOperation } from './operation.js';
import { JwtToken } from './schemas.js';

const GlobalSignOutInput = Type.Object({ AccessToken: JwtToken });

/**
 * GlobalSignOut: every session of the caller ends and tokens issued before now are refused.
 * The not-before time is cut to whole seconds because `iat` has second precision: a sign-in
 * in the same second must still work, and older sessions of that second are revoked anyway.
 */
export const globalSignOut = defineOperation('GlobalSignOut', GlobalSignOutInput, async (input, ctx) => {
    const { token, identity } = await ctx.verifyAccess(input.AccessToken);
    if (!identity) throw notAuthorized(INVALID_ACCESS_TOKEN);
    const now = new Date();
    const notBefore = new Date(Math.floor(now.getTime() / 1000) * 1000);
    await ctx.db.transaction(async (tx) => {
        await tx.update(identityUsers).set({ tokensValidAfter: notBefore, updatedAt: now }).where(eq(identityUsers.sub, token.sub));
        await revokeAllSessions(tx, token.sub, now);
    });
    await auditIdentityEvent(ctx.db, ctx.request, { action: 'global-sign-out', sub: token.sub });
    return {};
});
