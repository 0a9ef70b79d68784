import { Box, Typography } from '@mui/material';
import { styled } from '@mui/material/styles';
import { Children, type ReactElement, type ReactNode } from 'react';
import { FilterLiveForm, useTranslate } from 'react-admin';
import { TableSearchInput } from './TableSearchInput';
import { MAX_FILTERS_PER_ROW } from './tableState';

/** Filters side by side, at most 4 per row (shell §9), fewer on narrow screens. */
const FilterGrid = styled('form')(({ theme }) => ({
    display: 'grid',
    gap: theme.spacing(1, 2),
    alignItems: 'end',
    gridTemplateColumns: '1fr',
    [theme.breakpoints.up('sm')]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [theme.breakpoints.up('md')]: {
        gridTemplateColumns: `repeat(${MAX_FILTERS_PER_ROW}, minmax(0, 1fr))`,
    },
    '& .MuiFormHelperText-root': { display: 'none' },
    '& .MuiFormControl-root': { margin: 0, width: '100%' },
}));

interface TableToolbarProps {
    searchSource: string | false;
    filters: readonly ReactElement[];
    selectedCount: number;
    /** Column chooser, card sort: controls at the end of the bar. */
    children?: ReactNode;
}

/**
 * Search and filters above the table. They are react-admin inputs in a live filter form: each
 * change updates the list's filters (debounced), without a submit button.
 */
export function TableToolbar({
    searchSource,
    filters,
    selectedCount,
    children,
}: TableToolbarProps) {
    const translate = useTranslate();
    const inputs = [
        ...(searchSource
            ? [<TableSearchInput key={`search-${searchSource}`} source={searchSource} />]
            : []),
        ...filters,
    ];
    return (
        <Box
            sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'flex-end',
                justifyContent: 'space-between',
                gap: 1,
                px: 2,
                pt: 1,
                pb: 1,
            }}
        >
            {inputs.length > 0 && (
                <Box sx={{ flex: '1 1 60%', minWidth: 0 }}>
                    <FilterLiveForm formComponent={FilterGrid}>
                        {Children.toArray(inputs)}
                    </FilterLiveForm>
                </Box>
            )}
            <Box
                sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, ml: 'auto' }}
            >
                <Typography variant="body2" role="status">
                    {selectedCount > 0
                        ? translate('ra.action.bulk_actions', { smart_count: selectedCount })
                        : ''}
                </Typography>
                {children}
            </Box>
        </Box>
    );
}
