import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId } from 'react';

export interface SignInFieldProps extends Omit<OutlinedInputProps, 'label' | 'error'> {
    label: string;
    /** Shown below the field and marks it invalid. */
    errorText?: string;
    /** A lasting hint below the field (e.g. the password rule), shown under the error. */
    helperText?: string;
}

/**
 * An outlined text field built from its parts: MUI's TextField also pulls in Select, Menu,
 * Popover and Modal, which the sign-in page does not need (budget: 230 KB of JS before it is usable).
 * Its error and hint are tied to the input (aria-describedby), so they are read with it.
 */
export function SignInField({
    label,
    errorText,
    helperText,
    required,
    fullWidth,
    ...inputProps
}: SignInFieldProps) {
    const id = useId();
    const errorId = `${id}-error`;
    const hintId = `${id}-hint`;
    const describedBy =
        [errorText && errorId, helperText && hintId].filter(Boolean).join(' ') || undefined;
    return (
        <FormControl
            variant="outlined"
            required={required}
            fullWidth={fullWidth}
            error={Boolean(errorText)}
        >
            <InputLabel htmlFor={id}>{label}</InputLabel>
            <OutlinedInput id={id} label={label} aria-describedby={describedBy} {...inputProps} />
            {errorText && <FormHelperText id={errorId}>{errorText}</FormHelperText>}
            {helperText && (
                <FormHelperText id={hintId} error={false}>
                    {helperText}
                </FormHelperText>
            )}
        </FormControl>
    );
}
