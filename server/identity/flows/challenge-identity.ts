import type { ChallengeRow } from '../challenges.js';
import { notAuthorized, sessionExpired } from '../cognito-error.js';
import type { OperationContext } from '../context.js';
import { canonicalUsername, findIdentityBySub, type Identity } from '../directory.js';

/**
 * The identity a claimed Session is bound to. A Session answered for another USERNAME is
 * refused like an expired one; an identity disabled meanwhile is refused as at sign-in.
 */
export async function challengeIdentity(
    ctx: OperationContext,
    row: ChallengeRow,
    username?: string,
): Promise<Identity> {
    const identity = await findIdentityBySub(ctx.db, row.sub);
    if (!identity) throw sessionExpired();
    if (username !== undefined && canonicalUsername(username) !== identity.username)
        throw sessionExpired();
    if (!identity.enabled) throw notAuthorized('User is disabled.');
    return identity;
}
