import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { identityUsers, type IdentityStatus } from '../db/schema/index.js';
import { hashPassword } from './passwords.js';

export interface NewIdentity {
    /** Canonical sign-in name: the e-mail of back-office users, the username of drivers. Stored lower-cased. */
    username: string;
    email?: string | null;
    /** Plain password, hashed here; omit for identities that cannot sign in yet. */
    password?: string;
    status?: IdentityStatus;
    attributes?: Record<string, string>;
    /** Fixed sub, e.g. for deterministic demo data; random otherwise. */
    sub?: string;
    /** Default: true when an e-mail is given (addresses entered by administrators). */
    emailVerified?: boolean;
    /** FORCE_CHANGE_PASSWORD identities: when the temporary password stops working. */
    temporaryPasswordExpiresAt?: Date | null;
}

export function canonicalUsername(username: string): string {
    return username.trim().toLowerCase();
}

/** Creates identities in the embedded user directory and returns their subs, in order. */
export async function createIdentities(
    db: Queryable,
    identities: NewIdentity[],
): Promise<string[]> {
    if (identities.length === 0) return [];
    const rows = await Promise.all(
        identities.map(async (identity) => ({
            sub: identity.sub ?? randomUUID(),
            username: canonicalUsername(identity.username),
            email: identity.email ? identity.email.toLowerCase() : null,
            emailVerified: identity.emailVerified ?? Boolean(identity.email),
            passwordHash: identity.password ? await hashPassword(identity.password) : null,
            status: identity.status ?? 'CONFIRMED',
            attributes: identity.attributes ?? {},
            temporaryPasswordExpiresAt: identity.temporaryPasswordExpiresAt ?? null,
        })),
    );
    for (let start = 0; start < rows.length; start += 500) {
        await db.insert(identityUsers).values(rows.slice(start, start + 500));
    }
    return rows.map((row) => row.sub);
}

export type Identity = typeof identityUsers.$inferSelect;

/** The identity signing in with this name (matched case-insensitively through `canonicalUsername`). */
export async function findIdentityByUsername(
    db: Queryable,
    username: string,
): Promise<Identity | undefined> {
    const [identity] = await db
        .select()
        .from(identityUsers)
        .where(eq(identityUsers.username, canonicalUsername(username)))
        .limit(1);
    return identity;
}

/** The identity with this sub, or undefined. */
export async function findIdentityBySub(db: Queryable, sub: string): Promise<Identity | undefined> {
    const [identity] = await db
        .select()
        .from(identityUsers)
        .where(eq(identityUsers.sub, sub))
        .limit(1);
    return identity;
}
