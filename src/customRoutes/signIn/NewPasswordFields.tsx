import type { RefObject } from 'react';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import type { NewPasswordErrors } from './formRules';
import { PasswordField } from './PasswordField';

export interface NewPasswordFieldsProps {
    password: string;
    repeat: string;
    onPasswordChange: (value: string) => void;
    onRepeatChange: (value: string) => void;
    /** Shown once the form was submitted. */
    errors: NewPasswordErrors;
    disabled: boolean;
    autoFocus?: boolean;
    passwordRef?: RefObject<HTMLInputElement | null>;
    repeatRef?: RefObject<HTMLInputElement | null>;
}

/** New password (with the rule as a hint) and its repetition. */
export function NewPasswordFields({
    password,
    repeat,
    onPasswordChange,
    onRepeatChange,
    errors,
    disabled,
    autoFocus,
    passwordRef,
    repeatRef,
}: NewPasswordFieldsProps) {
    const translate = useAppTranslate();
    return (
        <>
            <PasswordField
                label={translate('app.password.newPassword')}
                autoComplete="new-password"
                autoFocus={autoFocus}
                inputRef={passwordRef}
                value={password}
                onChange={(event) => onPasswordChange(event.target.value)}
                errorText={errors.password && translate(errors.password)}
                helperText={translate('app.password.hint')}
                disabled={disabled}
            />
            <PasswordField
                label={translate('app.password.repeatPassword')}
                autoComplete="new-password"
                inputRef={repeatRef}
                value={repeat}
                onChange={(event) => onRepeatChange(event.target.value)}
                errorText={errors.repeat && translate(errors.repeat)}
                disabled={disabled}
            />
        </>
    );
}
