import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.js';
import { listenToChannel } from '../../server/db/notifications.js';
import { openTestDatabase } from './helpers/test-app.js';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('database client on a PostgreSQL server', () => {
    it('survives the server closing an idle pooled connection, and reports it', async () => {
        // A database of our own, so that terminating its connections touches no other test file.
        const handle = await openTestDatabase();
        const url = new URL(serverUrl as string);
        const result: unknown = await handle.db.execute(sql`select current_database() as name`);
        const name = (result as { rows: { name: string }[] }).rows[0]?.name ?? '';
        url.pathname = `/${name}`;
        const lost: Error[] = [];
        const database = await openDatabase({
            url: url.toString(),
            dataDir: 'unused',
            onConnectionError: (error) => lost.push(error),
        });
        try {
            await database.ping();
            const admin = new pg.Client({ connectionString: serverUrl });
            await admin.connect();
            await admin.query(
                'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
                [name],
            );
            await admin.end();
            await expect.poll(() => lost.length, { timeout: 5_000 }).toBeGreaterThan(0);
            expect((lost[0] as Error & { code?: string }).code).toBe('57P01');
            // The pool opens a new connection for the next query.
            await database.ping();
        } finally {
            await database.close();
            await handle.close();
        }
    });
});

describe.skipIf(!serverUrl)('notifications on a PostgreSQL server', () => {
    it('shares one connection outside the pool for every channel, and listens again after a loss', async () => {
        const handle = await openTestDatabase();
        const url = new URL(serverUrl as string);
        const result: unknown = await handle.db.execute(sql`select current_database() as name`);
        const name = (result as { rows: { name: string }[] }).rows[0]?.name ?? '';
        url.pathname = `/${name}`;
        const database = await openDatabase({ url: url.toString(), dataDir: 'unused' });
        const heard: string[] = [];
        const states: string[] = [];
        const listener = (label: string) => ({
            onNotify: () => heard.push(label),
            onListening: (on: boolean) => states.push(`${label}:${on}`),
        });
        const stops = [
            await listenToChannel(database, 'test_one', listener('one')),
            await listenToChannel(database, 'test_two', listener('two')),
            await listenToChannel(database, 'test_two', listener('two again')),
        ];
        const listeners = async () => {
            const rows: unknown = await database.db.execute(
                sql`select count(*)::int as n from pg_stat_activity where datname = ${name} and query like 'LISTEN%'`,
            );
            return (rows as { rows: { n: number }[] }).rows[0]?.n;
        };
        try {
            expect(await listeners()).toBe(1);
            await database.db.execute(
                sql`select pg_notify('test_one', ''), pg_notify('test_two', '')`,
            );
            await expect.poll(() => [...heard].sort()).toEqual(['one', 'two', 'two again']);

            // The server drops the listening connection: every listener is told, then listens again.
            const admin = new pg.Client({ connectionString: serverUrl });
            await admin.connect();
            await admin.query(
                `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query like 'LISTEN%'`,
                [name],
            );
            await admin.end();
            await expect
                .poll(() => states.filter((state) => state.endsWith('false')).length, {
                    timeout: 5_000,
                })
                .toBe(3);
            await expect
                .poll(() => states.filter((state) => state.endsWith('true')).length, {
                    timeout: 5_000,
                })
                .toBeGreaterThanOrEqual(6);
            heard.length = 0;
            await database.db.execute(sql`select pg_notify('test_two', '')`);
            await expect.poll(() => [...heard].sort()).toEqual(['two', 'two again']);
        } finally {
            for (const stop of stops) await stop();
            await database.close();
            await handle.close();
        }
    });
});
