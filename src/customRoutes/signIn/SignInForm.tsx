import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { SignInField } from './SignInField';
import { signInErrorKey } from './signInErrors';

export interface SignInFormProps {
    /** Signs in; a rejection is shown as a translated error. */
    onSubmit: (email: string, password: string) => Promise<void>;
}

/** E-mail and password form. Password rules are checked on the change-password pages, not here. */
export function SignInForm({ onSubmit }: SignInFormProps) {
    const translate = useAppTranslate();
    const [email, setEmail] = useState('');
    const [password, setPassword] = useState('');
    const [showPassword, setShowPassword] = useState(false);
    const [submitted, setSubmitted] = useState(false);
    const [pending, setPending] = useState(false);
    const [errorKey, setErrorKey] = useState<string | null>(null);

    const emailMissing = submitted && email.trim() === '';
    const passwordMissing = submitted && password === '';

    const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        setSubmitted(true);
        if (email.trim() === '' || password === '' || pending) return;
        setPending(true);
        setErrorKey(null);
        try {
            await onSubmit(email.trim(), password);
        } catch (error) {
            setErrorKey(signInErrorKey(error));
            setPending(false);
        }
    };

    return (
        <Stack component="form" noValidate onSubmit={handleSubmit} spacing={2} aria-busy={pending}>
            {errorKey && (
                <Alert severity="error" role="alert">
                    {translate(errorKey)}
                </Alert>
            )}
            <SignInField
                label={translate('app.signIn.email')}
                type="email"
                autoComplete="username"
                autoFocus
                required
                fullWidth
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                errorText={emailMissing ? translate('app.signIn.errors.emailRequired') : undefined}
                disabled={pending}
            />
            <SignInField
                label={translate('app.signIn.password')}
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                required
                fullWidth
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                errorText={passwordMissing ? translate('app.signIn.errors.passwordRequired') : undefined}
                disabled={pending}
                endAdornment={
                    <InputAdornment position="end">
                        <IconButton
                            aria-label={translate(showPassword ? 'app.signIn.hidePassword' : 'app.signIn.showPassword')}
                            aria-pressed={showPassword}
                            onClick={() => setShowPassword((shown) => !shown)}
                            edge="end"
                        >
                            {showPassword ? <VisibilityOff /> : <Visibility />}
                        </IconButton>
                    </InputAdornment>
                }
            />
            <Button
                type="submit"
                variant="contained"
                size="large"
                fullWidth
                disabled={pending}
                startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            >
                {translate(pending ? 'app.signIn.submitting' : 'app.signIn.submit')}
            </Button>
        </Stack>
    );
}
