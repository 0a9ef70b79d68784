import { Box, useMediaQuery, type Theme } from '@mui/material';
import { useCallback, useId, useMemo, useState, type ReactElement, type ReactNode } from 'react';
import {
    useListContext,
    useResourceContext,
    useTranslate,
    type Identifier,
    type RaRecord,
} from 'react-admin';
import { CardSortControl } from './CardSortControl';
import { ColumnChooser } from './ColumnChooser';
import { TableCards } from './TableCards';
import { columnTitleKey, type TableColumn } from './tableColumn';
import { TableGrid } from './TableGrid';
import { TablePager } from './TablePager';
import { DEFAULT_ROWS_PER_PAGE } from './tableState';
import { TableToolbar } from './TableToolbar';
import { useColumnChoices } from './useColumnChoices';
import { useRowAction, type RowLink } from './useRowAction';
import { useTableSelection } from './useTableSelection';
import { useTableSort } from './useTableSort';

export interface BackOfficeTableProps<RecordType extends RaRecord> {
    /** Names the table: its column choices are stored under it, its URL parameters start with it. */
    tableId: string;
    columns: readonly TableColumn<RecordType>[];
    /**
     * Keep the sort in the URL as `{tableId}_sort_by` / `{tableId}_sort_desc` and restore it from
     * there on load. The surrounding `<List>` must then have `disableSyncWithLocation`, so that
     * react-admin does not also write its own `sort`/`order`/`page` parameters.
     */
    syncWithUrl?: boolean;
    /** Row checkboxes; the selection is react-admin's `selectedIds`. */
    selectable?: boolean;
    /** Details shown below a row when it is expanded. */
    expand?: (record: RecordType) => ReactNode;
    /** Where a row leads ('show', 'edit' or a path); the row opens on click and on Enter. */
    rowLink?: RowLink<RecordType>;
    /** Called when a row without a link is activated. */
    onRowClick?: (record: RecordType) => void;
    /** Filter source of the search field (default `q`); false for no search. */
    searchSource?: string | false;
    /** Further filters: react-admin inputs (they live in a filter form bound to the list). */
    filters?: readonly ReactElement[];
    /** Choices of rows per page; one choice or none hides the chooser. */
    rowsPerPageOptions?: readonly number[];
    /** Translation key naming the table for assistive technology; default the resource's name. */
    label?: string;
}

const defaultRowsPerPageOptions = [DEFAULT_ROWS_PER_PAGE, 50, 100];
const noFilters: readonly ReactElement[] = [];

/**
 * The generic data table of the back office (shell §2.10, §4, §9): search, filters (at most 4 per
 * row), column choice saved per table, sort (optionally in the URL), a pager shown only when
 * there is more than one page, optional selection and expandable rows, and cards on
 * extra-small screens. It renders the list context of react-admin, so use it as the child of
 * `<List>` or `<ListBase>`, which fetch the data:
 *
 * ```tsx
 * <List perPage={25} sort={defaultSort(columns)} disableSyncWithLocation pagination={false} actions={false} empty={false}>
 *     <BackOfficeTable tableId="depots" columns={columns} syncWithUrl rowLink="show" />
 * </List>
 * ```
 */
export function BackOfficeTable<RecordType extends RaRecord>(
    props: BackOfficeTableProps<RecordType>,
) {
    const {
        tableId,
        columns,
        syncWithUrl = false,
        selectable = false,
        expand,
        rowLink,
        onRowClick,
        searchSource = 'q',
        filters = noFilters,
        label,
    } = props;
    const { rowsPerPageOptions = defaultRowsPerPageOptions } = props;
    const translate = useTranslate();
    const resource = useResourceContext() ?? '';
    const { data, isPending, filterValues } = useListContext<RecordType>();
    const isExtraSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
    const idPrefix = useId();

    const { visibleKeys, toggle } = useColumnChoices(tableId, columns);
    const shownColumns = useMemo(
        () => columns.filter((column) => visibleKeys.includes(column.key)),
        [columns, visibleKeys],
    );
    const { sort, sortBy, changeSort } = useTableSort(tableId, columns, syncWithUrl);
    const selection = useTableSelection(selectable);
    const rowAction = useRowAction(rowLink, onRowClick);

    const [expanded, setExpanded] = useState<ReadonlySet<Identifier>>(new Set());
    const toggleExpand = useCallback(
        (id: Identifier) =>
            setExpanded((current) => {
                const next = new Set(current);
                if (!next.delete(id)) next.add(id);
                return next;
            }),
        [],
    );

    const titled = columns.map((column) => ({
        key: column.key,
        title: translate(columnTitleKey(column, resource)),
    }));
    const name = translate(`resources.${resource}.name`, { smart_count: 2, _: resource });
    const hasFilters = Object.keys(filterValues ?? {}).length > 0;
    const emptyText = translate(
        hasFilters ? 'ra.navigation.no_filtered_results' : 'ra.navigation.no_results',
        { name },
    );
    const view = {
        label: label ? translate(label) : name,
        resource,
        columns: shownColumns,
        data,
        isPending,
        emptyText,
        rowAction,
        selection,
        expand,
        expanded,
        onToggleExpand: toggleExpand,
        idPrefix,
    };

    return (
        <Box>
            <TableToolbar
                searchSource={searchSource}
                filters={filters}
                selectedCount={selection?.count ?? 0}
            >
                {isExtraSmall && (
                    <CardSortControl
                        columns={titled.filter(
                            (column) => columns.find((c) => c.key === column.key)?.sortable,
                        )}
                        sort={sort}
                        onChange={changeSort}
                    />
                )}
                <ColumnChooser columns={titled} visibleKeys={visibleKeys} onToggle={toggle} />
            </TableToolbar>
            {isExtraSmall ? (
                <TableCards {...view} />
            ) : (
                <TableGrid {...view} sort={sort} onSort={sortBy} />
            )}
            <TablePager rowsPerPageOptions={rowsPerPageOptions} />
        </Box>
    );
}
