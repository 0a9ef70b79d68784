import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client.js';
import {
    refreshPlannerStatistics,
    startPlannerStatistics,
    tablesToAnalyse,
} from '../../server/db/planner-statistics.js';
import { rowsOf } from '../../server/db/raw-results.js';
import { openTestDatabase } from './helpers/test-app.js';

/**
 * PGlite has no autovacuum: the server analyses its tables itself (server/db/planner-statistics.ts),
 * those never analysed and those whose size moved by more than a tenth. On PostgreSQL it leaves
 * this to autovacuum.
 */
let handle: DatabaseHandle;
beforeAll(async () => {
    handle = await openTestDatabase();
});
afterAll(() => handle.close());

const recorded = async (table: string) =>
    rowsOf<{ tuples: number }>(
        await handle.db.execute(
            sql`select reltuples::int as tuples from pg_class where relname = ${table}`,
        ),
    )[0]?.tuples;

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('planner statistics on PGlite', () => {
    it('analyses the tables never analysed, then only a table that grew', async () => {
        expect(await tablesToAnalyse(handle.db)).toContain('tours');
        const first = await refreshPlannerStatistics(handle.db);
        expect(first).toContain('tours');
        expect(first).toContain('tour_analytics');
        expect(await refreshPlannerStatistics(handle.db)).toEqual([]);

        // A table analysed empty, then 2,000 rows of 200 bytes (about 60 pages).
        await handle.db.execute(sql`create table planner_probe (n int, pad text)`);
        expect(await refreshPlannerStatistics(handle.db)).toEqual(['planner_probe']);
        await handle.db.execute(sql`
            insert into planner_probe select n, repeat('x', 200) from generate_series(1, 2000) n`);
        expect(await recorded('planner_probe')).toBe(0);
        expect(await refreshPlannerStatistics(handle.db)).toEqual(['planner_probe']);
        expect(await recorded('planner_probe')).toBe(2000);
        expect(await refreshPlannerStatistics(handle.db)).toEqual([]);
    });

    it('refreshes once when started and reports it', async () => {
        await handle.db.execute(sql`truncate planner_probe`);
        const lines: string[] = [];
        const log = { info: (_: object, line: string) => lines.push(line), warn: () => undefined };
        const statistics = await startPlannerStatistics(handle, log);
        await statistics.stop();
        expect(lines).toEqual(['planner statistics refreshed']);
        expect(await recorded('planner_probe')).toBe(0);
    });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('planner statistics on PostgreSQL', () => {
    it('leaves them to autovacuum', async () => {
        const lines: string[] = [];
        const log = { info: (_: object, line: string) => lines.push(line), warn: () => undefined };
        const statistics = await startPlannerStatistics(handle, log);
        await statistics.stop();
        expect(lines).toEqual([]);
    });
});
