import { and, eq } from 'drizzle-orm';
import { ensureTechnicalRoles } from '../db/bootstrap.js';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { countDemoData, generateDemoData } from './generate.js';
import { insertDemoDataIfEmpty } from './insert.js';
import type { DemoDataSet, DemoLogin } from './types.js';

export type { DemoLogin } from './types.js';

export interface SeedOptions {
    seed: string;
    log: { info(obj: object, msg?: string): void };
}

/** True when the platform admin of this seed's demo data is in the database. */
async function demoAdminExists(db: Database, data: DemoDataSet): Promise<boolean> {
    const login = data.logins.find((candidate) => candidate.role === 'Admin');
    const admin = login && data.users.find((user) => user.email === login.email);
    if (!admin) return false;
    const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, admin.id), eq(users.email, login.email)))
        .limit(1);
    return rows.length > 0;
}

/**
 * Demo mode start: makes sure the technical roles exist, and on a database without
 * organisations writes the deterministic demo data set of `seed`. Answers the demo sign-ins
 * whenever the database holds this seed's demo data (just seeded or from an earlier start),
 * and none when it holds other data.
 */
export async function seedDemoIfEmpty(db: Database, opts: SeedOptions): Promise<DemoLogin[]> {
    await ensureTechnicalRoles(db);
    const started = performance.now();
    const data = generateDemoData(opts.seed);
    if (await insertDemoDataIfEmpty(db, data)) {
        const durationMs = Math.round(performance.now() - started);
        opts.log.info({ counts: countDemoData(data), durationMs }, 'demo data seeded');
        return data.logins;
    }
    return (await demoAdminExists(db, data)) ? data.logins : [];
}
