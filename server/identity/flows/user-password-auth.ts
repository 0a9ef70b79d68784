import { auditIdentityEvent } from '../audit.js';
import { CognitoError, invalidParameter } from '../cognito-error.js';
import type { OperationContext } from '../context.js';
import { checkPassword } from '../password-check.js';
import { throttle } from '../rate-limit.js';
import { nextSignInStep } from './next-step.js';
import type { InitiateAuthResult } from './types.js';

const FLOW = 'USER_PASSWORD_AUTH';

/** InitiateAuth USER_PASSWORD_AUTH: throttling, password check and lockout, then a challenge or tokens. */
export async function userPasswordAuth(
    ctx: OperationContext,
    parameters: Record<string, string>,
): Promise<InitiateAuthResult> {
    const username = parameters.USERNAME;
    const password = parameters.PASSWORD;
    if (username === undefined) throw invalidParameter('Missing required parameter USERNAME');
    if (password === undefined) throw invalidParameter('Missing required parameter PASSWORD');
    await throttle(ctx, 'sign-in');
    const identity = await checkPassword(ctx, username, password, FLOW);
    // Revealed only after the right password, so it leaks no account status (protocol §2.2).
    if (identity.status === 'RESET_REQUIRED') {
        await auditIdentityEvent(ctx.db, ctx.request, {
            action: 'sign-in-failed',
            sub: identity.sub,
            flow: FLOW,
            reason: identity.status,
        });
        throw new CognitoError(
            'PasswordResetRequiredException',
            'Password reset required for the user',
        );
    }
    return nextSignInStep(ctx, identity, FLOW);
}
