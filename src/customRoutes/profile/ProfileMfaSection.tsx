import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import type { TotpStatus } from '../../identity';
import { loadIdentity } from '../signIn/loadIdentity';
import { mfaErrorKey } from './mfaErrors';
import { TotpSetupDialog } from './TotpSetupDialog';

const fetchStatus = async () => (await loadIdentity()).fetchTotpStatus();

interface Setup {
    sharedSecret: string;
    setupUri: (issuer: string) => string;
}

/**
 * Own profile: two-step sign-in (TOTP) through Amplify. Shows whether it is on, sets it up in a
 * dialog (QR code, setup key, confirming code) and turns it off unless the user must have it
 * (`custom:mfa_setup`, set by an administrator or the organisation's requirement).
 */
export function ProfileMfaSection({ email }: { email: string }) {
    const translate = useTranslate();
    const notify = useNotify();
    const [status, setStatus] = useState<TotpStatus>();
    const [errorKey, setErrorKey] = useState<string | null>(null);
    const [pending, setPending] = useState(false);
    const [setup, setSetup] = useState<Setup>();
    const [confirmOff, setConfirmOff] = useState(false);

    const reload = useCallback(async () => setStatus(await fetchStatus()), []);

    useEffect(() => {
        let active = true;
        fetchStatus().then(
            (loaded) => active && setStatus(loaded),
            (error: unknown) => active && setErrorKey(mfaErrorKey(error)),
        );
        return () => {
            active = false;
        };
    }, []);

    const run = async (step: () => Promise<void>) => {
        setPending(true);
        setErrorKey(null);
        try {
            await step();
        } catch (error) {
            setErrorKey(mfaErrorKey(error));
        } finally {
            setPending(false);
        }
    };

    const startSetup = () =>
        run(async () => {
            const identity = await loadIdentity();
            setSetup(await identity.startTotpSetup(email));
        });

    const confirmSetup = async (code: string) => {
        const identity = await loadIdentity();
        try {
            await identity.confirmTotpSetup(code);
        } catch (error) {
            // A sign-in too old for MFA changes: the code form cannot fix that, the section says so.
            if (mfaErrorKey(error) !== 'app.mfa.profile.recentSignIn') throw error;
            setSetup(undefined);
            setErrorKey('app.mfa.profile.recentSignIn');
            return;
        }
        setSetup(undefined);
        notify('app.mfa.profile.turnedOn', { type: 'success' });
        await reload();
    };

    const turnOff = () =>
        run(async () => {
            setConfirmOff(false);
            const identity = await loadIdentity();
            await identity.turnOffTotp();
            notify('app.mfa.profile.turnedOff', { type: 'success' });
            await reload();
        });

    const signInAgain = async () => {
        const identity = await loadIdentity();
        await identity.leaveToLogin();
    };

    if (!status && !errorKey)
        return <CircularProgress size={24} aria-label={translate('ra.page.loading')} />;
    return (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            {errorKey && (
                <Alert
                    severity="error"
                    role="alert"
                    action={
                        errorKey === 'app.mfa.profile.recentSignIn' ? (
                            <Button color="inherit" size="small" onClick={() => void signInAgain()}>
                                {translate('app.mfa.profile.signInAgain')}
                            </Button>
                        ) : undefined
                    }
                >
                    {translate(errorKey)}
                </Alert>
            )}
            {status && (
                <>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <LockOutlined color={status.enabled ? 'success' : 'disabled'} />
                        <Typography component="p">
                            {translate(
                                status.enabled
                                    ? 'app.mfa.profile.statusOn'
                                    : 'app.mfa.profile.statusOff',
                            )}
                        </Typography>
                        <Chip
                            size="small"
                            color={status.enabled ? 'success' : 'default'}
                            label={translate(
                                status.enabled ? 'app.mfa.profile.on' : 'app.mfa.profile.off',
                            )}
                        />
                    </Stack>
                    {status.required && (
                        <Typography variant="body2" color="text.secondary">
                            {translate('app.mfa.profile.requiredNote')}
                        </Typography>
                    )}
                    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                        <Button
                            variant="outlined"
                            disabled={pending}
                            onClick={() => void startSetup()}
                        >
                            {translate(
                                status.enabled
                                    ? 'app.mfa.profile.newDevice'
                                    : 'app.mfa.profile.setUp',
                            )}
                        </Button>
                        {status.enabled && !status.required && (
                            <Button
                                variant="outlined"
                                color="error"
                                disabled={pending}
                                onClick={() => setConfirmOff(true)}
                            >
                                {translate('app.mfa.profile.turnOff')}
                            </Button>
                        )}
                    </Stack>
                </>
            )}
            {setup && (
                <TotpSetupDialog
                    sharedSecret={setup.sharedSecret}
                    setupUri={setup.setupUri}
                    onConfirm={confirmSetup}
                    onClose={() => setSetup(undefined)}
                />
            )}
            <Confirm
                isOpen={confirmOff}
                title="app.mfa.profile.turnOffTitle"
                content="app.mfa.profile.turnOffQuestion"
                confirm="app.mfa.profile.turnOff"
                onConfirm={() => void turnOff()}
                onClose={() => setConfirmOff(false)}
            />
        </Stack>
    );
}
