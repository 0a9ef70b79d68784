import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { identityUsers } from '../../db/schema/index.js';
import { auditAdmin, userForAdmin } from '../admin-users.js';
import { defineOperation } from './operation.js';
import { UserPoolId, Username } from './schemas.js';

const AdminEnableUserInput = Type.Object({ UserPoolId, Username });

/** AdminEnableUser: the identity may sign in again (its old sessions stay revoked). */
export const adminEnableUser = defineOperation(
    'AdminEnableUser',
    AdminEnableUserInput,
    async (input, ctx) => {
        const identity = await userForAdmin(ctx, input.UserPoolId, input.Username);
        await ctx.db.transaction(async (tx) => {
            await tx
                .update(identityUsers)
                .set({ enabled: true, updatedAt: new Date() })
                .where(eq(identityUsers.sub, identity.sub));
            await auditAdmin(tx, ctx, 'admin-enable-user', identity.sub);
        });
        return {};
    },
    'sigv4',
);
