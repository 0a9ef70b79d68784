import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../../server/db/client.js';
import { driverAppEvents } from '../../../server/db/schema/partitioned.js';
import { makeDayPartitions, utcDay } from '../../../server/services/tour-commander/partitions.js';

type EventRow = Omit<typeof driverAppEvents.$inferInsert, 'sourceKey' | 'eventId'> &
    Partial<Pick<typeof driverAppEvents.$inferInsert, 'sourceKey' | 'eventId'>>;

/**
 * Writes driver-app events straight into the day-partitioned table, as fixtures: makes the
 * partitions of their days first, and names a test sender and a fresh event id when the row
 * does not.
 */
export async function insertDriverAppEvents(db: Queryable, rows: EventRow[]): Promise<void> {
    if (rows.length === 0) return;
    const days = rows.map((row) => utcDay(new Date(row.occurredAt))).sort();
    await makeDayPartitions(db, days[0] as string, days[days.length - 1] as string);
    for (let start = 0; start < rows.length; start += 500)
        await db.insert(driverAppEvents).values(
            rows.slice(start, start + 500).map((row) => ({
                sourceKey: 'test',
                eventId: randomUUID(),
                ...row,
            })),
        );
}
