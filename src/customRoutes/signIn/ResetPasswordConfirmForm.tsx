import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useRef, useState, type FormEvent } from 'react';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { FormAlerts, type Notice } from './FormAlerts';
import { codeDigits, newPasswordErrors } from './formRules';
import { NewPasswordFields } from './NewPasswordFields';
import { SignInField } from './SignInField';
import { SubmitButton } from './SubmitButton';
import { useIdentityCall } from './useIdentityCall';

export interface ResetPasswordConfirmFormProps {
    notice: Notice;
    /** Sets the new password with the code, then signs in with it. */
    onSubmit: (code: string, password: string) => Promise<void>;
    /** Sends another code. */
    onResend: () => Promise<void>;
}

/** Second step of the password reset: the e-mailed code and the new password, twice. */
export function ResetPasswordConfirmForm({
    notice,
    onSubmit,
    onResend,
}: ResetPasswordConfirmFormProps) {
    const translate = useAppTranslate();
    const [code, setCode] = useState('');
    const [password, setPassword] = useState('');
    const [repeat, setRepeat] = useState('');
    const [submitted, setSubmitted] = useState(false);
    const [resent, setResent] = useState(false);
    const { pending, errorKey, run } = useIdentityCall();
    const codeRef = useRef<HTMLInputElement>(null);
    const passwordRef = useRef<HTMLInputElement>(null);
    const repeatRef = useRef<HTMLInputElement>(null);
    const digits = codeDigits(code);
    const errors = newPasswordErrors(password, repeat);

    const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        setSubmitted(true);
        if (pending) return;
        if (digits === '') return codeRef.current?.focus();
        if (errors.password) return passwordRef.current?.focus();
        if (errors.repeat) return repeatRef.current?.focus();
        void run(() => onSubmit(digits, password));
    };

    const resend = async () => {
        setResent(false);
        if (await run(onResend)) {
            setResent(true);
            codeRef.current?.focus();
        }
    };

    return (
        <Stack component="form" noValidate onSubmit={handleSubmit} spacing={2} aria-busy={pending}>
            <FormAlerts
                notice={
                    errorKey
                        ? null
                        : resent
                          ? { severity: 'info', key: 'app.resetPassword.resent' }
                          : notice
                }
                errorKey={errorKey}
            />
            <SignInField
                label={translate('app.resetPassword.code')}
                autoComplete="one-time-code"
                autoFocus
                required
                fullWidth
                inputRef={codeRef}
                inputProps={{ inputMode: 'numeric', spellCheck: false }}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                errorText={
                    submitted && digits === ''
                        ? translate('app.signIn.errors.codeRequired')
                        : undefined
                }
                disabled={pending}
            />
            <NewPasswordFields
                password={password}
                repeat={repeat}
                onPasswordChange={setPassword}
                onRepeatChange={setRepeat}
                errors={submitted ? errors : {}}
                disabled={pending}
                passwordRef={passwordRef}
                repeatRef={repeatRef}
            />
            <SubmitButton
                pending={pending}
                labelKey="app.resetPassword.submit"
                pendingKey="app.resetPassword.submitting"
            />
            <Button onClick={() => void resend()} disabled={pending} sx={{ alignSelf: 'center' }}>
                {translate('app.resetPassword.resend')}
            </Button>
        </Stack>
    );
}
