import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { identityPasswordResetCodes, identityUsers } from '../../db/schema/index.js';
import { auditAdmin, userForAdmin } from '../admin-users.js';
import { usernameKey } from '../reset-codes.js';
import { defineOperation } from './operation.js';
import { UserPoolId, Username } from './schemas.js';

const AdminDeleteUserInput = Type.Object({ UserPoolId, Username });

/** AdminDeleteUser: the identity and (by cascade) its sessions, challenges and reset codes are deleted. */
export const adminDeleteUser = defineOperation(
    'AdminDeleteUser',
    AdminDeleteUserInput,
    async (input, ctx) => {
        const identity = await userForAdmin(ctx, input.UserPoolId, input.Username);
        await ctx.db.transaction(async (tx) => {
            await tx
                .delete(identityPasswordResetCodes)
                .where(eq(identityPasswordResetCodes.usernameKey, usernameKey(identity.username)));
            await tx.delete(identityUsers).where(eq(identityUsers.sub, identity.sub));
            await auditAdmin(tx, ctx, 'admin-delete-user', identity.sub);
        });
        return {};
    },
    'sigv4',
);
