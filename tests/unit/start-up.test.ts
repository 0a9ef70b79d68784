import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hasPendingMigrations, migrateIfPending } from '../../server/db/client.js';
import * as schema from '../../server/db/schema/index.js';
import { generateDemoData, generateDemoSignIns } from '../../server/demo/generate.js';

describe("hasPendingMigrations (drizzle-orm's rule)", () => {
    it('finds every migration pending on a database without any', () => {
        expect(hasPendingMigrations([1000, 2000], null)).toBe(true);
        expect(hasPendingMigrations([], null)).toBe(false);
    });

    it('finds a migration newer than the newest applied one, and none when it is the newest', () => {
        expect(hasPendingMigrations([1000, 2000, 3000], 2000)).toBe(true);
        expect(hasPendingMigrations([1000, 2000], 2000)).toBe(false);
        // A database migrated by a newer release: nothing to do, as for drizzle's migrator.
        expect(hasPendingMigrations([1000, 2000], 3000)).toBe(false);
    });

    it("holds the repository's journal in increasing order, which the rule relies on", () => {
        const journal = JSON.parse(
            readFileSync('server/db/migrations/meta/_journal.json', 'utf8'),
        ) as { entries: { when: number }[] };
        const times = journal.entries.map((entry) => entry.when);
        expect(times).toEqual([...times].sort((a, b) => a - b));
        expect(new Set(times).size).toBe(times.length);
    });
});

describe('migrateIfPending', () => {
    let folder: string;
    let client: PGlite;
    const db = () => drizzle({ client, schema, casing: 'snake_case' });
    const entries: { idx: number; version: string; when: number; tag: string }[] = [];

    /** Adds a migration to the temporary drizzle-kit folder, as `drizzle-kit generate` does. */
    function addMigration(when: number, tag: string, statement: string) {
        entries.push({ idx: entries.length, version: '7', when, tag });
        writeFileSync(join(folder, `${tag}.sql`), statement);
        writeFileSync(
            join(folder, 'meta', '_journal.json'),
            JSON.stringify({
                version: '7',
                dialect: 'postgresql',
                entries: entries.map((entry) => ({ ...entry, breakpoints: true })),
            }),
        );
    }

    const tableExists = async (name: string) => {
        const result = await db().execute(sql`select to_regclass(${name}) is not null as found`);
        return (result as unknown as { rows: { found: boolean }[] }).rows[0]?.found;
    };

    beforeAll(async () => {
        folder = mkdtempSync(join(tmpdir(), 'migrations-'));
        mkdirSync(join(folder, 'meta'));
        client = new PGlite();
        await client.waitReady;
    }, 60_000);
    afterAll(async () => {
        await client.close();
        rmSync(folder, { recursive: true, force: true });
    });

    const migrator = () => vi.fn(() => migrate(db(), { migrationsFolder: folder }));

    it('runs the migrator on a new database, then skips it while the journal is unchanged', async () => {
        addMigration(1_700_000_000_000, '0000_first', 'CREATE TABLE first_table (id int);');
        const first = migrator();
        expect(await migrateIfPending(db(), folder, first)).toBe(true);
        expect(first).toHaveBeenCalledOnce();
        expect(await tableExists('first_table')).toBe(true);

        const again = migrator();
        expect(await migrateIfPending(db(), folder, again)).toBe(false);
        expect(again).not.toHaveBeenCalled();
    });

    it('applies a migration added to the journal at the next start', async () => {
        addMigration(1_700_000_100_000, '0001_second', 'CREATE TABLE second_table (id int);');
        const next = migrator();
        expect(await migrateIfPending(db(), folder, next)).toBe(true);
        expect(next).toHaveBeenCalledOnce();
        expect(await tableExists('second_table')).toBe(true);
        expect(await migrateIfPending(db(), folder, migrator())).toBe(false);
    });
});

describe('generateDemoSignIns', () => {
    it('answers the sign-ins of the whole data set and the users they belong to', () => {
        const data = generateDemoData('unit-test-seed');
        const signIns = generateDemoSignIns('unit-test-seed');
        expect(signIns.logins).toEqual(data.logins);
        for (const login of signIns.logins) {
            const user = signIns.staffUsers.find((candidate) => candidate.email === login.email);
            expect(data.users).toContainEqual(user);
        }
    });
});
