import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client.js';
import type { Identity } from './directory.js';
import { identitySessions, identityUsers } from '../db/schema/index.js';

export type SessionRow = typeof identitySessions.$inferSelect;

/** Only this hash of a refresh token is stored; a database leak yields no usable token. */
function hashRefreshToken(token: string): string {
    return createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface NewSession {
    originJti: string;
    refreshToken: string;
    authTime: Date;
}

/** Opens a sign-in session: a fresh 256-bit refresh token and the `origin_jti` its tokens share. */
export async function openSession(
    db: Queryable,
    sub: string,
    clientId: string,
    ttlSeconds: number,
    now = new Date(),
): Promise<NewSession> {
    const session = {
        originJti: randomUUID(),
        refreshToken: randomBytes(32).toString('base64url'),
        authTime: now,
    };
    await db.insert(identitySessions).values({
        originJti: session.originJti,
        sub,
        clientId,
        refreshTokenHash: hashRefreshToken(session.refreshToken),
        authTime: now,
        expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    });
    return session;
}

export interface SessionWithIdentity {
    session: SessionRow;
    identity: Identity;
}

async function findSession(db: Queryable, where: SQL): Promise<SessionWithIdentity | undefined> {
    const [row] = await db
        .select({ session: identitySessions, identity: identityUsers })
        .from(identitySessions)
        .innerJoin(identityUsers, eq(identityUsers.sub, identitySessions.sub))
        .where(where)
        .limit(1);
    return row;
}

/** The session of a refresh token with its identity, in one query; undefined when the token is unknown. */
export function findSessionByRefreshToken(
    db: Queryable,
    refreshToken: string,
): Promise<SessionWithIdentity | undefined> {
    return findSession(db, eq(identitySessions.refreshTokenHash, hashRefreshToken(refreshToken)));
}

/**
 * The revocation state behind an `origin_jti` (session and identity columns the access-token
 * check reads), as a prepared query: its SQL is built once, not on every API request.
 */
export function prepareRevocationQuery(db: Database) {
    return db
        .select({
            sub: identitySessions.sub,
            clientId: identitySessions.clientId,
            revokedAt: identitySessions.revokedAt,
            expiresAt: identitySessions.expiresAt,
            enabled: identityUsers.enabled,
            tokensValidAfter: identityUsers.tokensValidAfter,
        })
        .from(identitySessions)
        .innerJoin(identityUsers, eq(identityUsers.sub, identitySessions.sub))
        .where(eq(identitySessions.originJti, sql.placeholder('originJti')))
        .limit(1)
        .prepare('access_token_revocation_state');
}

/** The session behind an `origin_jti` with its whole identity, in one query (signed-in endpoint operations). */
export function findSessionByOriginJti(
    db: Queryable,
    originJti: string,
): Promise<SessionWithIdentity | undefined> {
    return findSession(db, eq(identitySessions.originJti, originJti));
}

export async function touchSession(
    db: Queryable,
    originJti: string,
    now = new Date(),
): Promise<void> {
    await db
        .update(identitySessions)
        .set({ lastUsedAt: now })
        .where(eq(identitySessions.originJti, originJti));
}

/** Revokes one session; its refresh token and every access token derived from it stop working at once. */
export async function revokeSession(
    db: Queryable,
    originJti: string,
    now = new Date(),
): Promise<void> {
    await db
        .update(identitySessions)
        .set({ revokedAt: now })
        .where(and(eq(identitySessions.originJti, originJti), isNull(identitySessions.revokedAt)));
}

/** Revokes every open session of an identity (global sign-out; later: disable, password change). */
export async function revokeAllSessions(
    db: Queryable,
    sub: string,
    now = new Date(),
): Promise<void> {
    await db
        .update(identitySessions)
        .set({ revokedAt: now })
        .where(and(eq(identitySessions.sub, sub), isNull(identitySessions.revokedAt)));
}

/** Revokes every open session of an identity except the caller's (password change, MFA change: ASVS 7.4.3). */
export async function revokeOtherSessions(
    db: Queryable,
    sub: string,
    keepOriginJti: string,
    now = new Date(),
): Promise<void> {
    await db
        .update(identitySessions)
        .set({ revokedAt: now })
        .where(
            and(
                eq(identitySessions.sub, sub),
                isNull(identitySessions.revokedAt),
                ne(identitySessions.originJti, keepOriginJti),
            ),
        );
}

/**
 * Ends every session of an identity and refuses every token issued before now (GlobalSignOut,
 * AdminUserGlobalSignOut, AdminDisableUser, password reset). The not-before time is cut to whole
 * seconds because `iat` has second precision: a sign-in in the same second must still work, and
 * older sessions of that second are revoked anyway.
 */
export async function signOutEverywhere(
    db: Queryable,
    sub: string,
    now = new Date(),
): Promise<void> {
    const notBefore = new Date(Math.floor(now.getTime() / 1000) * 1000);
    await db
        .update(identityUsers)
        .set({ tokensValidAfter: notBefore, updatedAt: now })
        .where(eq(identityUsers.sub, sub));
    await revokeAllSessions(db, sub, now);
}
