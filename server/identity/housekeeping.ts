/**
 * Expired rows (challenge Sessions, reset codes, rate-limit windows) are deleted by the requests
 * that create such rows, now and then rather than every time, so the cleanup costs little and
 * needs no scheduler shared between app servers.
 */
const CLEANUP_PROBABILITY = 0.02;

export async function nowAndThen(task: () => Promise<unknown>): Promise<void> {
    if (Math.random() < CLEANUP_PROBABILITY) await task();
}
