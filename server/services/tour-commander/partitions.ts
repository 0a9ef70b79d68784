import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../db/raw-results.js';
import type { Queryable } from '../../db/client.js';

/** The day-partitioned tables (migration 0011, server/db/schema/partitioned.ts). */
const PARTITIONED_TABLES = ['driver_app_events', 'positions'] as const;
const DAY_MS = 86_400_000;
/** Partitions exist this many days ahead, so a clock running ahead or midnight never finds none. */
const DAYS_AHEAD = 3;
/** Upkeep runs this often on every app server (idempotent; the first one wins). */
const UPKEEP_INTERVAL_MS = 60 * 60 * 1000;
/** Serialises the upkeep of several app servers (an arbitrary constant). */
const UPKEEP_LOCK_KEY = 7_140_001;

/** `YYYY-MM-DD` of the UTC day `days` after the one `at` falls in. */
export function utcDay(at: Date, days = 0): string {
    return new Date(at.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** Creates the missing day partitions of both tables from `firstDay` to `lastDay` (UTC days, both included). */
export async function makeDayPartitions(
    db: Queryable,
    firstDay: string,
    lastDay: string,
): Promise<number> {
    let made = 0;
    await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${UPKEEP_LOCK_KEY})`);
        for (const table of PARTITIONED_TABLES) {
            const result = await tx.execute(
                sql`select make_day_partitions(${table}, ${firstDay}::date, ${lastDay}::date) as made`,
            );
            made += Number(rowsOf<{ made: number }>(result)[0]?.made ?? 0);
        }
    });
    return made;
}

/** Drops the day partitions of both tables older than the retention (whole days before `firstKeptDay`). */
export async function dropDayPartitionsBefore(
    db: Queryable,
    firstKeptDay: string,
): Promise<number> {
    let dropped = 0;
    await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${UPKEEP_LOCK_KEY})`);
        for (const table of PARTITIONED_TABLES) {
            const result = await tx.execute(
                sql`select drop_day_partitions_before(${table}, ${firstKeptDay}::date) as dropped`,
            );
            dropped += Number(rowsOf<{ dropped: number }>(result)[0]?.dropped ?? 0);
        }
    });
    return dropped;
}

/** The first UTC day kept under a retention of `retentionDays` days (today counts as one). */
export const firstKeptDay = (now: Date, retentionDays: number) => utcDay(now, 1 - retentionDays);

/**
 * Partitions from yesterday to `DAYS_AHEAD` days ahead, and none older than the retention: run at
 * boot and every hour. Dropping a partition removes a day at once, with no row-by-row delete.
 */
export async function maintainPartitions(
    db: Queryable,
    now: Date,
    retentionDays: number,
): Promise<{ made: number; dropped: number }> {
    const made = await makeDayPartitions(db, utcDay(now, -1), utcDay(now, DAYS_AHEAD));
    const dropped = await dropDayPartitionsBefore(db, firstKeptDay(now, retentionDays));
    return { made, dropped };
}

/** Keeps the partitions current while the server runs. */
export function schedulePartitionUpkeep(fastify: FastifyInstance, retentionDays: number): void {
    let timer: NodeJS.Timeout | undefined;
    const run = async () => {
        try {
            const result = await maintainPartitions(fastify.db, new Date(), retentionDays);
            if (result.made + result.dropped > 0)
                fastify.log.info(result, 'event partitions maintained');
        } catch (error) {
            fastify.log.error({ err: error }, 'event partition upkeep failed');
        }
    };
    fastify.addHook('onReady', async () => {
        await run();
        timer = setInterval(() => void run(), UPKEEP_INTERVAL_MS);
        timer.unref();
    });
    fastify.addHook('onClose', async () => {
        if (timer) clearInterval(timer);
    });
}
