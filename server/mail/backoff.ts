/** First retry after a minute, doubling, never more than a day apart; rows are never given up. */
const FIRST_RETRY_MS = 60_000;
export const MAX_RETRY_DELAY_MS = 24 * 60 * 60 * 1000;

/** How long to wait after the `attempts`-th failed attempt (1-based). */
export function retryDelayMs(attempts: number): number {
    return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}
