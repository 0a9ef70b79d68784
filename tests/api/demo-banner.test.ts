import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client.js';
import * as schema from '../../server/db/schema/index.js';
import { seedDemoIfEmpty, type DemoLogin } from '../../server/demo/seed.js';
import { hashPassword } from '../../server/identity/passwords.js';
import { startBanner } from '../../server/start-banner.js';
import { openTestDatabase } from './helpers/test-app.js';

const SEED = 'banner-test-seed';
const quiet = { info: () => undefined };

describe('the start banner after demo users changed their passwords (issue 13 point 15)', () => {
    let handle: DatabaseHandle;
    let seeded: DemoLogin[];

    beforeAll(async () => {
        handle = await openTestDatabase();
        seeded = await seedDemoIfEmpty(handle.db, { seed: SEED, log: quiet });
    });
    afterAll(() => handle.close());

    const banner = (logins: DemoLogin[]) =>
        startBanner({
            versionId: 'test',
            url: 'http://127.0.0.1:8080',
            database: { driver: 'pglite', dataDir: './data' },
            demoLogins: logins,
        });
    const identityOf = (login: DemoLogin) =>
        eq(schema.identityUsers.username, login.email.toLowerCase());

    it('prints every demo sign-in at the first start and again at a restart', async () => {
        expect(seeded.length).toBeGreaterThan(3);
        const restart = await seedDemoIfEmpty(handle.db, { seed: SEED, log: quiet });
        expect(restart).toEqual(seeded);
        const text = banner(restart);
        for (const login of seeded) {
            expect(text).toContain(login.email);
            expect(text).toContain(login.password);
        }
    });

    it('omits a sign-in whose password was changed, a disabled one and one awaiting a new password', async () => {
        const [changed, disabled, reset] = seeded.filter((login) => login.role !== 'Admin');
        if (!changed || !disabled || !reset) throw new Error('too few demo sign-ins');
        await handle.db
            .update(schema.identityUsers)
            .set({ passwordHash: await hashPassword('An0ther-Secret-Phrase!') })
            .where(identityOf(changed));
        await handle.db
            .update(schema.identityUsers)
            .set({ enabled: false })
            .where(identityOf(disabled));
        await handle.db
            .update(schema.identityUsers)
            .set({ status: 'RESET_REQUIRED' })
            .where(identityOf(reset));

        const restart = await seedDemoIfEmpty(handle.db, { seed: SEED, log: quiet });
        const omitted = [changed.email, disabled.email, reset.email];
        expect(restart.map((login) => login.email)).toEqual(
            seeded.map((login) => login.email).filter((email) => !omitted.includes(email)),
        );
        const text = banner(restart);
        for (const login of [changed, disabled, reset]) {
            expect(text).not.toContain(login.email);
            expect(text).not.toContain(login.password);
        }
        const admin = seeded.find((login) => login.role === 'Admin');
        expect(text).toContain(admin?.email);
        expect(text).toContain(admin?.password);
    });

    it('prints no sign-in section when no demo password works any more', async () => {
        await handle.db
            .update(schema.identityUsers)
            .set({ passwordHash: await hashPassword('An0ther-Secret-Phrase!') });
        const restart = await seedDemoIfEmpty(handle.db, { seed: SEED, log: quiet });
        expect(restart).toEqual([]);
        expect(banner(restart)).not.toContain('Demo sign-ins');
    });
});
