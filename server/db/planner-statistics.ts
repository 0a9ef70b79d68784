import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from './client.js';
import { rowsOf } from './raw-results.js';

/**
 * The query planner's statistics on embedded PGlite. PostgreSQL's autovacuum gathers them as
 * tables change; PGlite runs in single-user mode, has no autovacuum and counts no changes
 * (`pg_stat_user_tables` stays at zero), so without this its tables are never analysed and the
 * planner guesses one row for every table: 15 weeks of tour analytics were read by 27,000 index
 * lookups instead of one hash join (the tracking dashboard's read took 770 ms instead of 450 ms,
 * the tour performance of 30 days 440 ms instead of 230 ms).
 *
 * A table is analysed when it never was, or when its size on disk moved by more than a tenth
 * (at least 8 pages) since it last was: the pages an `analyze` records against those it has
 * now, a stat() each. One table at a time, so that requests interleave; `analyze` samples at most
 * 30,000 rows, so a large table costs a few hundred milliseconds.
 */

/** How often the tables are looked at (and those that changed analysed). */
const REFRESH_INTERVAL_MS = 5 * 60_000;
const MIN_CHANGED_PAGES = 8;
const CHANGED_SHARE = 0.1;

interface TableSize extends Record<string, unknown> {
    name: string;
    analysed: boolean;
    recorded_pages: number;
    pages: number;
}

/**
 * The tables and partitions of the public schema whose statistics are missing or stale. A
 * partitioned table itself is left out: analysing it analyses every partition again.
 */
export async function tablesToAnalyse(db: Database): Promise<string[]> {
    const tables = rowsOf<TableSize>(
        await db.execute(sql`
            select c.relname as name, c.reltuples >= 0 as analysed,
                c.relpages::int as recorded_pages,
                (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages
            from pg_class c
            where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
            order by c.relname`),
    );
    return tables
        .filter((table) => {
            if (!table.analysed) return true;
            const moved = Math.abs(table.pages - table.recorded_pages);
            return moved > Math.max(MIN_CHANGED_PAGES, CHANGED_SHARE * table.recorded_pages);
        })
        .map((table) => table.name);
}

/** Analyses the tables whose statistics are missing or stale; answers their names. */
export async function refreshPlannerStatistics(db: Database): Promise<string[]> {
    const tables = await tablesToAnalyse(db);
    for (const table of tables) {
        await db.execute(sql`analyze ${sql.identifier(table)}`);
        // Requests waiting for the single PGlite connection go first.
        await new Promise((resolve) => setImmediate(resolve));
    }
    return tables;
}

export interface StatisticsLog {
    info(fields: object, message: string): void;
    warn(fields: object, message: string): void;
}

/**
 * On PGlite: one refresh now (awaited, so a server starts with statistics that fit its data),
 * then one every five minutes until `stop`. On PostgreSQL autovacuum does it: nothing happens.
 */
export async function startPlannerStatistics(
    handle: DatabaseHandle,
    log: StatisticsLog,
    intervalMs: number = REFRESH_INTERVAL_MS,
): Promise<{ stop(): Promise<void> }> {
    if (handle.driver !== 'pglite') return { stop: () => Promise.resolve() };
    const refresh = async () => {
        const started = performance.now();
        try {
            const tables = await refreshPlannerStatistics(handle.db);
            if (tables.length > 0)
                log.info(
                    { tables: tables.length, ms: Math.round(performance.now() - started) },
                    'planner statistics refreshed',
                );
        } catch (error) {
            log.warn({ err: error }, 'planner statistics could not be refreshed');
        }
    };
    let running: Promise<unknown> = refresh();
    await running;
    const timer = setInterval(() => {
        running = running.then(refresh);
    }, intervalMs);
    timer.unref();
    return {
        stop: async () => {
            clearInterval(timer);
            await running;
        },
    };
}
