import { lt, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { rateLimitCounters } from '../db/schema/index.js';
import { auditIdentityEvent } from './audit.js';
import { CognitoError } from './cognito-error.js';
import type { OperationContext } from './context.js';
import { nowAndThen } from './housekeeping.js';

/** `sign-in`: InitiateAuth with a password and every challenge answer; `password`: ChangePassword, ForgotPassword, ConfirmForgotPassword. */
export type ThrottleBucket = 'sign-in' | 'password';

const WINDOW_MS = 60_000;

/**
 * Counts one hit in the fixed window containing `now` and returns the window's count. One
 * upsert, shared by every app server through the database.
 */
export async function countHit(
    db: Queryable,
    bucket: string,
    subject: string,
    windowMs: number,
    now = new Date(),
): Promise<number> {
    const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
    const [row] = await db
        .insert(rateLimitCounters)
        .values({ bucket, subject, windowStart, hits: 1 })
        .onConflictDoUpdate({
            target: [
                rateLimitCounters.bucket,
                rateLimitCounters.subject,
                rateLimitCounters.windowStart,
            ],
            set: { hits: sql`${rateLimitCounters.hits} + 1` },
        })
        .returning({ hits: rateLimitCounters.hits });
    await nowAndThen(() =>
        db
            .delete(rateLimitCounters)
            .where(lt(rateLimitCounters.windowStart, new Date(now.getTime() - 2 * 60 * 60 * 1000))),
    );
    return row?.hits ?? 1;
}

/**
 * Per-IP throttling of the public operations (ASVS 6.1.1, 6.3.1). Runs before any password or
 * code is checked, so refused requests (and Amplify's automatic retries of them) never count
 * toward an account's lockout. Answers TooManyRequestsException, as Cognito does.
 */
export async function throttle(ctx: OperationContext, bucket: ThrottleBucket): Promise<void> {
    const limit =
        bucket === 'sign-in'
            ? ctx.config.rateLimits.signInPerMinute
            : ctx.config.rateLimits.passwordPerMinute;
    const hits = await countHit(ctx.db, bucket, ctx.request.ip, WINDOW_MS);
    if (hits <= limit) return;
    // One audit row per window and IP, not one per refused request.
    if (hits === limit + 1)
        await auditIdentityEvent(ctx.db, ctx.request, {
            action: 'throttled',
            flow: bucket,
            details: { limitPerMinute: String(limit) },
        });
    throw new CognitoError('TooManyRequestsException', 'Rate exceeded');
}
