import { Box, IconButton, MenuItem, TextField } from '@mui/material';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import { useTranslate } from 'react-admin';
import type { TableSort } from './tableState';

interface CardSortControlProps {
    columns: readonly { key: string; title: string }[];
    sort: TableSort | undefined;
    onChange: (sort: TableSort) => void;
}

/** Sorting for the card layout, where there are no headers: a column choice and an ascending/descending toggle. */
export function CardSortControl({ columns, sort, onChange }: CardSortControlProps) {
    const translate = useTranslate();
    if (!columns.length || !sort) return null;
    const descending = sort.order === 'DESC';
    return (
        <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1 }}>
            <TextField
                select
                size="small"
                variant="standard"
                fullWidth={false}
                label={translate('ra.action.sort')}
                value={sort.field}
                onChange={(event) => onChange({ field: event.target.value, order: 'ASC' })}
                sx={{ minWidth: 160 }}
            >
                {columns.map((column) => (
                    <MenuItem key={column.key} value={column.key}>
                        {column.title}
                    </MenuItem>
                ))}
            </TextField>
            <IconButton
                aria-label={translate('app.table.sortDirection', {
                    order: translate(descending ? 'ra.sort.DESC' : 'ra.sort.ASC'),
                })}
                onClick={() => onChange({ field: sort.field, order: descending ? 'ASC' : 'DESC' })}
            >
                {descending ? <ArrowDownward /> : <ArrowUpward />}
            </IconButton>
        </Box>
    );
}
