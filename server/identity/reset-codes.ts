import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client.js';
import { identityPasswordResetCodes } from '../db/schema/index.js';
import { canonicalUsername } from './directory.js';
import { nowAndThen } from './housekeeping.js';

/** Out-of-band codes live at most 10 minutes (ASVS 6.5.5) and allow 5 tries (6.6.3). */
export const RESET_CODE_TTL_MS = 10 * 60 * 1000;
const MAX_RESET_CODE_ATTEMPTS = 5;

/** SHA-256 of the canonical username: the key of reset codes and of the per-user request limit. */
export const usernameKey = (username: string) =>
    createHash('sha256').update(canonicalUsername(username), 'utf8').digest('hex');

const codeHash = (key: string, code: string) =>
    createHash('sha256').update(`${key}\n${code}`, 'utf8').digest();

/** A 6-digit code from the CSPRNG (about 20 bits, ASVS 6.5.4). */
export const newResetCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Stores a code for a username, replacing any earlier one. `sub` is null for unknown or
 * ineligible usernames: their row holds a code nobody received, so ConfirmForgotPassword
 * answers them exactly like real accounts (no user enumeration).
 */
export async function storeResetCode(
    db: Queryable,
    username: string,
    sub: string | null,
    code: string,
    now = new Date(),
): Promise<void> {
    const key = usernameKey(username);
    const row = {
        sub,
        codeHash: codeHash(key, code).toString('hex'),
        attempts: 0,
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS),
    };
    await db
        .insert(identityPasswordResetCodes)
        .values({ usernameKey: key, ...row })
        .onConflictDoUpdate({ target: identityPasswordResetCodes.usernameKey, set: row });
    await nowAndThen(() =>
        db
            .delete(identityPasswordResetCodes)
            .where(
                lt(
                    identityPasswordResetCodes.expiresAt,
                    new Date(now.getTime() - 24 * 60 * 60 * 1000),
                ),
            ),
    );
}

export type ResetCodeVerdict =
    | { kind: 'accepted'; sub: string }
    | { kind: 'mismatch' | 'expired' | 'exhausted'; sub: string | null };

/**
 * Checks a code under a row lock and uses it up when right. A wrong code counts one of the 5
 * tries; after them every answer is 'exhausted'. Never throws for a wrong code, so the
 * transaction commits the count.
 */
export async function checkResetCode(
    db: Database,
    username: string,
    code: string,
    now = new Date(),
): Promise<ResetCodeVerdict> {
    const key = usernameKey(username);
    return db.transaction(async (tx) => {
        const [row] = await tx
            .select()
            .from(identityPasswordResetCodes)
            .where(eq(identityPasswordResetCodes.usernameKey, key))
            .for('update');
        if (!row) return { kind: 'mismatch', sub: null };
        if (row.attempts >= MAX_RESET_CODE_ATTEMPTS) return { kind: 'exhausted', sub: row.sub };
        if (row.expiresAt.getTime() <= now.getTime()) return { kind: 'expired', sub: row.sub };
        const right = timingSafeEqual(codeHash(key, code), Buffer.from(row.codeHash, 'hex'));
        if (!right || !row.sub) {
            await tx
                .update(identityPasswordResetCodes)
                .set({ attempts: row.attempts + 1 })
                .where(eq(identityPasswordResetCodes.usernameKey, key));
            return { kind: 'mismatch', sub: row.sub };
        }
        await tx
            .delete(identityPasswordResetCodes)
            .where(eq(identityPasswordResetCodes.usernameKey, key));
        return { kind: 'accepted', sub: row.sub };
    });
}
