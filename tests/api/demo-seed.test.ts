import { count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { technicalRoles } from '../../domain/roles.js';
import { ensureTechnicalRoles } from '../../server/db/bootstrap.js';
import type { DatabaseHandle } from '../../server/db/client.js';
import * as schema from '../../server/db/schema/index.js';
import { countDemoData, generateDemoData } from '../../server/demo/generate.js';
import { seedDemoIfEmpty, type DemoLogin } from '../../server/demo/seed.js';
import { verifyPassword } from '../../server/identity/passwords.js';
import { openTestDatabase } from './helpers/test-app.js';

const SEED = 'api-test-seed';

function recordingLog() {
    const messages: string[] = [];
    return { messages, info: (_obj: object, msg?: string) => void messages.push(msg ?? '') };
}

describe('seedDemoIfEmpty', () => {
    let handle: DatabaseHandle;
    let first: DemoLogin[];
    let second: DemoLogin[];
    const firstLog = recordingLog();
    const secondLog = recordingLog();

    beforeAll(async () => {
        handle = await openTestDatabase();
        first = await seedDemoIfEmpty(handle.db, { seed: SEED, log: firstLog });
        second = await seedDemoIfEmpty(handle.db, { seed: SEED, log: secondLog });
    });
    afterAll(() => handle.close());

    const rowCount = async (table: PgTable) =>
        (await handle.db.select({ total: count() }).from(table))[0]?.total;

    it('seeds once and returns the same demo logins at every start', () => {
        expect(first.length).toBeGreaterThan(10);
        expect(second).toEqual(first);
        expect(firstLog.messages).toContain('demo data seeded');
        expect(secondLog.messages).not.toContain('demo data seeded');
    });

    it('writes exactly the generated data set', async () => {
        const counts = countDemoData(generateDemoData(SEED));
        expect(await rowCount(schema.tenants)).toBe(counts.tenants);
        expect(await rowCount(schema.depotGroups)).toBe(counts.depotGroups);
        expect(await rowCount(schema.depots)).toBe(counts.depots);
        expect(await rowCount(schema.subcontractors)).toBe(counts.subcontractors);
        expect(await rowCount(schema.vehicles)).toBe(counts.vehicles);
        expect(await rowCount(schema.users)).toBe(counts.users);
        expect(await rowCount(schema.identityUsers)).toBe(counts.identities);
        expect(await rowCount(schema.permissionAssignments)).toBe(counts.permissionAssignments);
        expect(await rowCount(schema.tenantConfigRevisions)).toBe(counts.tenantConfigRevisions);
        expect(await rowCount(schema.depotConfigRevisions)).toBe(counts.depotConfigRevisions);
        expect(await rowCount(schema.auditLog)).toBe(1);
        expect(await rowCount(schema.roles)).toBe(technicalRoles.length);
        expect(await rowCount(schema.driverAppLogins)).toBe(counts.driverLogins);
    });

    it("writes the driver-app logins relative to the seed time and sets each account's last login to its latest one", async () => {
        const [span] = await handle.db
            .select({
                newest: sql<string>`max(${schema.driverAppLogins.occurredAt})`,
                oldest: sql<string>`min(${schema.driverAppLogins.occurredAt})`,
            })
            .from(schema.driverAppLogins);
        const now = Date.now();
        expect(now - new Date(span?.newest ?? 0).getTime()).toBeLessThan(2 * 24 * 60 * 60 * 1000);
        expect(now - new Date(span?.oldest ?? 0).getTime()).toBeGreaterThan(
            55 * 24 * 60 * 60 * 1000,
        );
        const [mismatch] = await handle.db
            .select({ total: count() })
            .from(schema.users)
            .where(
                sql`${schema.users.type} in ('Driver', 'TempDriver') and ${schema.users.lastLoginAt} is distinct from (select max(e.occurred_at) from driver_app_logins e where e.user_id = ${schema.users.id})`,
            );
        expect(mismatch?.total).toBe(0);
        const [withLogin] = await handle.db
            .select({ total: count() })
            .from(schema.users)
            .where(sql`${schema.users.lastLoginAt} is not null`);
        expect(withLogin?.total).toBeGreaterThan(500);
    });

    it("stores the admin's password as a hash that verifyPassword accepts, and none for drivers", async () => {
        const admin = first.find((login) => login.role === 'Admin');
        expect(admin?.userType).toBe('Admin');
        const [identity] = await handle.db
            .select()
            .from(schema.identityUsers)
            .where(eq(schema.identityUsers.username, admin?.email ?? ''));
        expect(identity?.passwordHash).toMatch(/^\$argon2id\$/);
        expect(await verifyPassword(identity?.passwordHash ?? '', admin?.password ?? '')).toBe(
            true,
        );
        expect(await verifyPassword(identity?.passwordHash ?? '', 'wrong-Password-1!')).toBe(false);
        const [user] = await handle.db
            .select()
            .from(schema.users)
            .where(eq(schema.users.email, admin?.email ?? ''));
        expect(user?.identitySub).toBe(identity?.sub);
        const [driver] = await handle.db
            .select()
            .from(schema.users)
            .where(eq(schema.users.type, 'Driver'))
            .limit(1);
        const [driverIdentity] = await handle.db
            .select()
            .from(schema.identityUsers)
            .where(eq(schema.identityUsers.sub, driver?.identitySub ?? ''));
        expect(driverIdentity?.passwordHash).toBeNull();
    });

    it('returns no logins when the database holds demo data of another seed', async () => {
        expect(
            await seedDemoIfEmpty(handle.db, { seed: 'another-seed', log: recordingLog() }),
        ).toEqual([]);
        expect(await rowCount(schema.tenants)).toBe(3);
    });

    it('restores changed technical roles and leaves them as they are otherwise', async () => {
        await handle.db
            .update(schema.roles)
            .set({ name: 'Renamed', actions: [] })
            .where(eq(schema.roles.id, 'role-depot-standard'));
        await ensureTechnicalRoles(handle.db);
        await ensureTechnicalRoles(handle.db);
        const [role] = await handle.db
            .select()
            .from(schema.roles)
            .where(eq(schema.roles.id, 'role-depot-standard'));
        const expected = technicalRoles.find((candidate) => candidate.id === 'role-depot-standard');
        expect(role?.name).toBe(expected?.name);
        expect(role?.actions).toEqual(expected?.actions);
        expect(await rowCount(schema.roles)).toBe(technicalRoles.length);
    });
});

describe('seedDemoIfEmpty on a database with real data', () => {
    it('creates the technical roles but no demo data, and returns no logins', async () => {
        const handle = await openTestDatabase();
        try {
            await handle.db
                .insert(schema.tenants)
                .values({ id: 'acme', name: 'Acme Parcels', countryCode: 'NL' });
            expect(await seedDemoIfEmpty(handle.db, { seed: SEED, log: recordingLog() })).toEqual(
                [],
            );
            expect((await handle.db.select({ total: count() }).from(schema.users))[0]?.total).toBe(
                0,
            );
            expect((await handle.db.select({ total: count() }).from(schema.roles))[0]?.total).toBe(
                technicalRoles.length,
            );
        } finally {
            await handle.close();
        }
    });
});
