import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { BackToSignInLink } from './BackToSignInLink';
import { SetupKey } from './SetupKey';
import { SignInCard } from './SignInCard';
import { TotpCodeForm } from './TotpCodeForm';
import { useQrCode } from './useQrCode';

const QR_SIZE = 184;

export interface TotpSetupViewProps {
    sharedSecret: string;
    /** The otpauth:// URI for the authenticator app, labelled with `issuer`. */
    setupUri: (issuer: string) => string;
    onSubmit: (code: string) => Promise<void>;
    onRestart: (errorKey: string) => void;
    onCancel: () => void;
}

/** Setup mode (custom:mfa_setup): register an authenticator app by QR code or key, then confirm with its code. */
export function TotpSetupView({
    sharedSecret,
    setupUri,
    onSubmit,
    onRestart,
    onCancel,
}: TotpSetupViewProps) {
    const translate = useAppTranslate();
    const qrCode = useQrCode(setupUri(translate('app.name')));
    return (
        <SignInCard titleKey="app.mfa.setupTitle" introKey="app.mfa.setupIntro">
            <Stack spacing={2}>
                <Box sx={{ display: 'flex', justifyContent: 'center' }}>
                    {qrCode ? (
                        <img
                            src={qrCode}
                            alt={translate('app.mfa.qrAlt')}
                            width={QR_SIZE}
                            height={QR_SIZE}
                        />
                    ) : (
                        <Box sx={{ width: QR_SIZE, height: QR_SIZE }} />
                    )}
                </Box>
                <SetupKey secret={sharedSecret} />
                <TotpCodeForm onSubmit={onSubmit} onRestart={onRestart} />
                <BackToSignInLink onClick={onCancel} />
            </Stack>
        </SignInCard>
    );
}
