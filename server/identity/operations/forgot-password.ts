import { Type } from 'typebox';
import { auditIdentityEvent } from '../audit.js';
import { codeDeliveryDetails } from '../code-delivery.js';
import { CognitoError } from '../cognito-error.js';
import { assertClient } from '../context.js';
import { findIdentityByUsername, type Identity } from '../directory.js';
import { notifyIdentity } from '../notify.js';
import { countHit, throttle } from '../rate-limit.js';
import { newResetCode, RESET_CODE_TTL_MS, storeResetCode, usernameKey } from '../reset-codes.js';
import { defineOperation } from './operation.js';
import { ClientId, ClientMetadata, Username } from './schemas.js';

const ForgotPasswordInput = Type.Object({ ClientId, Username, ClientMetadata });

/** Code requests per username per hour, counted for unknown usernames alike. */
const REQUESTS_PER_USER_PER_HOUR = 5;

/** Who can reset: a confirmed (or reset-required) enabled identity with a verified address, as Cognito. */
const eligible = (identity: Identity | undefined): identity is Identity & { email: string } =>
    identity !== undefined &&
    identity.enabled &&
    identity.emailVerified &&
    Boolean(identity.email) &&
    identity.status !== 'FORCE_CHANGE_PASSWORD';

/**
 * ForgotPassword (Amplify's resetPassword): a 6-digit code by e-mail through the outbox, valid
 * 10 minutes. Unknown and ineligible usernames go through the same steps (a code row, an audit
 * row, the same answer shape) without a mail, so neither the answer nor its timing tells them apart.
 */
export const forgotPassword = defineOperation(
    'ForgotPassword',
    ForgotPasswordInput,
    async (input, ctx) => {
        assertClient(ctx, input.ClientId);
        await throttle(ctx, 'password');
        if (
            (await countHit(
                ctx.db,
                'forgot-password-user',
                usernameKey(input.Username),
                60 * 60 * 1000,
            )) > REQUESTS_PER_USER_PER_HOUR
        ) {
            throw new CognitoError(
                'LimitExceededException',
                'Attempt limit exceeded, please try after some time.',
            );
        }
        const identity = await findIdentityByUsername(ctx.db, input.Username);
        const target = eligible(identity) ? identity : undefined;
        const code = newResetCode();
        await ctx.db.transaction(async (tx) => {
            await storeResetCode(tx, input.Username, target?.sub ?? null, code);
            if (target)
                await notifyIdentity(tx, target, 'password-reset-code', {
                    code,
                    validityMinutes: RESET_CODE_TTL_MS / 60_000,
                });
            await auditIdentityEvent(tx, ctx.request, {
                action: 'password-reset-requested',
                sub: identity?.sub,
                reason: target ? 'code-sent' : identity ? 'not-eligible' : 'unknown-user',
            });
        });
        return {
            CodeDeliveryDetails: codeDeliveryDetails(
                target?.email,
                input.Username,
                ctx.config.keySecret,
            ),
        };
    },
);
