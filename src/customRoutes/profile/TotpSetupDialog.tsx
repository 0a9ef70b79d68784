import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTranslate } from 'react-admin';
import { SetupKey } from '../signIn/SetupKey';
import { TotpCodeForm } from '../signIn/TotpCodeForm';
import { useQrCode } from '../signIn/useQrCode';

const QR_SIZE = 184;

export interface TotpSetupDialogProps {
    sharedSecret: string;
    /** The otpauth:// URI for the authenticator app, labelled with `issuer`. */
    setupUri: (issuer: string) => string;
    /** Confirms the code and turns TOTP on; a rejection is shown in the form. */
    onConfirm: (code: string) => Promise<void>;
    onClose: () => void;
}

/** Own profile: register an authenticator app by QR code or setup key, then confirm with its code. */
export function TotpSetupDialog({
    sharedSecret,
    setupUri,
    onConfirm,
    onClose,
}: TotpSetupDialogProps) {
    const translate = useTranslate();
    const qrCode = useQrCode(setupUri(translate('app.name')));
    return (
        <Dialog open onClose={onClose} aria-labelledby="totp-setup-title" maxWidth="xs" fullWidth>
            <DialogTitle id="totp-setup-title">
                {translate('app.mfa.profile.setupTitle')}
            </DialogTitle>
            <DialogContent>
                <Stack spacing={2}>
                    <DialogContentText>{translate('app.mfa.profile.setupIntro')}</DialogContentText>
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
                    <TotpCodeForm onSubmit={onConfirm} onRestart={onClose} />
                </Stack>
            </DialogContent>
            <DialogActions>
                <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
            </DialogActions>
        </Dialog>
    );
}
