import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId } from 'react';

export interface SignInFieldProps extends Omit<OutlinedInputProps, 'label' | 'error'> {
    label: string;
    /** Shown below the field and marks it invalid. */
    errorText?: string;
}

/**
 * An outlined text field built from its parts: MUI's TextField also pulls in Select, Menu,
 * Popover and Modal, which the sign-in page does not need (budget: 230 KB of JS before it is usable).
 */
export function SignInField({ label, errorText, required, fullWidth, ...inputProps }: SignInFieldProps) {
    const id = useId();
    const helperId = `${id}-helper`;
    return (
        <FormControl variant="outlined" required={required} fullWidth={fullWidth} error={Boolean(errorText)}>
            <InputLabel htmlFor={id}>{label}</InputLabel>
            <OutlinedInput id={id} label={label} aria-describedby={errorText ? helperId : undefined} {...inputProps} />
            {errorText && <FormHelperText id={helperId}>{errorText}</FormHelperText>}
        </FormControl>
    );
}
