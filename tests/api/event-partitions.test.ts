import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverAppEvents, positions } from '../../server/db/schema/partitioned.js';
import type { DatabaseHandle } from '../../server/db/client.js';
import {
    dropDayPartitionsBefore,
    firstKeptDay,
    maintainPartitions,
    makeDayPartitions,
} from '../../server/services/tour-commander/partitions.js';
import { rowsOf } from '../../server/db/raw-results.js';
import { openTestDatabase } from './helpers/test-app.js';

/** Driver-app events and positions live in day partitions; retention drops whole days. */

let handle: DatabaseHandle;
beforeAll(async () => {
    handle = await openTestDatabase();
});
afterAll(async () => {
    await handle.close();
});

const partitionsOf = async (table: string) =>
    rowsOf<{ name: string }>(
        await handle.db.execute(
            sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent where p.relname = ${table} order by 1`,
        ),
    ).map((row) => row.name);

const position = (eventId: string, at: string) => ({
    tenantId: 't1',
    vehicleId: 'v1',
    occurredAt: new Date(at),
    latitude: 52.5,
    longitude: 13.4,
    sourceKey: 'test',
    eventId,
});

describe('day partitions', () => {
    it('makes one partition per UTC day of both tables, once', async () => {
        expect(await makeDayPartitions(handle.db, '2026-03-01', '2026-03-03')).toBe(6);
        expect(await makeDayPartitions(handle.db, '2026-03-02', '2026-03-04')).toBe(2);
        expect(await partitionsOf('positions')).toEqual([
            'positions_p20260301',
            'positions_p20260302',
            'positions_p20260303',
            'positions_p20260304',
        ]);
        expect(await partitionsOf('driver_app_events')).toHaveLength(4);
    });

    it('routes each row to its UTC day and refuses a row of a day without a partition', async () => {
        await handle.db
            .insert(positions)
            .values([
                position('a', '2026-03-01T23:59:59.999Z'),
                position('b', '2026-03-02T00:00:00Z'),
                position('c', '2026-03-04T12:00:00Z'),
            ]);
        const perDay = await handle.db.execute(
            sql`select tableoid::regclass::text as part, count(*)::int as n from positions group by 1 order by 1`,
        );
        expect(rowsOf(perDay)).toEqual([
            { part: 'positions_p20260301', n: 1 },
            { part: 'positions_p20260302', n: 1 },
            { part: 'positions_p20260304', n: 1 },
        ]);
        await expect(
            handle.db.insert(positions).values(position('d', '2026-03-05T00:00:00Z')),
        ).rejects.toThrow();
    });

    it('stores a retried event once (same sender, id and time)', async () => {
        await handle.db.execute(
            sql`insert into positions (tenant_id, vehicle_id, occurred_at, latitude, longitude, source_key, event_id) values ('t1', 'v1', '2026-03-02T00:00:00Z', 1, 1, 'test', 'b') on conflict do nothing`,
        );
        const [row] = await handle.db.select({ n: count() }).from(positions);
        expect(row?.n).toBe(3);
    });

    it('drops the days before the first kept day, rows and all, and keeps the rest', async () => {
        await handle.db.insert(driverAppEvents).values({
            tenantId: 't1',
            depotId: 'd1',
            scopePath: 't1',
            type: 'SCAN',
            occurredAt: new Date('2026-03-01T10:00:00Z'),
            sourceKey: 'test',
            eventId: 'e1',
        });
        expect(await dropDayPartitionsBefore(handle.db, '2026-03-02')).toBe(2);
        expect(await partitionsOf('positions')).toEqual([
            'positions_p20260302',
            'positions_p20260303',
            'positions_p20260304',
        ]);
        const [left] = await handle.db.select({ n: count() }).from(positions);
        expect(left?.n).toBe(2);
        const [events] = await handle.db.select({ n: count() }).from(driverAppEvents);
        expect(events?.n).toBe(0);
    });

    it('keeps 35 days by default: upkeep makes yesterday to three days ahead and drops older days', async () => {
        const now = new Date('2026-04-10T08:00:00Z');
        expect(firstKeptDay(now, 35)).toBe('2026-03-07');
        const result = await maintainPartitions(handle.db, now, 35);
        // 2026-04-09 … 2026-04-13 for both tables; 2026-03-02 … 04 are older than the retention.
        expect(result).toEqual({ made: 10, dropped: 6 });
        expect(await partitionsOf('positions')).toEqual([
            'positions_p20260409',
            'positions_p20260410',
            'positions_p20260411',
            'positions_p20260412',
            'positions_p20260413',
        ]);
    });
});
