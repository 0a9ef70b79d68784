import Stack from '@mui/material/Stack';
import { useRef, useState, type FormEvent } from 'react';
import { BackToSignInLink } from './BackToSignInLink';
import { FormAlerts } from './FormAlerts';
import { newPasswordErrors } from './formRules';
import { NewPasswordFields } from './NewPasswordFields';
import { SignInCard } from './SignInCard';
import { SubmitButton } from './SubmitButton';
import { useIdentityCall } from './useIdentityCall';

export interface ForceChangePasswordViewProps {
    /** Answers the new-password challenge and follows the next step. */
    onSubmit: (password: string) => Promise<void>;
    onRestart: (errorKey: string) => void;
    onCancel: () => void;
}

/** `/forceChangePwd`: after a temporary password, the user chooses their own (shell §4). */
export function ForceChangePasswordView({
    onSubmit,
    onRestart,
    onCancel,
}: ForceChangePasswordViewProps) {
    const [password, setPassword] = useState('');
    const [repeat, setRepeat] = useState('');
    const [submitted, setSubmitted] = useState(false);
    const { pending, errorKey, run } = useIdentityCall(onRestart);
    const passwordRef = useRef<HTMLInputElement>(null);
    const repeatRef = useRef<HTMLInputElement>(null);
    const errors = newPasswordErrors(password, repeat);

    const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        setSubmitted(true);
        if (pending) return;
        if (errors.password) return passwordRef.current?.focus();
        if (errors.repeat) return repeatRef.current?.focus();
        void run(() => onSubmit(password));
    };

    return (
        <SignInCard
            titleKey="app.forceChangePassword.title"
            introKey="app.forceChangePassword.intro"
        >
            <Stack
                component="form"
                noValidate
                onSubmit={handleSubmit}
                spacing={2}
                aria-busy={pending}
            >
                <FormAlerts errorKey={errorKey} />
                <NewPasswordFields
                    password={password}
                    repeat={repeat}
                    onPasswordChange={setPassword}
                    onRepeatChange={setRepeat}
                    errors={submitted ? errors : {}}
                    disabled={pending}
                    autoFocus
                    passwordRef={passwordRef}
                    repeatRef={repeatRef}
                />
                <SubmitButton
                    pending={pending}
                    labelKey="app.forceChangePassword.submit"
                    pendingKey="app.forceChangePassword.submitting"
                />
                <BackToSignInLink onClick={onCancel} />
            </Stack>
        </SignInCard>
    );
}
