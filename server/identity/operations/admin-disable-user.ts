import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { identityUsers } from '../../db/schema/index.js';
import { auditAdmin, userForAdmin } from '../admin-users.js';
import { signOutEverywhere } from '../sessions.js';
import { defineOperation } from './operation.js';
import { UserPoolId, Username } from './schemas.js';

const AdminDisableUserInput = Type.Object({ UserPoolId, Username });

/** AdminDisableUser: sign-in refused, and every session and token revoked at once (ASVS 7.4.2). */
export const adminDisableUser = defineOperation(
    'AdminDisableUser',
    AdminDisableUserInput,
    async (input, ctx) => {
        const identity = await userForAdmin(ctx, input.UserPoolId, input.Username);
        const now = new Date();
        await ctx.db.transaction(async (tx) => {
            await tx
                .update(identityUsers)
                .set({ enabled: false, updatedAt: now })
                .where(eq(identityUsers.sub, identity.sub));
            await signOutEverywhere(tx, identity.sub, now);
            await auditAdmin(tx, ctx, 'admin-disable-user', identity.sub);
        });
        return {};
    },
    'sigv4',
);
