import { Type } from 'typebox';
import { auditAdmin, userForAdmin } from '../admin-users.js';
import { signOutEverywhere } from '../sessions.js';
import { defineOperation } from './operation.js';
import { UserPoolId, Username } from './schemas.js';

const AdminUserGlobalSignOutInput = Type.Object({ UserPoolId, Username });

/** AdminUserGlobalSignOut: an administrator ends every session of a user (ASVS 7.4.5). */
export const adminUserGlobalSignOut = defineOperation(
    'AdminUserGlobalSignOut',
    AdminUserGlobalSignOutInput,
    async (input, ctx) => {
        const identity = await userForAdmin(ctx, input.UserPoolId, input.Username);
        await ctx.db.transaction(async (tx) => {
            await signOutEverywhere(tx, identity.sub);
            await auditAdmin(tx, ctx, 'admin-user-global-sign-out', identity.sub);
        });
        return {};
    },
    'sigv4',
);
