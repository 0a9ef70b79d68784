import {
    Checkbox,
    FormControl,
    FormControlLabel,
    FormGroup,
    FormHelperText,
    FormLabel,
    Stack,
    TextField,
    Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { apiScopes, CREDENTIAL_NAME_MAX } from '../../../domain/apiAccess';
import { expiryBounds, type ApiCredentialFormValues } from './apiCredentialForm';

interface ApiCredentialInputsProps {
    values: ApiCredentialFormValues;
    onChange: (values: ApiCredentialFormValues) => void;
    /** Translation keys of the faults to show, by field. */
    errors: Partial<Record<keyof ApiCredentialFormValues, string>>;
    disabled?: boolean;
}

/** Name, scopes (each with what it opens) and expiry of a credential: shared by the create and edit dialogs. */
export function ApiCredentialInputs({
    values,
    onChange,
    errors,
    disabled,
}: ApiCredentialInputsProps) {
    const translate = useTranslate();
    const { min, max } = expiryBounds();
    const set = (patch: Partial<ApiCredentialFormValues>) => onChange({ ...values, ...patch });
    const toggleScope = (scope: string, checked: boolean) =>
        set({
            scopes: checked
                ? [...values.scopes, scope]
                : values.scopes.filter((item) => item !== scope),
        });
    return (
        <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField
                label={translate('resources.api-access-management.fields.name')}
                value={values.name}
                onChange={(event) => set({ name: event.target.value })}
                required
                autoFocus
                disabled={disabled}
                error={Boolean(errors.name)}
                helperText={
                    errors.name ? translate(errors.name) : translate('app.apiAccess.form.nameHelp')
                }
                slotProps={{ htmlInput: { maxLength: CREDENTIAL_NAME_MAX + 20 } }}
                fullWidth
            />
            <FormControl component="fieldset" error={Boolean(errors.scopes)} disabled={disabled}>
                <FormLabel component="legend">
                    {translate('resources.api-access-management.fields.scopes')}
                </FormLabel>
                <FormGroup>
                    {apiScopes.map((scope) => (
                        <FormControlLabel
                            key={scope}
                            sx={{ alignItems: 'flex-start', mt: 1 }}
                            control={
                                <Checkbox
                                    checked={values.scopes.includes(scope)}
                                    onChange={(event) => toggleScope(scope, event.target.checked)}
                                    sx={{ pt: 0.25 }}
                                />
                            }
                            label={
                                <span>
                                    <Typography
                                        component="span"
                                        variant="body2"
                                        sx={{ fontFamily: 'monospace', fontWeight: 600 }}
                                    >
                                        {scope}
                                    </Typography>
                                    <Typography
                                        component="span"
                                        variant="body2"
                                        sx={{ display: 'block', color: 'text.secondary' }}
                                    >
                                        {translate(
                                            `app.apiAccess.scopes.${scope.replace(':', '_')}`,
                                        )}
                                    </Typography>
                                </span>
                            }
                        />
                    ))}
                </FormGroup>
                {errors.scopes && <FormHelperText>{translate(errors.scopes)}</FormHelperText>}
            </FormControl>
            <FormControl component="fieldset" disabled={disabled}>
                <FormLabel component="legend">
                    {translate('resources.api-access-management.fields.expiresAt')}
                </FormLabel>
                <FormControlLabel
                    control={
                        <Checkbox
                            checked={values.neverExpires}
                            onChange={(event) => set({ neverExpires: event.target.checked })}
                        />
                    }
                    label={translate('app.apiAccess.form.neverExpires')}
                />
                {!values.neverExpires && (
                    <TextField
                        type="date"
                        label={translate('app.apiAccess.form.expiryDate')}
                        value={values.expiryDate}
                        onChange={(event) => set({ expiryDate: event.target.value })}
                        disabled={disabled}
                        error={Boolean(errors.expiryDate)}
                        helperText={
                            errors.expiryDate
                                ? translate(errors.expiryDate)
                                : translate('app.apiAccess.form.expiryHelp')
                        }
                        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min, max } }}
                        sx={{ mt: 1, maxWidth: 260 }}
                    />
                )}
            </FormControl>
        </Stack>
    );
}
