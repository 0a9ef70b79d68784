import { Box, MenuItem, PaginationItem, TextField, Typography } from '@mui/material';
import { useId } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import { pageCount, pageWindow, showsPager } from './tableState';

interface TablePagerProps {
    rowsPerPageOptions: readonly number[];
}

/**
 * Page buttons below the table (shell §4, §9): shown only when there are more rows than one
 * page holds; at most 7 numbered buttons around the current page, plus first, previous, next
 * and last. Pages are 1-based here as in react-admin; data providers turn them into offsets.
 */
export function TablePager({ rowsPerPageOptions }: TablePagerProps) {
    const { page, perPage, total, setPage, setPerPage, isPending } = useListContext();
    const translate = useTranslate();
    const labelId = useId();
    if (isPending || !showsPager(total, perPage) || total === undefined) return null;

    const count = pageCount(total, perPage);
    const current = Math.min(page, count);
    const first = (current - 1) * perPage + 1;
    const last = Math.min(current * perPage, total);
    const go = (target: number) => () => setPage(target);

    return (
        <Box
            component="nav"
            aria-label={translate('app.table.pagination')}
            sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                justifyContent: 'flex-end',
                gap: 2,
                px: 2,
                py: 1,
            }}
        >
            {rowsPerPageOptions.length > 1 && (
                <TextField
                    select
                    size="small"
                    variant="standard"
                    fullWidth={false}
                    id={labelId}
                    label={translate('ra.navigation.page_rows_per_page')}
                    value={perPage}
                    onChange={(event) => setPerPage(Number(event.target.value))}
                    sx={{ minWidth: 120 }}
                >
                    {rowsPerPageOptions.map((option) => (
                        <MenuItem key={option} value={option}>
                            {option}
                        </MenuItem>
                    ))}
                </TextField>
            )}
            <Typography variant="body2" aria-live="polite">
                {translate('ra.navigation.page_range_info', {
                    offsetBegin: first,
                    offsetEnd: last,
                    total,
                })}
            </Typography>
            <Box
                component="ul"
                sx={{ display: 'flex', flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0, gap: 0.5 }}
            >
                <li>
                    <PaginationItem
                        type="first"
                        disabled={current === 1}
                        onClick={go(1)}
                        aria-label={translate('ra.navigation.first')}
                    />
                </li>
                <li>
                    <PaginationItem
                        type="previous"
                        disabled={current === 1}
                        onClick={go(current - 1)}
                        aria-label={translate('ra.navigation.previous')}
                    />
                </li>
                {pageWindow(current, count).map((number) => (
                    <li key={number}>
                        <PaginationItem
                            type="page"
                            page={number}
                            selected={number === current}
                            aria-current={number === current ? 'page' : undefined}
                            aria-label={translate(
                                number === current
                                    ? 'ra.navigation.current_page'
                                    : 'ra.navigation.page',
                                { page: number },
                            )}
                            onClick={go(number)}
                        />
                    </li>
                ))}
                <li>
                    <PaginationItem
                        type="next"
                        disabled={current === count}
                        onClick={go(current + 1)}
                        aria-label={translate('ra.navigation.next')}
                    />
                </li>
                <li>
                    <PaginationItem
                        type="last"
                        disabled={current === count}
                        onClick={go(count)}
                        aria-label={translate('ra.navigation.last')}
                    />
                </li>
            </Box>
        </Box>
    );
}
