import {
    Autocomplete,
    Box,
    Chip,
    ListItemIcon,
    MenuItem,
    TextField,
    Typography,
} from '@mui/material';
import CheckBox from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { visuallyHidden } from './visuallyHidden';
import {
    moreText,
    orderItems,
    selectionSummary,
    showsSearch,
    type SelectItem,
} from './multiSelectOptions';

export interface MultiSelectProps<Value extends string | number> {
    /** Translation key (or text) of the field's label. */
    label: string;
    items: readonly SelectItem<Value>[];
    value: readonly Value[];
    onChange: (value: Value[]) => void;
    disabled?: boolean;
    size?: 'small' | 'medium';
    fullWidth?: boolean;
}

const checkIcon = (checked: boolean) =>
    checked ? (
        <CheckBox fontSize="small" color="primary" />
    ) : (
        <CheckBoxOutlineBlank fontSize="small" />
    );

/** The closed control's content: the first chosen item as a chip, then '+N'. */
function Summary<Value extends string | number>({
    items,
    value,
}: {
    items: readonly SelectItem<Value>[];
    value: readonly Value[];
}) {
    const translate = useTranslate();
    const { first, more } = selectionSummary(items, value);
    if (!first) return null;
    return (
        <Box
            component="span"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}
        >
            <Chip size="small" label={first.label} sx={{ maxWidth: '100%' }} />
            {more > 0 && (
                <Typography variant="body2" component="span">
                    <span aria-hidden="true">{moreText(more)}</span>
                    <Box component="span" sx={visuallyHidden}>
                        {translate('app.multiSelect.more', { number: more })}
                    </Box>
                </Typography>
            )}
        </Box>
    );
}

/**
 * Choosing several items (shell §2.11). Up to 4 items it is a plain select; from 5 it has a
 * search field. With more than 8 items the chosen ones are listed on top (ordered when the list
 * opens, so items do not jump while the user picks). Closed, it shows the first chip then '+N'.
 */
export function MultiSelect<Value extends string | number>({
    label,
    items,
    value,
    onChange,
    disabled,
    size = 'small',
    fullWidth = true,
}: MultiSelectProps<Value>) {
    const translate = useTranslate();
    // The selection when the list last opened: it decides which items are on top.
    const [onTop, setOnTop] = useState<readonly Value[]>(value);
    const text = translate(label, { _: label });
    const chosen = new Set<Value>(value);

    if (!showsSearch(items.length)) {
        return (
            <TextField
                select
                label={text}
                size={size}
                fullWidth={fullWidth}
                disabled={disabled}
                value={[...value]}
                onChange={(event) => {
                    const next = event.target.value as unknown as Value[] | string;
                    onChange(typeof next === 'string' ? [] : next);
                }}
                slotProps={{
                    select: {
                        multiple: true,
                        renderValue: () => <Summary items={items} value={value} />,
                    },
                }}
            >
                {items.map((item) => (
                    <MenuItem key={item.value} value={item.value}>
                        <ListItemIcon>{checkIcon(chosen.has(item.value))}</ListItemIcon>
                        {item.label}
                    </MenuItem>
                ))}
            </TextField>
        );
    }

    return (
        <Autocomplete<SelectItem<Value>, true, false, false>
            multiple
            disableCloseOnSelect
            disabled={disabled}
            size={size}
            fullWidth={fullWidth}
            options={orderItems(items, onTop)}
            value={items.filter((item) => chosen.has(item.value))}
            onOpen={() => setOnTop(value)}
            onChange={(_event, next) => onChange(next.map((item) => item.value))}
            isOptionEqualToValue={(option, selected) => option.value === selected.value}
            getOptionLabel={(item) => item.label}
            renderOption={({ key, ...props }, item, { selected }) => (
                <li key={key} {...props}>
                    <ListItemIcon>{checkIcon(selected)}</ListItemIcon>
                    {item.label}
                </li>
            )}
            renderValue={(selected) => (
                <Summary items={items} value={selected.map((item) => item.value)} />
            )}
            noOptionsText={translate('app.multiSelect.noMatch')}
            openText={translate('ra.action.open')}
            closeText={translate('ra.action.close')}
            clearText={translate('ra.action.clear_input_value')}
            renderInput={(params) => <TextField {...params} label={text} />}
        />
    );
}
