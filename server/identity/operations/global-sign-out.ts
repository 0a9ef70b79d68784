import { Type } from 'typebox';
import { auditIdentityEvent } from '../audit.js';
import { notAuthorized } from '../cognito-error.js';
import { signOutEverywhere } from '../sessions.js';
import { INVALID_ACCESS_TOKEN } from '../verify.js';
import { defineOperation } from './operation.js';
import { JwtToken } from './schemas.js';

const GlobalSignOutInput = Type.Object({ AccessToken: JwtToken });

/** GlobalSignOut: every session of the caller ends and tokens issued before now are refused. */
export const globalSignOut = defineOperation(
    'GlobalSignOut',
    GlobalSignOutInput,
    async (input, ctx) => {
        const { token, identity } = await ctx.verifyAccess(input.AccessToken);
        if (!identity) throw notAuthorized(INVALID_ACCESS_TOKEN);
        await ctx.db.transaction(async (tx) => {
            await signOutEverywhere(tx, token.sub);
            await auditIdentityEvent(tx, ctx.request, {
                action: 'global-sign-out',
                sub: token.sub,
            });
        });
        return {};
    },
);
