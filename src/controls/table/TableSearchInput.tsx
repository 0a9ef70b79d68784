import { InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useInput, useTranslate } from 'react-admin';

/**
 * The table's search field, bound to the filter `source` of the surrounding filter form.
 * (react-admin's SearchInput still passes MUI's removed `InputProps`.)
 */
export function TableSearchInput({ source }: { source: string }) {
    const translate = useTranslate();
    const { field } = useInput({ source });
    const label = translate('ra.action.search');
    return (
        <TextField
            {...field}
            value={field.value ?? ''}
            type="search"
            size="small"
            hiddenLabel
            placeholder={label}
            slotProps={{
                htmlInput: { 'aria-label': label },
                input: {
                    endAdornment: (
                        <InputAdornment position="end">
                            <SearchIcon color="disabled" />
                        </InputAdornment>
                    ),
                },
            }}
        />
    );
}
