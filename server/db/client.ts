import { mkdirSync, readFileSync } from 'node:fs';
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
import { lockDataDir } from './data-dir-lock.js';
import { rememberParamTypes } from './pglite-param-types.js';
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
    /** PGlite only: the whole data directory as an uncompressed tar (see `loadDataDir`). */
    dump?: () => Promise<Blob>;
    close(): Promise<void>;
}

export interface DatabaseOptions {
    /** A PostgreSQL connection string; when absent, embedded PGlite is used. */
    url?: string;
    /** PGlite data directory, or `memory://` for a throwaway in-memory database. */
    dataDir: string;
    /**
     * PGlite in memory only: start from this dump of a data directory (`dumpPgliteDatabase`)
     * instead of an empty one. The tests start each file's database from one migrated dump.
     */
    loadDataDir?: Blob;
    /** Told when the server drops an idle pooled connection (restart, termination); the pool replaces it. */
    onConnectionError?: (error: Error) => void;
}

// Beside this module: server/db/migrations, or build/server/migrations (copied by the server build).
const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Serialises the migrations of several app servers starting at once on one PostgreSQL database. */
const MIGRATION_LOCK_KEY = 7_305_117_000;

/** The `when` of every migration in the drizzle-kit journal of `folder` (drizzle's `created_at`). */
function journalTimes(folder: string): number[] {
    const journal = JSON.parse(readFileSync(resolve(folder, 'meta', '_journal.json'), 'utf8')) as {
        entries: { when: number }[];
    };
    return journal.entries.map((entry) => entry.when);
}

/**
 * The `created_at` of the newest applied migration, or null on a database that has none (no
 * migrations table yet). Two reads, no lock and no DDL, unlike drizzle's migrator.
 */
async function newestAppliedMigration(db: Queryable): Promise<number | null> {
    const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
    const table = rowsOf(
        await db.execute(
            sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
        ),
    );
    if (table[0]?.found !== true) return null;
    const newest = rowsOf(
        await db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`),
    );
    const value = newest[0]?.newest;
    return value === null || value === undefined ? null : Number(value);
}

/**
 * Drizzle's own rule (pg-core dialect `migrate`): a migration is applied when its journal `when`
 * is newer than the newest applied migration's `created_at`, all of them on a database without any.
 */
export function hasPendingMigrations(
    journal: readonly number[],
    newestApplied: number | null,
): boolean {
    return journal.some((when) => newestApplied === null || when > newestApplied);
}

/**
 * Runs `migrate` (drizzle's migrator) only when the journal of `folder` holds a pending migration,
 * so that a restart on an up-to-date database costs two small reads. Answers whether it ran.
 */
export async function migrateIfPending(
    db: Queryable,
    folder: string,
    migrate: () => Promise<void>,
): Promise<boolean> {
    if (!hasPendingMigrations(journalTimes(folder), await newestAppliedMigration(db))) return false;
    await migrate();
    return true;
}

/**
 * Drizzle's migrator on one pooled connection that holds an advisory lock meanwhile: of several
 * app servers starting together, one applies the migrations and the others, once they get the
 * lock, find nothing pending (drizzle's migrator takes no lock of its own).
 */
async function migratePostgres(pool: pg.Pool): Promise<void> {
    const client = await pool.connect();
    let failure: Error | undefined;
    try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client, schema, casing: 'snake_case' }), { migrationsFolder });
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    } catch (error) {
        failure = error instanceof Error ? error : new Error(String(error));
        throw error;
    } finally {
        // After a failure the connection is closed, not reused: closing also drops the lock.
        client.release(failure);
    }
}

/** Opens the database and applies every pending migration before returning. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
    if (options.url) {
        const pool = new pg.Pool({ connectionString: options.url, max: 10 });
        // Without a listener, an idle connection the server closes would crash the process.
        pool.on('error', (error) => options.onConnectionError?.(error));
        const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
        await migrateIfPending(db, migrationsFolder, () => migratePostgres(pool));
        return {
            db,
            driver: 'postgres',
            ping: async () => void (await db.execute(sql`select 1`)),
            close: () => pool.end(),
        };
    }
    const inMemory = options.dataDir.startsWith('memory://');
    if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
    // One process owns a PGlite data directory: a second server is refused, not let in to corrupt it.
    const release = inMemory ? () => undefined : lockDataDir(options.dataDir);
    // pg_trgm: the user list's search index (a contrib extension on PostgreSQL servers too).
    const extensions = { pg_trgm };
    try {
        const client = rememberParamTypes(
            inMemory
                ? new PGlite({ extensions, loadDataDir: options.loadDataDir })
                : new PGlite(resolve(options.dataDir), { extensions }),
        );
        const db = drizzlePglite({ client, schema, casing: 'snake_case' });
        // The directory is this process's alone (above): no migration lock needed.
        await migrateIfPending(db, migrationsFolder, () => migratePglite(db, { migrationsFolder }));
        return {
            db,
            driver: 'pglite',
            ping: async () => void (await db.execute(sql`select 1`)),
            dump: () => client.dumpDataDir('none'),
            close: async () => {
                try {
                    await client.close();
                } finally {
                    release();
                }
            },
        };
    } catch (error) {
        release();
        throw error;
    }
}
