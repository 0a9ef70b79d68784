import { auditIdentityEvent } from './audit.js';
import { notAuthorized } from './cognito-error.js';
import type { OperationContext } from './context.js';
import { findIdentityByUsername, type Identity } from './directory.js';
import { claimLockoutAttempt, claimUnknownUsernameAttempt, clearLockout } from './lockout-store.js';
import { verifyPassword } from './passwords.js';

const INCORRECT_CREDENTIALS = 'Incorrect username or password.';
export const PASSWORD_ATTEMPTS_EXCEEDED = 'Password attempts exceeded';

/** Same Argon2id parameters as real hashes, so unknown users cost the same time as known ones. */
const DUMMY_HASH =
    '$argon2id$v=19$m=19456,p=1,t=2$cq0mfXWRZ9RWKi2ZkM/CJw$oqhqNZ+cnpHcbfK/gScZPZFTyr7WVaI8rFca/JD8AJI';

/**
 * One password attempt with Cognito's lockout (protocol §5.1) and no user enumeration
 * (ASVS 6.3.8, Cognito's PreventUserExistenceErrors): the attempt is counted before the slow
 * check, for an identity on its row and for an unknown username under its key, so both get the
 * same answer at the same attempt. Every path (unknown name, identity without a password, wrong
 * password, locked) runs exactly one Argon2 verification, so time does not tell them apart either.
 * Returns the identity when the password is right.
 */
async function attemptPassword(
    ctx: OperationContext,
    identity: Identity | undefined,
    username: string,
    password: string,
    flow: string,
): Promise<Identity> {
    const { db, request } = ctx;
    const now = new Date();
    const claim = identity
        ? await claimLockoutAttempt(db, identity.sub, 'password', now)
        : await claimUnknownUsernameAttempt(db, username, now);
    const hash = identity?.passwordHash ?? null;
    // Verified even while locked (the verdict is then ignored), so a lock answers no faster.
    const right = (await verifyPassword(hash ?? DUMMY_HASH, password)) && hash !== null;
    const sub = identity?.sub;
    if (claim === 'locked') {
        await auditIdentityEvent(db, request, {
            action: 'sign-in-locked',
            sub,
            flow,
            reason: 'attempt-while-locked',
        });
        throw notAuthorized(PASSWORD_ATTEMPTS_EXCEEDED);
    }
    if (!identity || !right) {
        await auditIdentityEvent(db, request, {
            action: 'sign-in-failed',
            sub,
            flow,
            reason: !identity ? 'unknown-user' : hash ? 'wrong-password' : 'no-password',
        });
        if (claim.lockedUntil)
            await auditIdentityEvent(db, request, {
                action: 'sign-in-locked',
                sub,
                flow,
                reason: 'lock-started',
            });
        throw notAuthorized(INCORRECT_CREDENTIALS);
    }
    await clearLockout(db, identity.sub, 'password');
    return identity;
}

/**
 * Checks the password of a known identity with the lockout. Used by ChangePassword (the
 * previous password), so it counts toward the same lockout as sign-in.
 */
export async function verifyIdentityPassword(
    ctx: OperationContext,
    identity: Identity,
    password: string,
    flow: string,
): Promise<void> {
    await attemptPassword(ctx, identity, identity.username, password, flow);
}

/**
 * Checks a sign-in password with Cognito's answers and lockout (protocol §5.1): unknown names
 * are answered like identities (`attemptPassword`), the password is used exactly as received,
 * and a disabled identity is only revealed once its password was right.
 */
export async function checkPassword(
    ctx: OperationContext,
    username: string,
    password: string,
    flow: string,
): Promise<Identity> {
    const { db, request } = ctx;
    const found = await findIdentityByUsername(db, username);
    const identity = await attemptPassword(ctx, found, username, password, flow);
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
