import {
    Checkbox,
    FormControl,
    FormControlLabel,
    FormGroup,
    FormHelperText,
    FormLabel,
} from '@mui/material';
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { useInput, useTranslate, ValidationError, type Validator } from 'react-admin';
import { actionsForContexts, organisationRoleContexts, toggleContext } from './roleActions';

const required: Validator = (value: unknown) =>
    Array.isArray(value) && value.length > 0 ? undefined : 'app.roles.validation.contexts';

/** The role's contexts as checkboxes; a subcontractor role stands alone, and actions no context allows any more are unchecked. */
export function RoleContextsInput() {
    const translate = useTranslate();
    const labelId = useId();
    const { setValue, getValues } = useFormContext();
    const { field, fieldState } = useInput({
        source: 'contexts',
        validate: required,
        defaultValue: [],
    });
    const contexts: string[] = Array.isArray(field.value) ? (field.value as string[]) : [];
    const change = (context: string, checked: boolean) => {
        const next = toggleContext(contexts, context, checked);
        field.onChange(next);
        const actions = getValues('actions') as string[] | undefined;
        setValue('actions', actionsForContexts(actions ?? [], next), { shouldDirty: true });
    };
    const error = fieldState.error?.message;
    return (
        <FormControl component="fieldset" error={Boolean(error)} sx={{ mb: 2 }}>
            <FormLabel component="legend" id={labelId}>
                {translate('resources.roles.fields.contexts')}
            </FormLabel>
            <FormGroup row aria-labelledby={labelId}>
                {organisationRoleContexts.map((context) => (
                    <FormControlLabel
                        key={context}
                        control={
                            <Checkbox
                                checked={contexts.includes(context)}
                                onChange={(event) => change(context, event.target.checked)}
                                onBlur={field.onBlur}
                                name={`contexts.${context}`}
                            />
                        }
                        label={translate(`app.roles.contexts.${context}`)}
                    />
                ))}
            </FormGroup>
            <FormHelperText>
                {error ? <ValidationError error={error} /> : translate('app.roles.contextsHelp')}
            </FormHelperText>
        </FormControl>
    );
}
