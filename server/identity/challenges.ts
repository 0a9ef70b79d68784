import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { identityChallenges, type ChallengeName } from '../db/schema/index.js';
import { sessionExpired } from './cognito-error.js';
import { nowAndThen } from './housekeeping.js';

/** Cognito's default AuthSessionValidity, and Amplify's sign-in store expiry (protocol §2.3). */
const CHALLENGE_TTL_MS = 3 * 60 * 1000;
/** Answers one Session accepts; Amplify keeps the Session after CodeMismatch/InvalidPassword so the user can retry. */
const MAX_CHALLENGE_ATTEMPTS = 3;

export type ChallengeRow = typeof identityChallenges.$inferSelect;

export const hashSession = (session: string) =>
    createHash('sha256').update(session, 'utf8').digest('hex');

export interface ChallengeState {
    /** Sealed TOTP secret handed out by AssociateSoftwareToken. */
    totpSecret?: string;
    totpVerified?: boolean;
}

/** Opens a challenge Session: 256 bits from the CSPRNG, of which only a hash is stored. */
export async function openChallenge(
    db: Queryable,
    sub: string,
    challengeName: ChallengeName,
    state: ChallengeState = {},
    now = new Date(),
): Promise<string> {
    const session = randomBytes(32).toString('base64url');
    await db.insert(identityChallenges).values({
        sessionHash: hashSession(session),
        sub,
        challengeName,
        totpSecret: state.totpSecret ?? null,
        totpVerified: state.totpVerified ?? false,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    });
    await nowAndThen(() =>
        db
            .delete(identityChallenges)
            .where(lt(identityChallenges.expiresAt, new Date(now.getTime() - 60 * 60 * 1000))),
    );
    return session;
}

/**
 * Claims one answer on a Session: counts the attempt atomically and returns the challenge, or
 * refuses an unknown, expired, used or exhausted Session, or one of another challenge, with
 * Cognito's NotAuthorizedException. A right answer must then `consumeChallenge`.
 */
export async function claimChallenge(
    db: Queryable,
    session: string,
    challengeName: ChallengeName,
    now = new Date(),
): Promise<ChallengeRow> {
    const [row] = await db
        .update(identityChallenges)
        .set({ attempts: sql`${identityChallenges.attempts} + 1` })
        .where(
            and(
                eq(identityChallenges.sessionHash, hashSession(session)),
                eq(identityChallenges.challengeName, challengeName),
                isNull(identityChallenges.consumedAt),
                gt(identityChallenges.expiresAt, now),
                lt(identityChallenges.attempts, MAX_CHALLENGE_ATTEMPTS),
            ),
        )
        .returning();
    if (!row) throw sessionExpired();
    return row;
}

/** Uses a Session up after a right answer; refuses when a parallel answer used it first. */
export async function consumeChallenge(
    db: Queryable,
    row: ChallengeRow,
    now = new Date(),
): Promise<void> {
    const [consumed] = await db
        .update(identityChallenges)
        .set({ consumedAt: now })
        .where(
            and(
                eq(identityChallenges.sessionHash, row.sessionHash),
                isNull(identityChallenges.consumedAt),
            ),
        )
        .returning({ sessionHash: identityChallenges.sessionHash });
    if (!consumed) throw sessionExpired();
}
