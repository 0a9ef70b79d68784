import Stack from '@mui/material/Stack';
import { useRef, useState, type FormEvent } from 'react';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { FormAlerts, type Notice } from './FormAlerts';
import { SignInField } from './SignInField';
import { SubmitButton } from './SubmitButton';
import { useIdentityCall } from './useIdentityCall';

export interface ResetPasswordRequestFormProps {
    initialEmail: string;
    notice?: Notice | null;
    /** Asks for the code; on success the caller shows the second step. */
    onSubmit: (email: string) => Promise<void>;
}

/** First step of the password reset: the account's e-mail address, to send a code to. */
export function ResetPasswordRequestForm({
    initialEmail,
    notice,
    onSubmit,
}: ResetPasswordRequestFormProps) {
    const translate = useAppTranslate();
    const [email, setEmail] = useState(initialEmail);
    const [submitted, setSubmitted] = useState(false);
    const { pending, errorKey, run } = useIdentityCall();
    const emailRef = useRef<HTMLInputElement>(null);
    const emailMissing = email.trim() === '';

    const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        setSubmitted(true);
        if (pending) return;
        if (emailMissing) return emailRef.current?.focus();
        void run(() => onSubmit(email.trim()));
    };

    return (
        <Stack component="form" noValidate onSubmit={handleSubmit} spacing={2} aria-busy={pending}>
            <FormAlerts notice={errorKey ? null : notice} errorKey={errorKey} />
            <SignInField
                label={translate('app.signIn.email')}
                type="email"
                autoComplete="username"
                autoFocus
                required
                fullWidth
                inputRef={emailRef}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                errorText={
                    submitted && emailMissing
                        ? translate('app.signIn.errors.emailRequired')
                        : undefined
                }
                disabled={pending}
            />
            <SubmitButton
                pending={pending}
                labelKey="app.resetPassword.sendCode"
                pendingKey="app.resetPassword.sending"
            />
        </Stack>
    );
}
