import { eq, like, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Escapes LIKE wildcards: ids may contain `_`, which LIKE would read as "any character". */
function escapeLike(value: string): string {
    return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * SQL condition keeping rows whose scope path lies under one of `visible` (whole segments:
 * the path itself or `path.` followed by more). `'ALL'` yields no condition; an empty list
 * yields a condition that matches nothing.
 */
export function scopeCondition(column: PgColumn, visible: 'ALL' | string[]): SQL | undefined {
    if (visible === 'ALL') return undefined;
    if (visible.length === 0) return sql`false`;
    return or(...visible.map((prefix) => (prefix === '' ? sql`true` : or(eq(column, prefix), like(column, `${escapeLike(prefix)}.%`)))));
}
