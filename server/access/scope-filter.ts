import { eq, like, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Escapes LIKE wildcards: ids may contain `_` (LIKE's "any character"), searches `%` and `_` meant literally. */
export function escapeLike(value: string): string {
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
    return or(
        ...visible.map((prefix) =>
            prefix === ''
                ? sql`true`
                : or(eq(column, prefix), like(column, `${escapeLike(prefix)}.%`)),
        ),
    );
}

/**
 * The same condition as `scopeCondition` for prepared queries: the scopes arrive as the
 * placeholders `scopeAll`, `scopeExact` and `scopePrefixes` (fill them with `scopeParameters`).
 */
export function scopeParameterCondition(column: PgColumn): SQL {
    return sql`(${sql.placeholder('scopeAll')}::boolean or ${column} = any(${sql.placeholder('scopeExact')}::text[]) or ${column} like any(${sql.placeholder('scopePrefixes')}::text[]))`;
}

/** Parameters of `scopeParameterCondition` for a set of visible scopes. */
export function scopeParameters(visible: 'ALL' | string[]): {
    scopeAll: boolean;
    scopeExact: string[];
    scopePrefixes: string[];
} {
    if (visible === 'ALL' || visible.includes(''))
        return { scopeAll: true, scopeExact: [], scopePrefixes: [] };
    return {
        scopeAll: false,
        scopeExact: visible,
        scopePrefixes: visible.map((prefix) => `${escapeLike(prefix)}.%`),
    };
}
