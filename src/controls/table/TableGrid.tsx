import {
    Checkbox,
    IconButton,
    LinearProgress,
    Table,
    TableBody,
    TableCell,
    TableContainer,
    TableRow,
} from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Fragment, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { TableHeaderRow } from './TableHeaderRow';
import { cellContent, type TableColumn } from './tableColumn';
import type { TableSort } from './tableState';
import type { RowAction } from './useRowAction';
import type { TableSelection } from './useTableSelection';

export interface TableViewProps<RecordType extends RaRecord> {
    label: string;
    resource: string;
    columns: readonly TableColumn<RecordType>[];
    data: RecordType[] | undefined;
    isPending: boolean;
    emptyText: string;
    sort: TableSort | undefined;
    onSort: (field: string) => void;
    rowAction: (record: RecordType) => RowAction | undefined;
    selection?: TableSelection;
    expand?: (record: RecordType) => ReactNode;
    expanded: ReadonlySet<Identifier>;
    onToggleExpand: (id: Identifier) => void;
    /** Prefix of element ids (expanded rows), unique per table. */
    idPrefix: string;
}

const linkRowSx = {
    cursor: 'pointer',
    '&:focus-visible': {
        outline: '2px solid',
        outlineColor: 'primary.main',
        outlineOffset: '-2px',
    },
};

/** Enter on a focused row opens it, unless the key was meant for a control inside the row. */
function openOnEnter(action: RowAction | undefined) {
    return (event: KeyboardEvent<HTMLElement>) => {
        if (action && event.key === 'Enter' && event.target === event.currentTarget) action.open();
    };
}

/** The table layout: a header with sort buttons, rows that open on click or Enter, optional selection and details rows. */
export function TableGrid<RecordType extends RaRecord>(props: TableViewProps<RecordType>) {
    const {
        label,
        resource,
        columns,
        data,
        isPending,
        emptyText,
        sort,
        onSort,
        rowAction,
        selection,
        expand,
        expanded,
        onToggleExpand,
        idPrefix,
    } = props;
    const translate = useTranslate();
    const span = columns.length + (selection ? 1 : 0) + (expand ? 1 : 0);
    const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

    return (
        <TableContainer sx={{ maxHeight: '80vh' }}>
            {/* Outside the body: until data is there, the table has no rows at all. */}
            {isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
            <Table stickyHeader size="small" aria-label={label} aria-busy={isPending}>
                <TableHeaderRow
                    columns={columns}
                    resource={resource}
                    sort={sort}
                    onSort={onSort}
                    expandable={Boolean(expand)}
                    selection={selection}
                />
                <TableBody>
                    {!isPending && !data?.length && (
                        <TableRow>
                            <TableCell colSpan={span}>{emptyText}</TableCell>
                        </TableRow>
                    )}
                    {data?.map((record) => {
                        const action = rowAction(record);
                        const isExpanded = expanded.has(record.id);
                        const detailsId = `${idPrefix}-details-${String(record.id)}`;
                        return (
                            <Fragment key={record.id}>
                                <TableRow
                                    hover
                                    selected={selection?.isSelected(record.id)}
                                    tabIndex={action ? 0 : undefined}
                                    onClick={action?.open}
                                    onKeyDown={openOnEnter(action)}
                                    sx={action ? linkRowSx : undefined}
                                >
                                    {selection && (
                                        <TableCell padding="checkbox" onClick={stop}>
                                            <Checkbox
                                                checked={selection.isSelected(record.id)}
                                                onChange={() => selection.toggle(record.id)}
                                                slotProps={{
                                                    input: {
                                                        'aria-label':
                                                            translate('ra.action.select_row'),
                                                    },
                                                }}
                                            />
                                        </TableCell>
                                    )}
                                    {expand && (
                                        <TableCell padding="checkbox" onClick={stop}>
                                            <IconButton
                                                size="small"
                                                aria-expanded={isExpanded}
                                                aria-controls={isExpanded ? detailsId : undefined}
                                                aria-label={translate(
                                                    isExpanded
                                                        ? 'ra.action.close'
                                                        : 'ra.action.expand',
                                                )}
                                                onClick={() => onToggleExpand(record.id)}
                                            >
                                                {isExpanded ? <ExpandLess /> : <ExpandMore />}
                                            </IconButton>
                                        </TableCell>
                                    )}
                                    {columns.map((column) => (
                                        <TableCell key={column.key} align={column.align}>
                                            {cellContent(column, record)}
                                        </TableCell>
                                    ))}
                                </TableRow>
                                {expand && isExpanded && (
                                    <TableRow id={detailsId}>
                                        <TableCell colSpan={span}>{expand(record)}</TableCell>
                                    </TableRow>
                                )}
                            </Fragment>
                        );
                    })}
                </TableBody>
            </Table>
        </TableContainer>
    );
}
