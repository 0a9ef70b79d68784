/**
 * The number of rows a raw `db.execute` changed: PGlite answers `affectedRows`, node-postgres
 * `rowCount`.
 */
export function affectedRows(result: unknown): number {
    const shape = result as { affectedRows?: number | null; rowCount?: number | null };
    return shape.affectedRows ?? shape.rowCount ?? 0;
}

/** The rows a raw `db.execute` answered (both drivers answer `{ rows }`). */
export function rowsOf<T extends Record<string, unknown>>(result: unknown): T[] {
    return (result as { rows: T[] }).rows;
}

/**
 * A query whose rows come back as one JSON text (`jsonRows`): `json_agg` of its rows, in the
 * order of `orderBy` (expressions over the query's columns, as `r.<column>`): an aggregate does
 * not promise to keep the order of its subquery.
 */
export const asJsonRows = (query: string, orderBy: string) =>
    `select coalesce(json_agg(r order by ${orderBy}), '[]')::text as rows from (${query}) r`;

/**
 * The rows of a query run through `asJsonRows`. Embedded PGlite hands over many rows of many
 * columns slower than it finds them (300 tours of 32 columns: about 50 ms, the query itself 33);
 * one JSON text and one `JSON.parse` cost a few. Timestamps arrive as ISO strings, `numeric`
 * as numbers; each column must be read accordingly.
 */
export function jsonRows<T>(rows: readonly { rows: string }[]): T[] {
    return JSON.parse(rows[0]?.rows ?? '[]') as T[];
}
