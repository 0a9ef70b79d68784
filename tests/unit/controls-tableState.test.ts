import { describe, expect, it } from 'vitest';
import {
    columnStorageKey,
    defaultSort,
    nextSort,
    pageCount,
    pageWindow,
    readColumnChoices,
    readUrlSort,
    showsPager,
    toggleColumn,
    visibleColumnKeys,
    writeColumnChoices,
    writeUrlSort,
    type ColumnSpec,
} from '../../src/controls/table/tableState';

const columns: ColumnSpec[] = [
    { key: 'icon' },
    { key: 'number', sortable: true },
    { key: 'name', sortable: true },
    { key: 'zone', sortable: true, default: false },
];

function memoryStorage(initial: Record<string, string> = {}) {
    const items = new Map(Object.entries(initial));
    return {
        items,
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => void items.set(key, value),
    };
}

describe('pageWindow', () => {
    it('shows every page when there are at most 7', () => {
        expect(pageWindow(1, 1)).toEqual([1]);
        expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
        expect(pageWindow(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    });

    it('keeps 7 buttons around the current page, shifted at both ends', () => {
        expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7]);
        expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 7]);
        expect(pageWindow(5, 20)).toEqual([2, 3, 4, 5, 6, 7, 8]);
        expect(pageWindow(10, 20)).toEqual([7, 8, 9, 10, 11, 12, 13]);
        expect(pageWindow(17, 20)).toEqual([14, 15, 16, 17, 18, 19, 20]);
        expect(pageWindow(20, 20)).toEqual([14, 15, 16, 17, 18, 19, 20]);
        expect(pageWindow(8, 8)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    });

    it('never shows more than 7 buttons nor pages outside 1..count', () => {
        for (let count = 1; count <= 30; count++) {
            for (let page = 1; page <= count; page++) {
                const window = pageWindow(page, count);
                expect(window.length).toBe(Math.min(7, count));
                expect(window).toContain(page);
                expect(window[0]).toBeGreaterThanOrEqual(1);
                expect(window.at(-1)).toBeLessThanOrEqual(count);
            }
        }
    });

    it('clamps a page beyond the end and answers nothing without pages', () => {
        expect(pageWindow(50, 9)).toEqual([3, 4, 5, 6, 7, 8, 9]);
        expect(pageWindow(1, 0)).toEqual([]);
    });
});

describe('pager', () => {
    it('shows only when the rows exceed one page of 25', () => {
        expect(showsPager(undefined, 25)).toBe(false);
        expect(showsPager(0, 25)).toBe(false);
        expect(showsPager(25, 25)).toBe(false);
        expect(showsPager(26, 25)).toBe(true);
    });

    it('counts pages', () => {
        expect(pageCount(0, 25)).toBe(1);
        expect(pageCount(25, 25)).toBe(1);
        expect(pageCount(26, 25)).toBe(2);
        expect(pageCount(101, 25)).toBe(5);
    });
});

