import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { changePassword, leaveToLogin } from '../../identity';
import { AlertDialog } from '../../layout/AlertDialog';
import { LANDING_ROUTE } from '../../session';
import { newPasswordErrors } from '../signIn/formRules';
import { NewPasswordFields } from '../signIn/NewPasswordFields';
import { PasswordField } from '../signIn/PasswordField';
import { SubmitButton } from '../signIn/SubmitButton';
import { changePasswordFailure } from './changePasswordOutcome';

type Outcome = { type: 'success' } | { type: 'error'; descriptionKey: string };

/**
 * `/changePwd`: the signed-in user's password change (shell §5, §8). Old password, a new one
 * meeting the rules, repeated. The same old and new password changes nothing (a note, no call).
 * Success shows the success alert and then returns where the user came from; a failure shows
 * the generic error alert with the reason.
 */
export function ChangePasswordPage() {
    const translate = useTranslate();
    const navigate = useNavigate();
    const location = useLocation();
    const [oldPassword, setOldPassword] = useState('');
    const [password, setPassword] = useState('');
    const [repeat, setRepeat] = useState('');
    const [submitted, setSubmitted] = useState(false);
    const [unchanged, setUnchanged] = useState(false);
    const [pending, setPending] = useState(false);
    const [outcome, setOutcome] = useState<Outcome | null>(null);
    const [alertOpen, setAlertOpen] = useState(false);
    const oldRef = useRef<HTMLInputElement>(null);
    const passwordRef = useRef<HTMLInputElement>(null);
    const repeatRef = useRef<HTMLInputElement>(null);
    const errors = newPasswordErrors(password, repeat);

    // The first page of this tab's history has nowhere to return to.
    const goBack = () => (location.key === 'default' ? navigate(LANDING_ROUTE) : navigate(-1));

    const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        setSubmitted(true);
        setUnchanged(false);
        if (pending) return;
        if (oldPassword === '') return oldRef.current?.focus();
        if (errors.password) return passwordRef.current?.focus();
        if (errors.repeat) return repeatRef.current?.focus();
        if (oldPassword === password) return setUnchanged(true);
        setPending(true);
        try {
            await changePassword(oldPassword, password);
            setOutcome({ type: 'success' });
            setAlertOpen(true);
        } catch (error) {
            const failure = changePasswordFailure(error);
            if (failure.kind === 'sessionLost') return void (await leaveToLogin());
            setOutcome({ type: 'error', descriptionKey: failure.descriptionKey });
            setAlertOpen(true);
        } finally {
            setPending(false);
        }
    };

    const closeAlert = () => {
        setAlertOpen(false);
        if (outcome?.type === 'success') goBack();
    };

    return (
        <Card sx={{ mt: 2, maxWidth: 560 }}>
            <Title title={translate('app.changePassword.title')} />
            <CardContent>
                <Typography component="h1" variant="h5" gutterBottom>
                    {translate('app.changePassword.title')}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
                    {translate('app.changePassword.intro')}
                </Typography>
                <Stack
                    component="form"
                    noValidate
                    onSubmit={(event) => void handleSubmit(event)}
                    spacing={2}
                    aria-busy={pending}
                >
                    {unchanged && (
                        <Alert severity="info" role="status">
                            {translate('app.changePassword.sameAsOld')}
                        </Alert>
                    )}
                    <PasswordField
                        label={translate('app.changePassword.oldPassword')}
                        autoComplete="current-password"
                        autoFocus
                        inputRef={oldRef}
                        value={oldPassword}
                        onChange={(event) => setOldPassword(event.target.value)}
                        errorText={
                            submitted && oldPassword === ''
                                ? translate('app.changePassword.oldRequired')
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
                        labelKey="app.changePassword.submit"
                        pendingKey="app.changePassword.submitting"
                    />
                    <Button onClick={goBack} disabled={pending} sx={{ alignSelf: 'center' }}>
                        {translate('app.changePassword.cancel')}
                    </Button>
                </Stack>
            </CardContent>
            <AlertDialog
                open={alertOpen}
                type={outcome?.type ?? 'success'}
                messageKey={outcome?.type === 'success' ? 'app.changePassword.success' : undefined}
                descriptionKey={outcome?.type === 'error' ? outcome.descriptionKey : undefined}
                onClose={closeAlert}
            />
        </Card>
    );
}
