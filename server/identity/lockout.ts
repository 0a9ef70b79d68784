/**
 * Cognito's lockout (protocol §5.1): after 5 consecutive failed passwords the account is locked
 * for 2^(n−5) s, doubling, capped at 15 minutes; the count starts over after 15 minutes without
 * a failure or on a successful sign-in.
 */
const LOCKOUT_THRESHOLD = 5;
const MAX_LOCK_SECONDS = 15 * 60;
const RESET_AFTER_MS = 15 * 60 * 1000;

export interface LockoutState {
    failedAttempts: number;
    lastFailedAt: Date | null;
    lockedUntil: Date | null;
}

export const CLEARED_LOCKOUT: LockoutState = {
    failedAttempts: 0,
    lastFailedAt: null,
    lockedUntil: null,
};

export function isLocked(state: LockoutState, now: Date): boolean {
    return state.lockedUntil !== null && state.lockedUntil.getTime() > now.getTime();
}

/** The end of the lock the `failedAttempts`-th failure in a row, at `at`, starts (or null). */
export function lockEnd(failedAttempts: number, at: Date): Date | null {
    if (failedAttempts < LOCKOUT_THRESHOLD) return null;
    const seconds = Math.min(2 ** (failedAttempts - LOCKOUT_THRESHOLD), MAX_LOCK_SECONDS);
    return new Date(at.getTime() + seconds * 1000);
}

/** The state after one more failed password at `now` (the lock, if any, starts now). */
export function afterFailure(state: LockoutState, now: Date): LockoutState {
    const recent =
        state.lastFailedAt !== null &&
        now.getTime() - state.lastFailedAt.getTime() < RESET_AFTER_MS;
    const failedAttempts = (recent ? state.failedAttempts : 0) + 1;
    return { failedAttempts, lastFailedAt: now, lockedUntil: lockEnd(failedAttempts, now) };
}
