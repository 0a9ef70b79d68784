import { auditIdentityEvent } from './audit.js';
import { notAuthorized } from './cognito-error.js';
import type { OperationContext } from './context.js';
import { findIdentityByUsername, type Identity } from './directory.js';
import { claimLockoutAttempt, clearLockout } from './lockout-store.js';
import { verifyPassword } from './passwords.js';

const INCORRECT_CREDENTIALS = 'Incorrect username or password.';
export const PASSWORD_ATTEMPTS_EXCEEDED = 'Password attempts exceeded';

/** Same Argon2id parameters as real hashes, so unknown users cost the same time as known ones. */
const DUMMY_HASH =
    '$argon2id$v=19$m=19456,p=1,t=2$cq0mfXWRZ9RWKi2ZkM/CJw$oqhqNZ+cnpHcbfK/gScZPZFTyr7WVaI8rFca/JD8AJI';

/**
 * Checks the password of a known identity with Cognito's lockout (protocol §5.1): the attempt
 * is counted before the slow check and cleared when the password is right. Used by sign-in
 * and by ChangePassword (the previous password), so both count toward the same lockout.
 */
export async function verifyIdentityPassword(
    ctx: OperationContext,
    identity: Identity,
    password: string,
    flow: string,
): Promise<void> {
    const { db, request } = ctx;
    const claim = await claimLockoutAttempt(db, identity.sub, 'password', new Date());
    if (claim === 'locked') {
        await auditIdentityEvent(db, request, {
            action: 'sign-in-locked',
            sub: identity.sub,
            flow,
            reason: 'attempt-while-locked',
        });
        throw notAuthorized(PASSWORD_ATTEMPTS_EXCEEDED);
    }
    if (!identity.passwordHash || !(await verifyPassword(identity.passwordHash, password))) {
        await auditIdentityEvent(db, request, {
            action: 'sign-in-failed',
            sub: identity.sub,
            flow,
            reason: 'wrong-password',
        });
        if (claim.lockedUntil)
            await auditIdentityEvent(db, request, {
                action: 'sign-in-locked',
                sub: identity.sub,
                flow,
                reason: 'lock-started',
            });
        throw notAuthorized(INCORRECT_CREDENTIALS);
    }
    await clearLockout(db, identity.sub, 'password');
}

/**
 * Checks a sign-in password with Cognito's answers and lockout (protocol §5.1): Argon2 always
 * runs (a fixed dummy hash for unknown names), the password is used exactly as received, and
 * a disabled identity is only revealed once its password was right.
 */
export async function checkPassword(
    ctx: OperationContext,
    username: string,
    password: string,
    flow: string,
): Promise<Identity> {
    const { db, request } = ctx;
    const identity = await findIdentityByUsername(db, username);
    if (!identity?.passwordHash) {
        await verifyPassword(DUMMY_HASH, password);
        await auditIdentityEvent(db, request, {
            action: 'sign-in-failed',
            sub: identity?.sub,
            flow,
            reason: identity ? 'no-password' : 'unknown-user',
        });
        throw notAuthorized(INCORRECT_CREDENTIALS);
    }
    await verifyIdentityPassword(ctx, identity, password, flow);
    if (!identity.enabled) {
        await auditIdentityEvent(db, request, {
            action: 'sign-in-failed',
            sub: identity.sub,
            flow,
            reason: 'disabled',
        });
        throw notAuthorized('User is disabled.');
    }
    return identity;
}
