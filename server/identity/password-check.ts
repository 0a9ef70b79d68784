import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { identityUsers } from '../db/schema/index.js';
import { auditIdentityEvent } from './audit.js';
import { notAuthorized } from './cognito-error.js';
import type { OperationContext } from './context.js';
import { findIdentityByUsername, type Identity } from './directory.js';
import { afterFailure, CLEARED_LOCKOUT, isLocked, type LockoutState } from './lockout.js';
import { verifyPassword } from './passwords.js';

export const INCORRECT_CREDENTIALS = 'Incorrect username or password.';
export const PASSWORD_ATTEMPTS_EXCEEDED = 'Password attempts exceeded';

/** Same Argon2id parameters as real hashes, so unknown users cost the same time as known ones. */
const DUMMY_HASH = '$argon2id$v=19$m=19456,p=1,t=2$cq0mfXWRZ9RWKi2ZkM/CJw$oqhqNZ+cnpHcbfK/gScZPZFTyr7WVaI8rFca/JD8AJI';

/**
 * Counts the attempt as failed before the (slow) password check, under a row lock, so parallel
 * guesses cannot all slip in before the lock; a right password clears the count again.
 * Returns 'locked' without touching the state while a lock runs.
 */
async function claimAttempt(db: Database, sub: string, now: Date): Promise<LockoutState | 'locked'> {
    return db.transaction(async (tx) => {
        const [state] = await tx
            .select({ failedAttempts: identityUsers.failedAttempts, lastFailedAt: identityUsers.lastFailedAt, lockedUntil: identityUsers.lockedUntil })
            .from(identityUsers)
            .where(eq(identityUsers.sub, sub))
            .for('update');
        if (!state || isLocked(state, now)) return 'locked';
        const next = afterFailure(state, now);
        await tx.update(identityUsers).set(next).where(eq(identityUsers.sub, sub));
        return next;
    });
}

/**
 * Checks a sign-in password with Cognito's answers and lockout (protocol §5.1): Argon2 always
 * runs (a fixed dummy hash for unknown names), the password is used exactly as received, and
 * a disabled identity is only revealed once its password was right.
 */
export async function checkPassword(ctx: OperationContext, username: string, password: string, flow: string): Promise<Identity> {
    const { db, request } = ctx;
    const identity = await findIdentityByUsername(db, username);
    if (!identity?.passwordHash) {
        await verifyPassword(DUMMY_HASH, password);
        await auditIdentityEvent(db, request, { action: 'sign-in-failed', sub: identity?.sub, flow, reason: identity ? 'no-password' : 'unknown-user' });
        throw notAuthorized(INCORRECT_CREDENTIALS);
    }
    const claim = await claimAttempt(db, identity.sub, new Date());
    if (claim === 'locked') {
        await auditIdentityEvent(db, request, { action: 'sign-in-locked', sub: identity.sub, flow, reason: 'attempt-while-locked' });
        throw notAuthorized(PASSWORD_ATTEMPTS_EXCEEDED);
    }
    if (!(await verifyPassword(identity.passwordHash, password))) {
        await auditIdentityEvent(db, request, { action: 'sign-in-failed', sub: identity.sub, flow, reason: 'wrong-password' });
        if (claim.lockedUntil) await auditIdentityEvent(db, request, { action: 'sign-in-locked', sub: identity.sub, flow, reason: 'lock-started' });
        throw notAuthorized(INCORRECT_CREDENTIALS);
    }
    await db.update(identityUsers).set(CLEARED_LOCKOUT).where(eq(identityUsers.sub, identity.sub));
    if (!identity.enabled) {
        await auditIdentityEvent(db, request, { action: 'sign-in-failed', sub: identity.sub, flow, reason: 'disabled' });
        throw notAuthorized('User is disabled.');
    }
    return identity;
}
