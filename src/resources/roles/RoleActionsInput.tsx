import {
    Box,
    Checkbox,
    FormControl,
    FormControlLabel,
    FormHelperText,
    FormLabel,
    Typography,
} from '@mui/material';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { useInput, useTranslate, ValidationError, type Validator } from 'react-admin';
import { assignableActions, checkAction, groupActions, uncheckAction } from './roleActions';

const required: Validator = (value: unknown) =>
    Array.isArray(value) && value.length > 0 ? undefined : 'app.roles.validation.actions';

/**
 * The role's actions as checkboxes grouped by area, each with its explanation. Only codes usable
 * in the chosen contexts are offered; checking a code checks what it requires, unchecking a
 * required code unchecks its dependants.
 */
export function RoleActionsInput() {
    const translate = useTranslate();
    const labelId = useId();
    const contexts = (useWatch({ name: 'contexts' }) as string[] | undefined) ?? [];
    const { field, fieldState } = useInput({
        source: 'actions',
        validate: required,
        defaultValue: [],
    });
    const selected: string[] = Array.isArray(field.value) ? (field.value as string[]) : [];
    const offered = assignableActions(contexts);
    const error = fieldState.error?.message;
    return (
        <FormControl component="fieldset" error={Boolean(error)} sx={{ width: '100%' }}>
            <FormLabel component="legend" id={labelId}>
                {translate('resources.roles.fields.actions')}
            </FormLabel>
            <FormHelperText sx={{ mx: 0 }}>
                {error ? (
                    <ValidationError error={error} />
                ) : (
                    translate(
                        offered.length === 0
                            ? 'app.roles.chooseContextFirst'
                            : 'app.roles.actionsHelp',
                    )
                )}
            </FormHelperText>
            {groupActions(offered).map(({ group, codes }) => (
                <Box
                    key={group}
                    component="section"
                    aria-label={translate(`app.actionGroups.${group}`)}
                    sx={{ mt: 1 }}
                >
                    <Typography component="h3" variant="subtitle2" sx={{ mt: 1 }}>
                        {translate(`app.actionGroups.${group}`)}
                    </Typography>
                    <Box
                        sx={{
                            display: 'grid',
                            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
                            columnGap: 2,
                        }}
                    >
                        {codes.map((code) => {
                            const descriptionId = `${labelId}-${code}`;
                            return (
                                <Box
                                    key={code}
                                    sx={{
                                        display: 'flex',
                                        flexDirection: 'column',
                                        pl: { xs: 0, sm: 1 },
                                    }}
                                >
                                    <FormControlLabel
                                        sx={{ mb: 0 }}
                                        control={
                                            <Checkbox
                                                checked={selected.includes(code)}
                                                onChange={(event) =>
                                                    field.onChange(
                                                        event.target.checked
                                                            ? checkAction(selected, code)
                                                            : uncheckAction(selected, code),
                                                    )
                                                }
                                                onBlur={field.onBlur}
                                                name={`actions.${code}`}
                                                slotProps={{
                                                    input: { 'aria-describedby': descriptionId },
                                                }}
                                            />
                                        }
                                        label={translate(`app.actions.${code}.name`)}
                                    />
                                    <Typography
                                        id={descriptionId}
                                        variant="caption"
                                        sx={{ color: 'text.secondary', pl: 4, mt: -0.5, mb: 0.5 }}
                                    >
                                        {translate(`app.actions.${code}.description`)}
                                    </Typography>
                                </Box>
                            );
                        })}
                    </Box>
                </Box>
            ))}
        </FormControl>
    );
}
