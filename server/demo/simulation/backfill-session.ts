/**
 * The backfill's connection to the database, outside the ORM: set-based batch writes (binary COPY
 * from an in-memory file on PGlite, `jsonb_to_recordset` on PostgreSQL), each batch one transaction,
 * plus plain queries. On PostgreSQL it holds one pooled connection with a session advisory lock,
 * so of several app servers starting together only one backfills.
 */
import { PGlite, type Transaction as PGliteTransaction } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../../db/client.js';
import { copyBinary, copyBinaryStatement } from './backfill-binary.js';
import {
    recordsetStatement,
    recordsJson,
    tableSpecs,
    type BackfillTable,
    type Row,
} from './backfill-tables.js';

/** The rows of one table in a batch. */
export interface TableRows {
    table: BackfillTable;
    rows: Row[];
}

type Query = (text: string, params?: unknown[]) => Promise<unknown>;

export interface BulkSession {
    driver: 'pglite' | 'postgres';
    query<T extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
    /** Writes the parts in order, in one transaction. */
    write(parts: readonly TableRows[]): Promise<void>;
    /** Runs `work` in one transaction. */
    transaction(work: (query: Query) => Promise<void>): Promise<void>;
    release(): Promise<void>;
}

/** Lets the product's own requests run between two steps of the backfill. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Held by the app server that backfills (an arbitrary constant). */
const BACKFILL_LOCK_KEY = 7_140_014;

function pgliteSession(client: PGlite): BulkSession {
    return {
        driver: 'pglite',
        async query<T extends Record<string, unknown>>(text: string, params: unknown[] = []) {
            return (await client.query<T>(text, params)).rows;
        },
        async write(parts) {
            await client.transaction(async (tx: PGliteTransaction) => {
                // The rows reference only what the backfill checked exists (its input's depots,
                // vehicles and users) and rows of the same batches, written parents first:
                // the foreign-key triggers are skipped for this transaction, like pg_restore
                // --disable-triggers. PGlite's user is a superuser; PostgreSQL keeps the checks.
                await tx.query('set local session_replication_role = replica');
                for (const { table, rows } of parts) {
                    if (rows.length === 0) continue;
                    await tx.query(copyBinaryStatement(tableSpecs[table]), [], {
                        blob: new Blob([copyBinary(tableSpecs[table], rows)]),
                    });
                }
            });
        },
        async transaction(work) {
            await client.transaction(async (tx) => {
                await work((text, params) => tx.query(text, params));
            });
        },
        release: async () => undefined,
    };
}

async function postgresSession(pool: pg.Pool): Promise<BulkSession | null> {
    const client = await pool.connect();
    const locked = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1) as locked',
        [BACKFILL_LOCK_KEY],
    );
    if (locked.rows[0]?.locked !== true) {
        client.release();
        return null;
    }
    const transaction = async (work: (query: Query) => Promise<void>): Promise<void> => {
        try {
            await client.query('begin');
            await work((text, params) => client.query(text, params));
            await client.query('commit');
        } catch (error) {
            await client.query('rollback').catch(() => undefined);
            throw error;
        }
    };
    return {
        driver: 'postgres',
        async query<T extends Record<string, unknown>>(text: string, params: unknown[] = []) {
            return (await client.query<T>(text, params)).rows;
        },
        async write(parts) {
            await transaction(async (query) => {
                for (const { table, rows } of parts) {
                    if (rows.length === 0) continue;
                    const spec = tableSpecs[table];
                    await query(recordsetStatement(spec), [recordsJson(spec, rows)]);
                }
            });
        },
        transaction,
        async release() {
            try {
                await client.query('select pg_advisory_unlock($1)', [BACKFILL_LOCK_KEY]);
                client.release();
            } catch (error) {
                // A connection that failed is closed rather than reused: closing drops the lock.
                client.release(error instanceof Error ? error : new Error(String(error)));
            }
        },
    };
}

/**
 * The bulk session on the database's own client (both drizzle drivers keep it as `$client`), or
 * null when another app server holds the backfill lock.
 */
export async function openBulkSession(db: Database): Promise<BulkSession | null> {
    const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
    return client instanceof PGlite ? pgliteSession(client) : postgresSession(client);
}
