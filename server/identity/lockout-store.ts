import { eq } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client.js';
import { identityUsers } from '../db/schema/index.js';
import { afterFailure, CLEARED_LOCKOUT, isLocked, type LockoutState } from './lockout.js';

/** Passwords and MFA codes are counted apart: a right password must not reset the MFA count. */
export type LockoutKind = 'password' | 'mfa';

const COLUMNS = {
    password: {
        failedAttempts: identityUsers.failedAttempts,
        lastFailedAt: identityUsers.lastFailedAt,
        lockedUntil: identityUsers.lockedUntil,
    },
    mfa: {
        failedAttempts: identityUsers.mfaFailedAttempts,
        lastFailedAt: identityUsers.mfaLastFailedAt,
        lockedUntil: identityUsers.mfaLockedUntil,
    },
} as const;

function columnValues(kind: LockoutKind, state: LockoutState) {
    return kind === 'password'
        ? {
              failedAttempts: state.failedAttempts,
              lastFailedAt: state.lastFailedAt,
              lockedUntil: state.lockedUntil,
          }
        : {
              mfaFailedAttempts: state.failedAttempts,
              mfaLastFailedAt: state.lastFailedAt,
              mfaLockedUntil: state.lockedUntil,
          };
}

/**
 * Counts the attempt as failed before the check, under a row lock, so parallel guesses cannot
 * all slip in before the lock; `clearLockout` undoes it when the answer was right. Returns
 * 'locked' without touching the state while a lock runs (attempts during a lock do not extend it).
 */
export async function claimLockoutAttempt(
    db: Database,
    sub: string,
    kind: LockoutKind,
    now: Date,
): Promise<LockoutState | 'locked'> {
    return db.transaction(async (tx) => {
        const [state] = await tx
            .select(COLUMNS[kind])
            .from(identityUsers)
            .where(eq(identityUsers.sub, sub))
            .for('update');
        if (!state || isLocked(state, now)) return 'locked';
        const next = afterFailure(state, now);
        await tx
            .update(identityUsers)
            .set(columnValues(kind, next))
            .where(eq(identityUsers.sub, sub));
        return next;
    });
}

/** Resets the count after a right answer. */
export async function clearLockout(db: Queryable, sub: string, kind: LockoutKind): Promise<void> {
    await db
        .update(identityUsers)
        .set(columnValues(kind, CLEARED_LOCKOUT))
        .where(eq(identityUsers.sub, sub));
}
