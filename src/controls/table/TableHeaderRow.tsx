import {
    Box,
    Checkbox,
    TableCell,
    TableHead,
    TableRow,
    TableSortLabel,
    Tooltip,
} from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { columnTitleKey, type TableColumn } from './tableColumn';
import type { TableSort } from './tableState';
import { visuallyHidden } from '../visuallyHidden';

/** Tooltip open delay and width (shell §9). */
const TOOLTIP_DELAY_MS = 70;
const tooltipSlots = { tooltip: { sx: { maxWidth: 276 } } };

interface TableHeaderRowProps<RecordType extends RaRecord> {
    columns: readonly TableColumn<RecordType>[];
    resource: string;
    sort: TableSort | undefined;
    onSort: (field: string) => void;
    expandable: boolean;
    selection?: { all: boolean; some: boolean; toggleAll: () => void };
}

/** The header: sortable titles are buttons (aria-sort on the sorted one), then the selection and expand columns. */
export function TableHeaderRow<RecordType extends RaRecord>({
    columns,
    resource,
    sort,
    onSort,
    expandable,
    selection,
}: TableHeaderRowProps<RecordType>) {
    const translate = useTranslate();
    return (
        <TableHead>
            <TableRow>
                {selection && (
                    <TableCell padding="checkbox">
                        <Checkbox
                            checked={selection.all}
                            indeterminate={selection.some && !selection.all}
                            onChange={selection.toggleAll}
                            slotProps={{
                                input: { 'aria-label': translate('ra.action.select_all') },
                            }}
                        />
                    </TableCell>
                )}
                {expandable && (
                    <TableCell padding="checkbox">
                        <Box component="span" sx={visuallyHidden}>
                            {translate('app.table.details')}
                        </Box>
                    </TableCell>
                )}
                {columns.map((column) => {
                    const title = translate(columnTitleKey(column, resource));
                    const direction =
                        sort?.field === column.key
                            ? sort.order === 'DESC'
                                ? 'desc'
                                : 'asc'
                            : undefined;
                    const label = column.sortable ? (
                        <TableSortLabel
                            active={direction !== undefined}
                            direction={direction ?? 'asc'}
                            onClick={() => onSort(column.key)}
                        >
                            {title}
                        </TableSortLabel>
                    ) : (
                        title
                    );
                    return (
                        <TableCell
                            key={column.key}
                            align={column.align}
                            sortDirection={direction ?? false}
                        >
                            {column.tooltip ? (
                                <Tooltip
                                    title={translate(column.tooltip)}
                                    enterDelay={TOOLTIP_DELAY_MS}
                                    describeChild
                                    slotProps={tooltipSlots}
                                >
                                    <span>{label}</span>
                                </Tooltip>
                            ) : (
                                label
                            )}
                        </TableCell>
                    );
                })}
            </TableRow>
        </TableHead>
    );
}
