import {
    Table,
    TableBody,
    TableCell,
    TableContainer,
    TableHead,
    TableRow,
    Typography,
} from '@mui/material';
import type { ReactNode } from 'react';

export interface SectionColumn<Row> {
    key: string;
    title: string;
    align?: 'left' | 'right';
    render: (row: Row) => ReactNode;
}

interface TourSectionTableProps<Row> {
    label: string;
    rows: readonly Row[];
    rowKey: (row: Row) => string;
    columns: readonly SectionColumn<Row>[];
    emptyText: string;
}

/**
 * A compact read-only table of the tour view (waypoints, jobs, events): one line per row. It
 * scrolls sideways inside its own focusable region when wider than the page, so the page never does.
 */
export function TourSectionTable<Row>({
    label,
    rows,
    rowKey,
    columns,
    emptyText,
}: TourSectionTableProps<Row>) {
    if (rows.length === 0)
        return (
            <Typography variant="body2" color="text.secondary">
                {emptyText}
            </Typography>
        );
    return (
        <TableContainer
            tabIndex={0}
            role="region"
            aria-label={label}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: '70vh' }}
        >
            <Table size="small" stickyHeader aria-label={label}>
                <TableHead>
                    <TableRow>
                        {columns.map((column) => (
                            <TableCell
                                key={column.key}
                                align={column.align}
                                sx={{ whiteSpace: 'nowrap' }}
                            >
                                {column.title}
                            </TableCell>
                        ))}
                    </TableRow>
                </TableHead>
                <TableBody>
                    {rows.map((row) => (
                        <TableRow key={rowKey(row)}>
                            {columns.map((column) => (
                                <TableCell
                                    key={column.key}
                                    align={column.align}
                                    sx={{ whiteSpace: 'nowrap' }}
                                >
                                    {column.render(row)}
                                </TableCell>
                            ))}
                        </TableRow>
                    ))}
                </TableBody>
            </Table>
        </TableContainer>
    );
}
