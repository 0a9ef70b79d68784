/**
 * The backfill's batches: the depot days' rows in transactions of about a target database time.
 * Small days (tours and waypoints only) share a transaction; each day's tours, waypoints, tour
 * figures and reviews are always in one, with or after the day's other rows.
 */
import { yieldToEventLoop, type BulkSession, type TableRows } from './backfill-session.js';
import type { TourRecords } from './backfill-records.js';
import { backfillTables, tableSpecs, type BackfillTable } from './backfill-tables.js';

/** The depot day's closing tables: written together, so a day with tours is complete. */
const closingTables = ['tours', 'waypoints', 'tour_analytics', 'consignee_reviews'] as const;
/** Tables written before the closing ones, in this order (parents first). */
const leadingTables = backfillTables.filter(
    (t) => !(closingTables as readonly BackfillTable[]).includes(t),
);
const seqColumn = (table: 'tours' | 'tour_analytics') =>
    tableSpecs[table].columns.findIndex(([name]) => name === 'processed_seq');
const PROCESSED_SEQ = { tours: seqColumn('tours'), tour_analytics: seqColumn('tour_analytics') };

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
            const last = Number(sequence?.last ?? 0);
            for (const tour of day.tours) tour[PROCESSED_SEQ.tours] = last;
            for (const row of day.tour_analytics) row[PROCESSED_SEQ.tour_analytics] = last;
        }
        // The depot day's tours, waypoints and their figures together: a day with tours is complete.
        const closing = closingTables.reduce((sum, table) => sum + day[table].length, 0);
        if (this.size + closing > this.budget) await this.flush();
        for (const table of closingTables) this.add({ table, rows: day[table] });
        if (this.size >= this.budget) await this.flush();
    }
}
