/**
 * The pure rules of the generic data table (shell §2.10, §4, §9): page buttons, default sort,
 * sort in URL parameters, column choices in local storage. No React, no react-admin.
 */

/** Table default rows (shell §9). */
export const DEFAULT_ROWS_PER_PAGE = 25;
/** At most this many numbered page buttons (shell §9). */
const MAX_PAGE_BUTTONS = 7;
/** At most this many filters side by side (shell §9). */
export const MAX_FILTERS_PER_ROW = 4;

export type SortOrder = 'ASC' | 'DESC';
export interface TableSort {
    field: string;
    order: SortOrder;
}

/** What the rules need to know of a column (shell §3 Table column). */
export interface ColumnSpec {
    key: string;
    sortable?: boolean;
    /** Shown until the user chooses otherwise; columns are shown by default unless this is false. */
    default?: boolean;
}

/** Number of pages for `total` rows (at least 1). */
export function pageCount(total: number, perPage: number): number {
    if (perPage <= 0) return 1;
    return Math.max(1, Math.ceil(total / perPage));
}

/** The pager shows only when there are more rows than fit on one page. */
export function showsPager(total: number | undefined, perPage: number): boolean {
    return total !== undefined && total > perPage;
}

/**
 * The 1-based page numbers to show as buttons: all when they fit, else a window of `max`
 * consecutive pages around the current one, shifted to stay inside 1..count.
 */
export function pageWindow(
    current: number,
    count: number,
    max: number = MAX_PAGE_BUTTONS,
): number[] {
    if (count <= 0 || max <= 0) return [];
    const size = Math.min(max, count);
    const page = Math.min(Math.max(1, current), count);
    const start = Math.min(Math.max(1, page - Math.floor((size - 1) / 2)), count - size + 1);
    return Array.from({ length: size }, (_, index) => start + index);
}

/** Tables start sorted by their first sortable column, ascending (shell §4). */
export function defaultSort(
    columns: readonly ColumnSpec[],
    order: SortOrder = 'ASC',
): TableSort | undefined {
    const first = columns.find((column) => column.sortable);
    return first ? { field: first.key, order } : undefined;
}

export function isSortable(columns: readonly ColumnSpec[], field: string): boolean {
    return columns.some((column) => column.sortable && column.key === field);
}

/**
 * The sort after activating the header of `field`: another column starts ascending; the sorted
 * column goes to descending; from descending, `toggle` (small screens) goes back to ascending
 * and `cycle` (larger screens) back to the table's default sort.
 */
export function nextSort(
    current: TableSort | undefined,
    field: string,
    mode: 'toggle' | 'cycle',
    fallback: TableSort | undefined,
): TableSort {
    if (!current || current.field !== field) return { field, order: 'ASC' };
    if (current.order === 'ASC') return { field, order: 'DESC' };
    if (mode === 'cycle' && fallback) return fallback;
    return { field, order: 'ASC' };
}

/** The URL query parameters of a syncing table (shell §4). */
function sortParamNames(tableId: string): { sortBy: string; sortDesc: string } {
    return { sortBy: `${tableId}_sort_by`, sortDesc: `${tableId}_sort_desc` };
}

/** The sort named by the URL, if it names a sortable column; `_sort_desc` is `true` or absent/`false`. */
export function readUrlSort(
    params: URLSearchParams,
    tableId: string,
    columns: readonly ColumnSpec[],
): TableSort | undefined {
    const names = sortParamNames(tableId);
    const field = params.get(names.sortBy);
    if (!field || !isSortable(columns, field)) return undefined;
    return { field, order: params.get(names.sortDesc) === 'true' ? 'DESC' : 'ASC' };
}

/** A copy of `params` carrying `sort` (other parameters untouched). */
export function writeUrlSort(
    params: URLSearchParams,
    tableId: string,
    sort: TableSort,
): URLSearchParams {
    const names = sortParamNames(tableId);
    const next = new URLSearchParams(params);
    next.set(names.sortBy, sort.field);
    next.set(names.sortDesc, String(sort.order === 'DESC'));
    return next;
}

export function sameSort(a: TableSort | undefined, b: TableSort | undefined): boolean {
    return a?.field === b?.field && a?.order === b?.order;
}

/** The column choices of one table, in local storage (shell §4). */
export function columnStorageKey(tableId: string): string {
    return `app.table.${tableId}.columns`;
}

/** The user's explicit show/hide choices: column key → shown. */
export type ColumnChoices = Record<string, boolean>;

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'setItem'>;

/** Stored choices of a table; anything unreadable, and columns the table no longer has, are ignored. */
export function readColumnChoices(
    storage: ReadableStorage | undefined,
    tableId: string,
    columns: readonly ColumnSpec[],
): ColumnChoices {
    let parsed: unknown;
    try {
        parsed = JSON.parse(storage?.getItem(columnStorageKey(tableId)) ?? 'null');
    } catch {
        return {};
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const known = new Set(columns.map((column) => column.key));
    const choices: ColumnChoices = {};
    for (const [key, shown] of Object.entries(parsed)) {
        if (known.has(key) && typeof shown === 'boolean') choices[key] = shown;
    }
    return choices;
}

/** Saves the choices; a full or blocked storage only means they are not kept. */
export function writeColumnChoices(
    storage: WritableStorage | undefined,
    tableId: string,
    choices: ColumnChoices,
): void {
    try {
        storage?.setItem(columnStorageKey(tableId), JSON.stringify(choices));
    } catch {
        // Private mode or quota: the choice lasts for this page only.
    }
}

/** The keys of the shown columns, in table order: the user's choice, else the column's default. */
export function visibleColumnKeys(
    columns: readonly ColumnSpec[],
    choices: ColumnChoices,
): string[] {
    return columns
        .filter((column) => choices[column.key] ?? column.default !== false)
        .map((column) => column.key);
}

/** Choices after toggling one column; the last shown column cannot be hidden. */
export function toggleColumn(
    columns: readonly ColumnSpec[],
    choices: ColumnChoices,
    key: string,
): ColumnChoices {
    const visible = visibleColumnKeys(columns, choices);
    const shown = visible.includes(key);
    if (shown && visible.length === 1) return choices;
    return { ...choices, [key]: !shown };
}
