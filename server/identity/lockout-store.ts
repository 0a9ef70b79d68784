import { and, eq, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client.js';
import { identityUsers, rateLimitCounters } from '../db/schema/index.js';
import { afterFailure, CLEARED_LOCKOUT, isLocked, lockEnd, type LockoutState } from './lockout.js';
import { usernameKey } from './reset-codes.js';

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

const UNKNOWN_USERNAME_BUCKET = 'password-lockout';

/**
 * `claimLockoutAttempt` for a username no identity has, so unknown names get the same answers
 * at the same attempts as real accounts (ASVS 6.3.8). The state is one `rate_limit_counters` row
 * under the username key: `hits` the failed attempts, `window_start` the last failure (the lock
 * end follows from both, `lockEnd`). An advisory lock stands in for the identity's row lock, so
 * parallel guesses are counted alike. The counters' cleanup (rows older than 2 hours) only drops
 * states the 15-minute reset has already cleared.
 */
export async function claimUnknownUsernameAttempt(
    db: Database,
    username: string,
    now: Date,
): Promise<LockoutState | 'locked'> {
    const subject = usernameKey(username);
    return db.transaction(async (tx) => {
        await tx.execute(
            sql`select pg_advisory_xact_lock(hashtext(${`${UNKNOWN_USERNAME_BUCKET}:${subject}`}))`,
        );
        const where = and(
            eq(rateLimitCounters.bucket, UNKNOWN_USERNAME_BUCKET),
            eq(rateLimitCounters.subject, subject),
        );
        const [row] = await tx
            .select({
                failedAttempts: rateLimitCounters.hits,
                lastFailedAt: rateLimitCounters.windowStart,
            })
            .from(rateLimitCounters)
            .where(where);
        const state: LockoutState = row
            ? { ...row, lockedUntil: lockEnd(row.failedAttempts, row.lastFailedAt) }
            : CLEARED_LOCKOUT;
        if (isLocked(state, now)) return 'locked';
        const next = afterFailure(state, now);
        const values = { windowStart: now, hits: next.failedAttempts };
        if (row) await tx.update(rateLimitCounters).set(values).where(where);
        else
            await tx
                .insert(rateLimitCounters)
                .values({ bucket: UNKNOWN_USERNAME_BUCKET, subject, ...values });
        return next;
    });
}
