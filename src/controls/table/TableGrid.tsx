import {
    alpha,
    Checkbox,
    IconButton,
    LinearProgress,
    lighten,
    Table,
    TableBody,
    TableContainer,
    type Theme,
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

/** The classes of the body's rows and cells; their styles are set once, on the table. */
const ROW = 'AppTableGrid-row';
/** A body cell's class: pages that adjust cells (their padding) select it. */
export const CELL = 'AppTableGrid-cell';

/**
 * The body rows and cells are plain elements styled by these class rules, which reproduce MUI's
 * small table (TableRow with hover, TableCell size small): one style computation per table
 * instead of one per cell, which on a page of 25 rows of a dozen columns was a good part of the
 * page's first render.
 */
const bodyStyles = (theme: Theme) => {
    const { palette } = theme;
    return {
        maxHeight: '80vh',
        [`& .${ROW}`]: {
            color: 'inherit',
            display: 'table-row',
            verticalAlign: 'middle',
            outline: 0,
            '&:hover': { backgroundColor: palette.action.hover },
            '&.is-selected': {
                backgroundColor: alpha(palette.primary.main, palette.action.selectedOpacity),
                '&:hover': {
                    backgroundColor: alpha(
                        palette.primary.main,
                        palette.action.selectedOpacity + palette.action.hoverOpacity,
                    ),
                },
            },
            '&.is-link': { cursor: 'pointer' },
            '&.is-link:focus-visible': {
                outline: `2px solid ${palette.primary.main}`,
                outlineOffset: '-2px',
            },
        },
        [`& .${CELL}`]: {
            ...theme.typography.body2,
            display: 'table-cell',
            verticalAlign: 'inherit',
            borderBottom: `1px solid ${lighten(alpha(palette.divider, 1), 0.88)}`,
            textAlign: 'left',
            padding: '6px 16px',
            color: palette.text.primary,
            '&.align-center': { textAlign: 'center' },
            '&.align-right': { textAlign: 'right', flexDirection: 'row-reverse' },
            '&.is-checkbox': { width: 24, padding: '0 12px 0 16px', '& > *': { padding: 0 } },
        },
    } as const;
};

const cellClass = (align: 'left' | 'center' | 'right' | undefined) =>
    align && align !== 'left' ? `${CELL} align-${align}` : CELL;
const CHECKBOX_CELL = `${CELL} is-checkbox`;

const rowClass = (link: boolean, selected: boolean) =>
    `${ROW}${link ? ' is-link' : ''}${selected ? ' is-selected' : ''}`;

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
        <TableContainer sx={bodyStyles}>
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
                        <tr>
                            <td className={CELL} colSpan={span}>
                                {emptyText}
                            </td>
                        </tr>
                    )}
                    {data?.map((record) => {
                        const action = rowAction(record);
                        const isExpanded = expanded.has(record.id);
                        const detailsId = `${idPrefix}-details-${String(record.id)}`;
                        return (
                            <Fragment key={record.id}>
                                <tr
                                    className={rowClass(
                                        Boolean(action),
                                        selection?.isSelected(record.id) ?? false,
                                    )}
                                    tabIndex={action ? 0 : undefined}
                                    onClick={action?.open}
                                    onKeyDown={openOnEnter(action)}
                                >
                                    {selection && (
                                        <td className={CHECKBOX_CELL} onClick={stop}>
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
                                        </td>
                                    )}
                                    {expand && (
                                        <td className={CHECKBOX_CELL} onClick={stop}>
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
                                        </td>
                                    )}
                                    {columns.map((column) => (
                                        <td key={column.key} className={cellClass(column.align)}>
                                            {cellContent(column, record)}
                                        </td>
                                    ))}
                                </tr>
                                {expand && isExpanded && (
                                    <tr id={detailsId} className={ROW}>
                                        <td className={CELL} colSpan={span}>
                                            {expand(record)}
                                        </td>
                                    </tr>
                                )}
                            </Fragment>
                        );
                    })}
                </TableBody>
            </Table>
        </TableContainer>
    );
}
