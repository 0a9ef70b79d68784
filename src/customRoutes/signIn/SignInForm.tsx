import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useRef, useState, type FormEvent } from 'react';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { RESET_PASSWORD_ROUTE } from '../../session';
import { FormAlerts, type Notice } from './FormAlerts';
import { PasswordField } from './PasswordField';
import { SignInField } from './SignInField';
import { SubmitButton } from './SubmitButton';
import { useIdentityCall } from './useIdentityCall';

export interface SignInFormProps {
    /** Prefills the e-mail (e.g. coming back from the password reset). */
    initialEmail?: string;
    notice?: Notice | null;
    /** Signs in; a rejection is shown as a translated error. */
    onSubmit: (email: string, password: string) => Promise<void>;
    /** Opens the password reset with the e-mail typed so far. */
    onForgotPassword: (email: string) => void;
}

/** E-mail and password form. Password rules are checked where passwords are chosen, not here. */
export function SignInForm({
    initialEmail = '',
    notice,
    onSubmit,
    onForgotPassword,
}: SignInFormProps) {
    const translate = useAppTranslate();
    const [email, setEmail] = useState(initialEmail);
    const [password, setPassword] = useState('');
    const [submitted, setSubmitted] = useState(false);
    const { pending, errorKey, run } = useIdentityCall();
    const emailRef = useRef<HTMLInputElement>(null);
    const passwordRef = useRef<HTMLInputElement>(null);

    const emailMissing = submitted && email.trim() === '';
    const passwordMissing = submitted && password === '';

    const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        setSubmitted(true);
        if (pending) return;
        if (email.trim() === '') return emailRef.current?.focus();
        if (password === '') return passwordRef.current?.focus();
        void run(() => onSubmit(email.trim(), password));
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
                errorText={emailMissing ? translate('app.signIn.errors.emailRequired') : undefined}
                disabled={pending}
            />
            <PasswordField
                label={translate('app.signIn.password')}
                autoComplete="current-password"
                inputRef={passwordRef}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                errorText={
                    passwordMissing ? translate('app.signIn.errors.passwordRequired') : undefined
                }
                disabled={pending}
            />
            <SubmitButton
                pending={pending}
                labelKey="app.signIn.submit"
                pendingKey="app.signIn.submitting"
            />
            <Link
                href={RESET_PASSWORD_ROUTE}
                variant="body2"
                sx={{ alignSelf: 'center' }}
                onClick={(event) => {
                    event.preventDefault();
                    onForgotPassword(email.trim());
                }}
            >
                {translate('app.signIn.forgotPassword')}
            </Link>
        </Stack>
    );
}
