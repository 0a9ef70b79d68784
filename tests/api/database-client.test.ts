import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.js';
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
