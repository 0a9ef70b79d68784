/**
 * The backfill's batches: the depot days' rows in transactions of about a target database time.
 * Small days (tours and waypoints only) share a transaction; each day's tours and waypoints are
 * always in one, with or after the day's other rows.
 */
import { yieldToEventLoop, type BulkSession, type TableRows } from './backfill-session.js';
import type { TourRecords } from './backfill-records.js';
import { backfillTables, tableSpecs, type BackfillTable } from './backfill-tables.js';

/** Tables written before the depot day's tours and waypoints, in this order (parents first). */
const leadingTables = backfillTables.filter((t) => t !== 'tours' && t !== 'waypoints');
const PROCESSED_SEQ = tableSpecs.tours.columns.findIndex(([name]) => name === 'processed_seq');

/** Sends depot days' rows in batches of about `targetMs` of database time; `flush` sends the rest. */
export class ChunkWriter {
    private msPerRow = 0.05;
    /** Rows waiting for the next batch, and how many. */
    private parts: TableRows[] = [];
    private size = 0;

    constructor(
        private readonly session: BulkSession,
        private readonly targetMs: number,
        private readonly counts: Record<BackfillTable, number>,
        private readonly time: { write: number },
    ) {}

    /** Sends the waiting rows in one transaction, one statement per table (in table order). */
    async flush(): Promise<void> {
        if (this.parts.length === 0) return;
        const parts = backfillTables
            .map((table) => ({
                table,
                rows: this.parts
                    .filter((part) => part.table === table)
                    .flatMap((part) => part.rows),
            }))
            .filter((part) => part.rows.length > 0);
        const size = this.size;
        [this.parts, this.size] = [[], 0];
        const start = performance.now();
        await this.session.write(parts);
        const elapsed = performance.now() - start;
        this.time.write += elapsed;
        const perRow = elapsed / Math.max(1, size);
        this.msPerRow = 0.7 * this.msPerRow + 0.3 * perRow;
        for (const part of parts) this.counts[part.table] += part.rows.length;
        await yieldToEventLoop();
    }

    private get budget(): number {
        return Math.max(200, Math.round(this.targetMs / this.msPerRow));
    }

    private add(part: TableRows): void {
        this.parts.push(part);
        this.size += part.rows.length;
    }

    /** `sequenced`: the day has events or positions, numbered by `driver_event_seq`. */
    async writeDay(day: TourRecords, sequenced: boolean): Promise<void> {
        for (const table of leadingTables) {
            const rows = day[table];
            for (let offset = 0; offset < rows.length;) {
                const take = Math.min(rows.length - offset, Math.max(1, this.budget - this.size));
                this.add({ table, rows: rows.slice(offset, offset + take) });
                offset += take;
                if (this.size >= this.budget) await this.flush();
            }
        }
        if (sequenced) {
            // The tours' processing watermark: every event written for them is applied, so the
            // day's events and positions go in first (else the processing would apply them again).
            await this.flush();
            const [sequence] = await this.session.query<{ last: string }>(
                'select last_value::text as last from driver_event_seq',
            );
            for (const tour of day.tours) tour[PROCESSED_SEQ] = Number(sequence?.last ?? 0);
        }
        // The depot day's tours and waypoints together: a day with tours is complete.
        if (this.size + day.tours.length + day.waypoints.length > this.budget) await this.flush();
        this.add({ table: 'tours', rows: day.tours });
        this.add({ table: 'waypoints', rows: day.waypoints });
        if (this.size >= this.budget) await this.flush();
    }
}
