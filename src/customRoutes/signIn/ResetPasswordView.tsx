import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { BackToSignInLink } from './BackToSignInLink';
import { ResetPasswordConfirmForm } from './ResetPasswordConfirmForm';
import { ResetPasswordRequestForm } from './ResetPasswordRequestForm';
import { SignInCard } from './SignInCard';
import { loadIdentity } from './loadIdentity';

export interface ResetPasswordViewProps {
    initialEmail: string;
    /** The sign-in answered that the password must be reset (RESET_PASSWORD). */
    required: boolean;
    /** After the new password is set: signs in with it and follows the next step. */
    onPasswordReset: (email: string, password: string) => Promise<void>;
    onCancel: () => void;
}

/** `/resetPwd`: a code by e-mail, then the code with a new password; then signed in automatically (shell §4). */
export function ResetPasswordView({
    initialEmail,
    required,
    onPasswordReset,
    onCancel,
}: ResetPasswordViewProps) {
    const [request, setRequest] = useState<{ email: string; destination: string } | null>(null);

    const requestCode = async (email: string) => {
        const { requestPasswordReset } = await loadIdentity();
        const destination = await requestPasswordReset(email);
        setRequest({ email, destination: destination ?? email });
    };

    return (
        <SignInCard
            titleKey="app.resetPassword.title"
            introKey={request ? undefined : 'app.resetPassword.intro'}
        >
            <Stack spacing={2}>
                {request ? (
                    <ResetPasswordConfirmForm
                        notice={{
                            severity: 'info',
                            key: 'app.resetPassword.codeSent',
                            options: { destination: request.destination },
                        }}
                        onResend={() => requestCode(request.email)}
                        onSubmit={async (code, password) => {
                            const { confirmPasswordReset } = await loadIdentity();
                            await confirmPasswordReset(request.email, code, password);
                            await onPasswordReset(request.email, password);
                        }}
                    />
                ) : (
                    <ResetPasswordRequestForm
                        initialEmail={initialEmail}
                        notice={
                            required
                                ? { severity: 'warning', key: 'app.resetPassword.required' }
                                : null
                        }
                        onSubmit={requestCode}
                    />
                )}
                <BackToSignInLink onClick={onCancel} />
            </Stack>
        </SignInCard>
    );
}
