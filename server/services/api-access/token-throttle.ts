import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { rateLimitCounters } from '../../db/schema/index.js';
import { countHit } from '../../identity/rate-limit.js';

/**
 * Failed token requests are counted in the shared fixed-window counters (`rate_limit_counters`,
 * as the identity endpoint does), so guessing a secret is slow on every app server. Only
 * failures count: a well-behaved client is never throttled. Counted per client id and address,
 * so a stranger who knows a client id throttles only the address it guesses from, never the
 * integration itself; per address across client ids; and per client id across addresses, a
 * ceiling against guessing from many addresses. Past the ceiling, only the addresses that have
 * failed for that client id in the window are refused: every further address gets one guess,
 * while the client's own address, whose requests do not fail, keeps getting its tokens.
 */
const BUCKET = 'api-token-failure';
const WINDOW_MS = 60_000;
const FAILURES_PER_CLIENT_AND_IP_PER_MINUTE = 10;
const FAILURES_PER_IP_PER_MINUTE = 60;
const FAILURES_PER_CLIENT_PER_MINUTE = 100;

const windowStart = (now: Date) => new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS);

/** The counters' subjects; an address never contains `/`, so the pair's subject is unambiguous. */
const subjects = (clientId: string, ip: string) => ({
    pair: `ip:${ip}/client:${clientId}`,
    ip: `ip:${ip}`,
    client: `client:${clientId}`,
});

/** True when this address may not try this client id in the current minute (429, unchecked). */
export async function tooManyFailures(
    db: Queryable,
    clientId: string,
    ip: string,
    now = new Date(),
): Promise<boolean> {
    const subject = subjects(clientId, ip);
    const rows = await db
        .select({ subject: rateLimitCounters.subject, hits: rateLimitCounters.hits })
        .from(rateLimitCounters)
        .where(
            and(
                eq(rateLimitCounters.bucket, BUCKET),
                inArray(rateLimitCounters.subject, Object.values(subject)),
                eq(rateLimitCounters.windowStart, windowStart(now)),
            ),
        );
    const hits = (key: string) => rows.find((row) => row.subject === key)?.hits ?? 0;
    const byPair = hits(subject.pair);
    return (
        byPair >= FAILURES_PER_CLIENT_AND_IP_PER_MINUTE ||
        hits(subject.ip) >= FAILURES_PER_IP_PER_MINUTE ||
        (byPair > 0 && hits(subject.client) >= FAILURES_PER_CLIENT_PER_MINUTE)
    );
}

/** Counts one failed attempt for the client id and address, the address and the client id. */
export async function countFailure(
    db: Queryable,
    clientId: string,
    ip: string,
    now = new Date(),
): Promise<void> {
    for (const subject of Object.values(subjects(clientId, ip)))
        await countHit(db, BUCKET, subject, WINDOW_MS, now);
}
