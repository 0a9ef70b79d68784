import Stack from '@mui/material/Stack';
import { BackToSignInLink } from './BackToSignInLink';
import { SignInCard } from './SignInCard';
import { TotpCodeForm, type TotpCodeFormProps } from './TotpCodeForm';

/** Login mode: the code from the authenticator app; a wrong code can be retried. */
export function TotpCodeView({
    onSubmit,
    onRestart,
    onCancel,
}: TotpCodeFormProps & { onCancel: () => void }) {
    return (
        <SignInCard titleKey="app.mfa.verifyTitle" introKey="app.mfa.verifyIntro">
            <Stack spacing={2}>
                <TotpCodeForm onSubmit={onSubmit} onRestart={onRestart} />
                <BackToSignInLink onClick={onCancel} />
            </Stack>
        </SignInCard>
    );
}
