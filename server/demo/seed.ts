import { and, eq, inArray } from 'drizzle-orm';
import { ensureTechnicalRoles } from '../db/bootstrap.js';
import type { Database } from '../db/client.js';
import { identityUsers, tenants, users } from '../db/schema/index.js';
import { canonicalUsername } from '../identity/directory.js';
import { verifyPassword } from '../identity/passwords.js';
import { countDemoData, generateDemoData, generateDemoSignIns } from './generate.js';
import { insertDemoDataIfEmpty } from './insert.js';
import type { DemoLogin, UserRow } from './types.js';

export type { DemoLogin } from './types.js';

export interface SeedOptions {
    seed: string;
    log: { info(obj: object, msg?: string): void };
}

/** True when the platform admin of this seed's demo data is in the database. */
async function demoAdminExists(
    db: Database,
    logins: readonly DemoLogin[],
    staffUsers: readonly UserRow[],
): Promise<boolean> {
    const login = logins.find((candidate) => candidate.role === 'Admin');
    const admin = login && staffUsers.find((user) => user.email === login.email);
    if (!admin) return false;
    const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, admin.id), eq(users.email, login.email)))
        .limit(1);
    return rows.length > 0;
}

/**
 * The sign-ins that still work: the identity exists, is enabled, is not waiting for a new
 * password and its stored hash accepts the demo password (users change or reset theirs).
 */
async function stillValidLogins(db: Database, logins: readonly DemoLogin[]): Promise<DemoLogin[]> {
    if (logins.length === 0) return [];
    const identities = await db
        .select({
            username: identityUsers.username,
            passwordHash: identityUsers.passwordHash,
            status: identityUsers.status,
            enabled: identityUsers.enabled,
        })
        .from(identityUsers)
        .where(
            inArray(
                identityUsers.username,
                logins.map((login) => canonicalUsername(login.email)),
            ),
        );
    const byUsername = new Map(identities.map((identity) => [identity.username, identity]));
    const valid = await Promise.all(
        logins.map(async (login) => {
            const identity = byUsername.get(canonicalUsername(login.email));
            if (!identity?.enabled || identity.status !== 'CONFIRMED' || !identity.passwordHash)
                return false;
            return verifyPassword(identity.passwordHash, login.password);
        }),
    );
    return logins.filter((_login, index) => valid[index]);
}

/** The demo sign-ins still valid when the database holds this seed's demo data, else none. */
async function existingDemoLogins(db: Database, seed: string): Promise<DemoLogin[]> {
    const { logins, staffUsers } = generateDemoSignIns(seed);
    if (!(await demoAdminExists(db, logins, staffUsers))) return [];
    return stillValidLogins(db, logins);
}

/**
 * Demo mode start: makes sure the technical roles exist, and on a database without
 * organisations writes the deterministic demo data set of `seed`. Answers the demo sign-ins
 * whenever the database holds this seed's demo data (just seeded, or from an earlier start:
 * then only those whose password still works), and none when it holds other data.
 */
export async function seedDemoIfEmpty(db: Database, opts: SeedOptions): Promise<DemoLogin[]> {
    await ensureTechnicalRoles(db);
    // A restart: one read answers, and only the sign-ins are generated, not the whole data set.
    const [anyTenant] = await db.select({ id: tenants.id }).from(tenants).limit(1);
    if (anyTenant) return existingDemoLogins(db, opts.seed);
    const started = performance.now();
    const data = generateDemoData(opts.seed);
    // Rechecks under a lock: another app server may have seeded meanwhile.
    if (await insertDemoDataIfEmpty(db, data)) {
        const durationMs = Math.round(performance.now() - started);
        opts.log.info({ counts: countDemoData(data), durationMs }, 'demo data seeded');
        return data.logins;
    }
    return existingDemoLogins(db, opts.seed);
}
