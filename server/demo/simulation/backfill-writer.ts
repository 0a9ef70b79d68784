/** The backfill's batches: a depot day's rows in transactions of about a target database time. */
import { yieldToEventLoop, type BulkSession, type TableRows } from './backfill-session.js';
import type { TourRecords } from './backfill-records.js';
import { backfillTables, tableSpecs, type BackfillTable } from './backfill-tables.js';

/** Tables written before the depot day's tours and waypoints, in this order (parents first). */
const leadingTables = backfillTables.filter((t) => t !== 'tours' && t !== 'waypoints');
const PROCESSED_SEQ = tableSpecs.tours.columns.findIndex(([name]) => name === 'processed_seq');

/** Sends a depot day's rows in batches of about `targetMs` of database time. */
export class ChunkWriter {
    private msPerRow = 0.05;

    constructor(
        private readonly session: BulkSession,
        private readonly targetMs: number,
        private readonly counts: Record<BackfillTable, number>,
        private readonly time: { write: number },
    ) {}

    private async send(parts: TableRows[]): Promise<void> {
        const size = parts.reduce((sum, part) => sum + part.rows.length, 0);
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

    /** `sequenced`: the day has events or positions, numbered by `driver_event_seq`. */
    async writeDay(day: TourRecords, sequenced: boolean): Promise<void> {
        let parts: TableRows[] = [];
        let size = 0;
        for (const table of leadingTables) {
            const rows = day[table];
            for (let offset = 0; offset < rows.length;) {
                const take = Math.min(rows.length - offset, this.budget - size);
                parts.push({ table, rows: rows.slice(offset, offset + take) });
                size += take;
                offset += take;
                if (size >= this.budget) {
                    await this.send(parts);
                    [parts, size] = [[], 0];
                }
            }
        }
        if (sequenced) {
            // The tours' processing watermark: every event written for them is applied.
            const [sequence] = await this.session.query<{ last: string }>(
                'select last_value::text as last from driver_event_seq',
            );
            for (const tour of day.tours) tour[PROCESSED_SEQ] = Number(sequence?.last ?? 0);
        }
        // The depot day's tours and waypoints together, last: a day with tours is complete.
        if (size + day.tours.length + day.waypoints.length > this.budget && parts.length > 0) {
            await this.send(parts);
            parts = [];
        }
        parts.push(
            { table: 'tours', rows: day.tours },
            { table: 'waypoints', rows: day.waypoints },
        );
        await this.send(parts);
    }
}
