import { useMediaQuery, type Theme } from '@mui/material';
import { useCallback, useEffect, useMemo } from 'react';
import { useListContext } from 'react-admin';
import { useLocation, useSearchParams } from 'react-router-dom';
import {
    defaultSort,
    isSortable,
    nextSort,
    readUrlSort,
    sameSort,
    writeUrlSort,
    type ColumnSpec,
    type TableSort,
} from './tableState';

/**
 * The table's sort, kept in react-admin's list context and, with `syncWithUrl`, in the URL
 * parameters `{tableId}_sort_by` / `{tableId}_sort_desc` (shell §4). The URL wins: a sort it
 * names is applied to the list; a URL without one gets the list's current sort written in.
 * A list sort on a field that is not a sortable column gives way to the default sort.
 */
export function useTableSort(
    tableId: string,
    columns: readonly ColumnSpec[],
    syncWithUrl: boolean,
) {
    const { sort: listSortPayload, setSort } = useListContext();
    const [searchParams, setSearchParams] = useSearchParams();
    const { key: locationKey } = useLocation();
    const toggleOnly = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
    const fallback = useMemo(() => defaultSort(columns), [columns]);

    const listField = listSortPayload?.field;
    const listOrder = listSortPayload?.order;
    const listSort = useMemo<TableSort | undefined>(
        () =>
            listField && listOrder && isSortable(columns, listField)
                ? { field: listField, order: listOrder }
                : undefined,
        [columns, listField, listOrder],
    );
    const urlSort = useMemo(
        () => (syncWithUrl ? readUrlSort(searchParams, tableId, columns) : undefined),
        [syncWithUrl, searchParams, tableId, columns],
    );
    const sort = urlSort ?? listSort ?? fallback;

    useEffect(() => {
        if (sort && !sameSort(sort, listSort)) setSort(sort);
    }, [sort, listSort, setSort]);

    useEffect(() => {
        if (!syncWithUrl || !sort || urlSort) return;
        // The user may already be on the way to another page while this one still renders (that
        // page's code loading): writing the sort now would lead back here. The browser's history
        // entry then belongs to the next page (a memory router leaves it alone).
        const entry = window.history.state as { key?: unknown } | null;
        if (typeof entry?.key === 'string' && entry.key !== locationKey) return;
        setSearchParams((params) => writeUrlSort(params, tableId, sort), { replace: true });
    }, [syncWithUrl, sort, urlSort, setSearchParams, tableId, locationKey]);

    const changeSort = useCallback(
        (next: TableSort) => {
            if (syncWithUrl) setSearchParams((params) => writeUrlSort(params, tableId, next));
            setSort(next);
        },
        [syncWithUrl, setSearchParams, setSort, tableId],
    );

    /** Activating a column header: small screens toggle ascending/descending (shell §4), larger ones cycle back to the default. */
    const sortBy = useCallback(
        (field: string) =>
            changeSort(nextSort(sort, field, toggleOnly ? 'toggle' : 'cycle', fallback)),
        [changeSort, sort, toggleOnly, fallback],
    );

    return { sort, sortBy, changeSort };
}
