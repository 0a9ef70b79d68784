import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { rateLimitCounters } from '../../db/schema/index.js';
import { countHit } from '../../identity/rate-limit.js';

/**
 * Failed token requests are counted per client id and per IP in the shared fixed-window
 * counters (`rate_limit_counters`, as the identity endpoint does), so guessing a secret is
 * slow on every app server. Only failures count: a well-behaved client is never throttled.
 */
const BUCKET = 'api-token-failure';
const WINDOW_MS = 60_000;
const FAILURES_PER_CLIENT_PER_MINUTE = 10;
const FAILURES_PER_IP_PER_MINUTE = 60;

const windowStart = (now: Date) => new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS);

async function hits(db: Queryable, subject: string, now: Date): Promise<number> {
    const [row] = await db
        .select({ hits: rateLimitCounters.hits })
        .from(rateLimitCounters)
        .where(
            and(
                eq(rateLimitCounters.bucket, BUCKET),
                eq(rateLimitCounters.subject, subject),
                eq(rateLimitCounters.windowStart, windowStart(now)),
            ),
        );
    return row?.hits ?? 0;
}

/** True when this client id or IP has failed too often in the current minute. */
export async function tooManyFailures(
    db: Queryable,
    clientId: string,
    ip: string,
    now = new Date(),
): Promise<boolean> {
    const [byClient, byIp] = await Promise.all([
        hits(db, `client:${clientId}`, now),
        hits(db, `ip:${ip}`, now),
    ]);
    return byClient >= FAILURES_PER_CLIENT_PER_MINUTE || byIp >= FAILURES_PER_IP_PER_MINUTE;
}

/** Counts one failed attempt for the client id and the IP. */
export async function countFailure(
    db: Queryable,
    clientId: string,
    ip: string,
    now = new Date(),
): Promise<void> {
    await countHit(db, BUCKET, `client:${clientId}`, WINDOW_MS, now);
    await countHit(db, BUCKET, `ip:${ip}`, WINDOW_MS, now);
}
