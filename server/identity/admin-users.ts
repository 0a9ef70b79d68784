import type { Queryable } from '../db/client.js';
import { auditIdentityEvent, type IdentityAuditAction } from './audit.js';
import { CognitoError } from './cognito-error.js';
import { assertUserPool, type OperationContext } from './context.js';
import { findIdentityByUsername, type Identity } from './directory.js';
import { attributeList } from './user-attributes.js';

/**
 * The identity an admin call names. Admin calls are authenticated (SigV4), so unlike the
 * public operations they may say that a user does not exist.
 */
export async function userForAdmin(
    ctx: OperationContext,
    userPoolId: string,
    username: string,
): Promise<Identity> {
    assertUserPool(ctx, userPoolId);
    const identity = await findIdentityByUsername(ctx.db, username);
    if (!identity) throw new CognitoError('UserNotFoundException', 'User does not exist.');
    return identity;
}

/** JSON 1.1 timestamps are epoch seconds. */
const epochSeconds = (date: Date) => date.getTime() / 1000;

/** Cognito's UserType (AdminCreateUser) and the common part of AdminGetUser. */
export function userType(identity: Identity) {
    return {
        Username: identity.username,
        UserCreateDate: epochSeconds(identity.createdAt),
        UserLastModifiedDate: epochSeconds(identity.updatedAt),
        Enabled: identity.enabled,
        UserStatus: identity.status,
    };
}

/** Cognito's UserType with its `Attributes`. */
export const userTypeWithAttributes = (identity: Identity) => ({
    ...userType(identity),
    Attributes: attributeList(identity),
});

/** Audits an admin call; the actor is the access key that signed it. */
export function auditAdmin(
    db: Queryable,
    ctx: OperationContext,
    action: IdentityAuditAction & `admin-${string}`,
    sub: string,
    reason?: string,
): Promise<void> {
    return auditIdentityEvent(db, ctx.request, {
        action,
        sub,
        reason,
        details: { accessKeyId: ctx.adminAccessKeyId ?? 'unknown' },
    });
}
