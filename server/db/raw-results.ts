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
