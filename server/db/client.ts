import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

type Schema = typeof schema;
/** One type for both drivers (PGlite and node-postgres): same schema, same queries. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle, usable wherever a `Database` is. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
    db: Database;
    driver: 'pglite' | 'postgres';
    /** Runs `select 1`; used by /readyz. */
    ping(): Promise<void>;
    close(): Promise<void>;
}

export interface DatabaseOptions {
    /** A PostgreSQL connection string; when absent, embedded PGlite is used. */
    url?: string;
    /** PGlite data directory, or `memory://` for a throwaway in-memory database. */
    dataDir: string;
    /** Told when the server drops an idle pooled connection (restart, termination); the pool replaces it. */
    onConnectionError?: (error: Error) => void;
}

const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Opens the database and applies every pending migration before returning. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
    if (options.url) {
        const pool = new pg.Pool({ connectionString: options.url, max: 10 });
        // Without a listener, an idle connection the server closes would crash the process.
        pool.on('error', (error) => options.onConnectionError?.(error));
        const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
        await migratePg(db, { migrationsFolder });
        return {
            db,
            driver: 'postgres',
            ping: async () => void (await db.execute(sql`select 1`)),
            close: () => pool.end(),
        };
    }
    const inMemory = options.dataDir.startsWith('memory://');
    if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
    // pg_trgm: the user list's search index (a contrib extension on PostgreSQL servers too).
    const extensions = { pg_trgm };
    const client = inMemory
        ? new PGlite({ extensions })
        : new PGlite(resolve(options.dataDir), { extensions });
    const db = drizzlePglite({ client, schema, casing: 'snake_case' });
    await migratePglite(db, { migrationsFolder });
    return {
        db,
        driver: 'pglite',
        ping: async () => void (await db.execute(sql`select 1`)),
        close: () => client.close(),
    };
}
