import CheckBox from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import {
    Autocomplete,
    Box,
    Chip,
    ListItemIcon,
    ListItemText,
    MenuItem,
    TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import {
    moreText,
    orderItems,
    selectionSummary,
    showsSearch,
} from '../../controls/multiSelectOptions';
import { visuallyHidden } from '../../controls/visuallyHidden';
import type { ScopeChoice } from './permissionPanelModel';

export interface ScopeSelectProps {
    label: string;
    choices: readonly ScopeChoice[];
    value: readonly string[];
    onChange: (paths: string[]) => void;
    disabled?: boolean;
}

const checkIcon = (checked: boolean) =>
    checked ? (
        <CheckBox fontSize="small" color="primary" />
    ) : (
        <CheckBoxOutlineBlank fontSize="small" />
    );

/**
 * The scopes of a permission row: the shared multi-select's behaviour (search from 5 items,
 * chosen ones on top above 8, first chip then '+N') with options a rule disables, each naming
 * its reason (`app.permissionRules.<rule>`).
 */
export function ScopeSelect({ label, choices, value, onChange, disabled }: ScopeSelectProps) {
    const translate = useTranslate();
    const [onTop, setOnTop] = useState<readonly string[]>(value);
    const items = choices.map((choice) => ({
        label: choice.scope.name || translate('app.users.allScopes'),
        value: choice.scope.path,
        blocker: choice.blocker,
    }));
    const chosen = new Set(value);
    const { first, more } = selectionSummary(items, [...value]);
    const reason = (blocker: ScopeChoice['blocker']) =>
        blocker ? translate(`app.permissionRules.${blocker}`) : undefined;
    const summary = first ? (
        <Box
            component="span"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}
        >
            <Chip size="small" label={first.label} sx={{ maxWidth: '100%' }} />
            {more > 0 && (
                <>
                    <span aria-hidden="true">{moreText(more)}</span>
                    <Box component="span" sx={visuallyHidden}>
                        {translate('app.multiSelect.more', { number: more })}
                    </Box>
                </>
            )}
        </Box>
    ) : null;

    if (!showsSearch(items.length)) {
        return (
            <TextField
                select
                label={label}
                size="small"
                fullWidth
                disabled={disabled}
                value={[...value]}
                onChange={(event) => {
                    const next = event.target.value as unknown as string[] | string;
                    onChange(typeof next === 'string' ? [] : next);
                }}
                slotProps={{ select: { multiple: true, renderValue: () => summary } }}
            >
                {items.map((item) => (
                    <MenuItem key={item.value} value={item.value} disabled={item.blocker !== null}>
                        <ListItemIcon>{checkIcon(chosen.has(item.value))}</ListItemIcon>
                        <ListItemText
                            primary={item.label}
                            secondary={reason(item.blocker)}
                            slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }}
                        />
                    </MenuItem>
                ))}
            </TextField>
        );
    }

    return (
        <Autocomplete
            multiple
            disableCloseOnSelect
            disableClearable
            size="small"
            fullWidth
            disabled={disabled}
            options={orderItems(items, onTop).flatMap((ordered) =>
                items.filter((item) => item.value === ordered.value),
            )}
            value={items.filter((item) => chosen.has(item.value))}
            onOpen={() => setOnTop(value)}
            onChange={(_event, next) => onChange(next.map((item) => item.value))}
            isOptionEqualToValue={(option, selected) => option.value === selected.value}
            getOptionLabel={(item) => item.label}
            getOptionDisabled={(item) => item.blocker !== null}
            renderOption={({ key, ...props }, item, { selected }) => (
                <li key={key} {...props}>
                    <ListItemIcon>{checkIcon(selected)}</ListItemIcon>
                    <ListItemText primary={item.label} secondary={reason(item.blocker)} />
                </li>
            )}
            renderValue={() => summary}
            noOptionsText={translate('app.multiSelect.noMatch')}
            openText={translate('ra.action.open')}
            closeText={translate('ra.action.close')}
            renderInput={(params) => <TextField {...params} label={label} />}
        />
    );
}
