import { notAuthorized } from './cognito-error.js';
import type { OperationContext } from './context.js';
import type { Identity } from './directory.js';
import type { SessionRow } from './sessions.js';
import type { VerifiedAccessToken } from './types.js';
import { INVALID_ACCESS_TOKEN } from './verify.js';

/** The caller of an operation that takes an AccessToken. */
export interface SignedIn {
    token: VerifiedAccessToken;
    identity: Identity;
    session: SessionRow;
}

/** Verifies the AccessToken (signature, expiry, revocation) and returns its identity and sign-in session. */
export async function signedIn(ctx: OperationContext, accessToken: string): Promise<SignedIn> {
    const { token, identity, session } = await ctx.verifyAccess(accessToken);
    if (!identity || !session) throw notAuthorized(INVALID_ACCESS_TOKEN);
    return { token, identity, session };
}
