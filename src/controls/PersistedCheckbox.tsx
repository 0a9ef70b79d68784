import { Checkbox, FormControlLabel } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { usePersistedFlag } from './usePersistedFlag';

export interface PersistedCheckboxProps {
    /** Local storage key the value is kept under. */
    storageKey: string;
    /** Translation key (or text) of the label. */
    label: string;
    defaultValue?: boolean;
    /** Told the value on mount and on every change. */
    onChange?: (checked: boolean) => void;
    disabled?: boolean;
}

/** A labelled checkbox whose value survives reloads (shell §2.11). */
export function PersistedCheckbox({
    storageKey,
    label,
    defaultValue = false,
    onChange,
    disabled,
}: PersistedCheckboxProps) {
    const translate = useTranslate();
    const [checked, setChecked] = usePersistedFlag(storageKey, defaultValue);
    const onChangeRef = useRef(onChange);
    useEffect(() => {
        onChangeRef.current = onChange;
    });
    useEffect(() => onChangeRef.current?.(checked), [checked]);
    return (
        <FormControlLabel
            control={
                <Checkbox
                    checked={checked}
                    disabled={disabled}
                    onChange={(event) => setChecked(event.target.checked)}
                />
            }
            label={translate(label, { _: label })}
        />
    );
}
