import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { FormAlerts } from './FormAlerts';
import { codeDigits, totpCodeErrorKey } from './formRules';
import { SignInField } from './SignInField';
import { SubmitButton } from './SubmitButton';
import { useIdentityCall } from './useIdentityCall';

export interface TotpCodeFormProps {
    /** Sends the six digits; a rejection is shown and the field is selected for another try. */
    onSubmit: (code: string) => Promise<void>;
    onRestart: (errorKey: string) => void;
}

/** The authenticator app's 6-digit code, in setup and in login mode. */
export function TotpCodeForm({ onSubmit, onRestart }: TotpCodeFormProps) {
    const translate = useAppTranslate();
    const [code, setCode] = useState('');
    const [submitted, setSubmitted] = useState(false);
    const { pending, errorKey, run } = useIdentityCall(onRestart);
    const inputRef = useRef<HTMLInputElement>(null);
    const digits = codeDigits(code);
    const formatError = totpCodeErrorKey(digits);

    // After a wrong code the field is enabled again: select it for the next try.
    useEffect(() => {
        if (!errorKey) return;
        inputRef.current?.focus();
        inputRef.current?.select();
    }, [errorKey]);

    const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        setSubmitted(true);
        if (pending) return;
        if (formatError) return inputRef.current?.focus();
        void run(() => onSubmit(digits));
    };

    return (
        <Stack component="form" noValidate onSubmit={handleSubmit} spacing={2} aria-busy={pending}>
            <FormAlerts errorKey={errorKey} />
            <SignInField
                label={translate('app.mfa.code')}
                autoComplete="one-time-code"
                autoFocus
                required
                fullWidth
                inputRef={inputRef}
                inputProps={{ inputMode: 'numeric', maxLength: 7, spellCheck: false }}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                errorText={submitted && formatError ? translate(formatError) : undefined}
                disabled={pending}
            />
            <SubmitButton
                pending={pending}
                labelKey="app.mfa.submit"
                pendingKey="app.mfa.submitting"
            />
        </Stack>
    );
}
