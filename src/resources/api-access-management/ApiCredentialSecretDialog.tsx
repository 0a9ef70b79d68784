import ContentCopy from '@mui/icons-material/ContentCopy';
import {
    Alert,
    Box,
    Button,
    Dialog,
    DialogActions,
    DialogContent,
    DialogTitle,
    IconButton,
    Stack,
    Tooltip,
    Typography,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';

interface ApiCredentialSecretDialogProps {
    /** The client id and the secret; the dialog is open while they are set. */
    secret: { clientId: string; clientSecret: string; rotated: boolean } | null;
    onClose: () => void;
}

function CopyableValue({ label, value, testId }: { label: string; value: string; testId: string }) {
    const translate = useTranslate();
    const notify = useNotify();
    const copy = async () => {
        try {
            await navigator.clipboard.writeText(value);
            notify('app.apiAccess.secret.copied', { type: 'info', messageArgs: { what: label } });
        } catch {
            notify('app.apiAccess.secret.copyFailed', { type: 'warning' });
        }
    };
    return (
        <Box>
            <Typography variant="subtitle2" component="p">
                {label}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Box
                    component="code"
                    data-testid={testId}
                    sx={{
                        flex: 1,
                        minWidth: 0,
                        p: 1,
                        bgcolor: 'action.hover',
                        borderRadius: 1,
                        fontFamily: 'monospace',
                        fontSize: '0.9rem',
                        overflowWrap: 'anywhere',
                    }}
                >
                    {value}
                </Box>
                <Tooltip title={translate('app.apiAccess.secret.copy', { what: label })}>
                    <IconButton
                        onClick={() => void copy()}
                        aria-label={translate('app.apiAccess.secret.copy', { what: label })}
                    >
                        <ContentCopy />
                    </IconButton>
                </Tooltip>
            </Stack>
        </Box>
    );
}

/**
 * Shows a new client secret once (after a create or a rotation), with copy buttons and the
 * warning that it cannot be shown again. The secret lives only in the caller's state; closing
 * the dialog drops it.
 */
export function ApiCredentialSecretDialog({ secret, onClose }: ApiCredentialSecretDialogProps) {
    const translate = useTranslate();
    return (
        <Dialog
            open={secret !== null}
            onClose={(_event, reason) => reason !== 'backdropClick' && onClose()}
            aria-labelledby="api-secret-title"
            maxWidth="sm"
            fullWidth
        >
            <DialogTitle id="api-secret-title">
                {translate(
                    secret?.rotated
                        ? 'app.apiAccess.secret.rotatedTitle'
                        : 'app.apiAccess.secret.title',
                )}
            </DialogTitle>
            <DialogContent>
                {secret && (
                    <Stack spacing={2}>
                        <Alert severity="warning">
                            {translate('app.apiAccess.secret.warning')}
                        </Alert>
                        <CopyableValue
                            label={translate('resources.api-access-management.fields.clientId')}
                            value={secret.clientId}
                            testId="api-client-id"
                        />
                        <CopyableValue
                            label={translate('app.apiAccess.secret.clientSecret')}
                            value={secret.clientSecret}
                            testId="api-client-secret"
                        />
                    </Stack>
                )}
            </DialogContent>
            <DialogActions>
                <Button onClick={onClose} variant="contained">
                    {translate('app.apiAccess.secret.done')}
                </Button>
            </DialogActions>
        </Dialog>
    );
}
