import { Box, FormControlLabel, MenuItem, Switch, TextField, Typography } from '@mui/material';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslate } from 'react-admin';
import type { AppContext } from '../../../domain/enums';
import {
    userDataErrors,
    userTypesFor,
    withoutSpaces,
    type UserDataField,
    type UserDataValues,
} from './userDataForm';

export interface UserDataPanelProps {
    values: UserDataValues;
    onChange: (values: UserDataValues) => void;
    /** A new user: the e-mail can be entered (it cannot be changed later). */
    isNew: boolean;
    context: AppContext;
    /** Show every field's error (after a submit attempt). */
    showAllErrors?: boolean;
}

/**
 * The user's data in the user dialog (shell §5): type, e-mail (spaces cannot be typed; fixed for
 * an existing user), names, phones and the second-screen news switch. Each field shows the rule
 * it breaks (`app.validation.<rule>`) once it was touched.
 */
export function UserDataPanel({
    values,
    onChange,
    isNew,
    context,
    showAllErrors = false,
}: UserDataPanelProps) {
    const translate = useTranslate();
    const headingId = useId();
    const [touched, setTouched] = useState<ReadonlySet<UserDataField>>(new Set());
    const errors = userDataErrors(values, isNew);
    const touch = (field: UserDataField) =>
        setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
    const fieldProps = (field: UserDataField, extra: { required?: boolean } = {}) => {
        const rule = errors[field];
        const shown = rule !== undefined && (showAllErrors || touched.has(field));
        return {
            name: field,
            label: translate(`resources.backoffice.fields.${field}`),
            value: values[field],
            error: shown,
            helperText: shown ? translate(`app.validation.${rule}`) : ' ',
            onBlur: () => touch(field),
            onChange: (event: ChangeEvent<HTMLInputElement>) =>
                onChange({ ...values, [field]: event.target.value }),
            size: 'small' as const,
            fullWidth: true,
            required: extra.required ?? false,
        };
    };
    // An existing user keeps its type in the list even where it could not be chosen (an admin seen elsewhere).
    const offered = userTypesFor(context);
    const types =
        values.type === '' || offered.includes(values.type) ? offered : [values.type, ...offered];

    return (
        <Box component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
            <Typography
                id={headingId}
                component="h3"
                variant="subtitle1"
                sx={{ fontWeight: 600, mb: 1.5 }}
            >
                {translate('app.users.data')}
            </Typography>
            <Box
                sx={{
                    display: 'grid',
                    columnGap: 2,
                    rowGap: 0.5,
                    gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
                }}
            >
                <TextField
                    select
                    {...fieldProps('type', { required: true })}
                    sx={{ gridColumn: '1 / -1' }}
                >
                    {types.map((type) => (
                        <MenuItem key={type} value={type}>
                            {translate(`app.users.types.${type}`)}
                        </MenuItem>
                    ))}
                </TextField>
                <TextField
                    {...fieldProps('email', { required: isNew })}
                    type="email"
                    autoComplete="off"
                    disabled={!isNew}
                    onChange={(event: ChangeEvent<HTMLInputElement>) =>
                        onChange({ ...values, email: withoutSpaces(event.target.value) })
                    }
                    onKeyDown={(event) => {
                        if (event.key === ' ') event.preventDefault();
                    }}
                    sx={{ gridColumn: '1 / -1' }}
                />
                <TextField {...fieldProps('firstName', { required: true })} autoComplete="off" />
                <TextField {...fieldProps('lastName', { required: true })} autoComplete="off" />
                <TextField
                    {...fieldProps('mobilePhone')}
                    type="tel"
                    autoComplete="off"
                    placeholder="+49…"
                />
                <TextField
                    {...fieldProps('landLine')}
                    type="tel"
                    autoComplete="off"
                    placeholder="+49…"
                />
                <FormControlLabel
                    sx={{ gridColumn: '1 / -1' }}
                    control={
                        <Switch
                            checked={values.wantsSecondScreenNews}
                            onChange={(event) =>
                                onChange({ ...values, wantsSecondScreenNews: event.target.checked })
                            }
                        />
                    }
                    label={translate('resources.backoffice.fields.wantsSecondScreenNews')}
                />
            </Box>
        </Box>
    );
}