describe('sort', () => {
    it('starts with the first sortable column, ascending', () => {
        expect(defaultSort(columns)).toEqual({ field: 'number', order: 'ASC' });
        expect(defaultSort(columns, 'DESC')).toEqual({ field: 'number', order: 'DESC' });
        expect(defaultSort([{ key: 'icon' }])).toBeUndefined();
    });

    it('goes ascending, descending, then toggles on small screens or returns to the default on larger ones', () => {
        const fallback = { field: 'number', order: 'ASC' } as const;
        expect(nextSort(fallback, 'name', 'cycle', fallback)).toEqual({
            field: 'name',
            order: 'ASC',
        });
        expect(nextSort({ field: 'name', order: 'ASC' }, 'name', 'cycle', fallback)).toEqual({
            field: 'name',
            order: 'DESC',
        });
        expect(nextSort({ field: 'name', order: 'DESC' }, 'name', 'cycle', fallback)).toEqual(
            fallback,
        );
        expect(nextSort({ field: 'name', order: 'DESC' }, 'name', 'toggle', fallback)).toEqual({
            field: 'name',
            order: 'ASC',
        });
        expect(nextSort({ field: 'name', order: 'DESC' }, 'zone', 'toggle', fallback)).toEqual({
            field: 'zone',
            order: 'ASC',
        });
    });

    it('round-trips through {table}_sort_by and {table}_sort_desc, leaving other parameters alone', () => {
        const params = writeUrlSort(new URLSearchParams('other=1&depots_sort_by=zone'), 'depots', {
            field: 'name',
            order: 'DESC',
        });
        expect(params.toString()).toBe('other=1&depots_sort_by=name&depots_sort_desc=true');
        expect(readUrlSort(params, 'depots', columns)).toEqual({ field: 'name', order: 'DESC' });
        const ascending = writeUrlSort(params, 'depots', { field: 'number', order: 'ASC' });
        expect(ascending.get('depots_sort_desc')).toBe('false');
        expect(readUrlSort(ascending, 'depots', columns)).toEqual({
            field: 'number',
            order: 'ASC',
        });
    });

    it('ignores URL sorts of other tables, unknown or unsortable columns', () => {
        expect(
            readUrlSort(new URLSearchParams('users_sort_by=name'), 'depots', columns),
        ).toBeUndefined();
        expect(
            readUrlSort(new URLSearchParams('depots_sort_by=secret'), 'depots', columns),
        ).toBeUndefined();
        expect(
            readUrlSort(new URLSearchParams('depots_sort_by=icon'), 'depots', columns),
        ).toBeUndefined();
        expect(
            readUrlSort(
                new URLSearchParams('depots_sort_by=name&depots_sort_desc=yes'),
                'depots',
                columns,
            ),
        ).toEqual({ field: 'name', order: 'ASC' });
    });
});

describe('column choices', () => {
    it('shows default columns until the user chooses', () => {
        expect(visibleColumnKeys(columns, {})).toEqual(['icon', 'number', 'name']);
        expect(visibleColumnKeys(columns, { zone: true, icon: false })).toEqual([
            'number',
            'name',
            'zone',
        ]);
    });

    it('stores choices per table and reads them back', () => {
        const storage = memoryStorage();
        writeColumnChoices(storage, 'depots', { zone: true });
        writeColumnChoices(storage, 'users', { name: false });
        expect(storage.items.get(columnStorageKey('depots'))).toBe('{"zone":true}');
        expect(readColumnChoices(storage, 'depots', columns)).toEqual({ zone: true });
        expect(readColumnChoices(storage, 'users', columns)).toEqual({ name: false });
        expect(readColumnChoices(storage, 'vehicles', columns)).toEqual({});
    });

    it('ignores stored columns the table no longer has, and unreadable values', () => {
        const key = columnStorageKey('depots');
        expect(
            readColumnChoices(
                memoryStorage({ [key]: '{"gone":false,"name":false,"zone":"yes"}' }),
                'depots',
                columns,
            ),
        ).toEqual({ name: false });
        expect(readColumnChoices(memoryStorage({ [key]: 'not json' }), 'depots', columns)).toEqual(
            {},
        );
        expect(readColumnChoices(memoryStorage({ [key]: '["name"]' }), 'depots', columns)).toEqual(
            {},
        );
        expect(readColumnChoices(undefined, 'depots', columns)).toEqual({});
    });

    it('survives a storage that refuses to write', () => {
        const failing = {
            setItem: () => {
                throw new Error('quota');
            },
        };
        expect(() => writeColumnChoices(failing, 'depots', { name: false })).not.toThrow();
    });

    it('toggles a column but never hides the last one', () => {
        const one: ColumnSpec[] = [{ key: 'a' }, { key: 'b' }];
        const hidden = toggleColumn(one, {}, 'a');
        expect(visibleColumnKeys(one, hidden)).toEqual(['b']);
        expect(toggleColumn(one, hidden, 'b')).toBe(hidden);
        expect(visibleColumnKeys(one, toggleColumn(one, hidden, 'a'))).toEqual(['a', 'b']);
    });
});
