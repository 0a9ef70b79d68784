import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { DistributionCenter } from '../../../domain/contracts/scopes';
import { DepotSelectionList } from './DepotSelectionList';
import { matchesDepotSearch } from './useDistributionCenters';

/** Search field and depot list, shared by the `/depot` page and the depot selection dialog. */
export function DepotSelectionPanel({
    centers,
    labelledBy,
    onSelect,
}: {
    centers: DistributionCenter[];
    labelledBy: string;
    onSelect?: () => void;
}) {
    const translate = useTranslate();
    const [search, setSearch] = useState('');
    const shown = useMemo(
        () => centers.filter((center) => matchesDepotSearch(center, search)),
        [centers, search],
    );
    if (centers.length === 0)
        return <Typography>{translate('app.depotSelection.none')}</Typography>;
    return (
        <>
            <TextField
                label={translate('app.depotSelection.search')}
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                fullWidth
                autoFocus
                margin="dense"
                slotProps={{
                    input: {
                        startAdornment: (
                            <InputAdornment position="start">
                                <SearchIcon />
                            </InputAdornment>
                        ),
                    },
                }}
            />
            {shown.length === 0 ? (
                <Typography sx={{ mt: 2 }} role="status">
                    {translate('app.depotSelection.noMatch')}
                </Typography>
            ) : (
                <DepotSelectionList centers={shown} labelledBy={labelledBy} onSelect={onSelect} />
            )}
        </>
    );
}
