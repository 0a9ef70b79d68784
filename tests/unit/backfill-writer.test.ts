import { describe, expect, it } from 'vitest';
import type { TourRecords } from '../../server/demo/simulation/backfill-records.js';
import type { BulkSession, TableRows } from '../../server/demo/simulation/backfill-session.js';
import {
    backfillTables,
    tableSpecs,
    type BackfillTable,
    type Row,
} from '../../server/demo/simulation/backfill-tables.js';
import { ChunkWriter } from '../../server/demo/simulation/backfill-writer.js';

/** A session that records what is written (`table:rows` per transaction) and queried. */
function recordingSession() {
    const log: string[][] = [];
    const written: TableRows[][] = [];
    const session: BulkSession = {
        driver: 'pglite',
        async query<T extends Record<string, unknown>>() {
            log.push(['sequence']);
            return [{ last: '42' }] as unknown as T[];
        },
        async write(parts) {
            log.push(parts.map((part) => `${part.table}:${part.rows.length}`));
            written.push([...parts]);
        },
        transaction: async () => undefined,
        release: async () => undefined,
    };
    return { session, log, written };
}

const rowsOf = (table: BackfillTable, count: number): Row[] =>
    Array.from({ length: count }, () => tableSpecs[table].columns.map(() => null));

function day(counts: Partial<Record<BackfillTable, number>>): TourRecords {
    return Object.fromEntries(
        backfillTables.map((table) => [table, rowsOf(table, counts[table] ?? 0)]),
    ) as TourRecords;
}

const newWriter = (session: BulkSession) =>
    new ChunkWriter(
        session,
        200,
        Object.fromEntries(backfillTables.map((t) => [t, 0])) as Record<BackfillTable, number>,
        { write: 0 },
    );

describe('the backfill’s batches', () => {
    it('writes small days together, one statement per table, when the batch is full or flushed', async () => {
        const { session, log } = recordingSession();
        const writer = newWriter(session);
        for (let i = 0; i < 3; i++)
            await writer.writeDay(day({ driver_app_logins: 10, tours: 10, waypoints: 300 }), false);
        expect(log).toEqual([]);
        await writer.flush();
        expect(log).toEqual([['driver_app_logins:30', 'tours:30', 'waypoints:900']]);
        await writer.flush();
        expect(log).toHaveLength(1);
    });

    it('writes a day’s events before reading the sequence that marks them processed', async () => {
        const { session, log, written } = recordingSession();
        const writer = newWriter(session);
        await writer.writeDay(day({ driver_app_logins: 2, tours: 2, waypoints: 50 }), false);
        const sequenced = day({ driver_app_logins: 2, positions: 100, tours: 2, waypoints: 60 });
        await writer.writeDay(sequenced, true);
        await writer.flush();
        expect(log).toEqual([
            // The day before, whole, with the sequenced day's rows before its tours.
            ['driver_app_logins:4', 'positions:100', 'tours:2', 'waypoints:50'],
            ['sequence'],
            ['tours:2', 'waypoints:60'],
        ]);
        const processedSeq = tableSpecs.tours.columns.findIndex(
            ([name]) => name === 'processed_seq',
        );
        const tours = written[1]?.find((part) => part.table === 'tours')?.rows ?? [];
        expect(tours.map((tour) => tour[processedSeq])).toEqual([42, 42]);
    });

    it('never splits a day’s tours from its waypoints, even when they are more than a batch', async () => {
        const { session, log } = recordingSession();
        const writer = newWriter(session);
        await writer.writeDay(day({ tours: 5, waypoints: 100 }), false);
        await writer.writeDay(day({ tours: 40, waypoints: 10_000 }), false);
        expect(log).toEqual([
            ['tours:5', 'waypoints:100'],
            ['tours:40', 'waypoints:10000'],
        ]);
    });
});
