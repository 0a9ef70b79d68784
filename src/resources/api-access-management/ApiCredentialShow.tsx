import ArrowBack from '@mui/icons-material/ArrowBack';
import Autorenew from '@mui/icons-material/Autorenew';
import Block from '@mui/icons-material/Block';
import Edit from '@mui/icons-material/Edit';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { darken } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import {
    Confirm,
    Labeled,
    Show,
    TopToolbar,
    useCreatePath,
    useDataProvider,
    useNotify,
    useRecordContext,
    useRefresh,
    useTranslate,
    WithRecord,
} from 'react-admin';
import { Link } from 'react-router-dom';
import type { ApiCredential, ApiCredentialWithSecret } from '../../../domain/contracts/api-access';
import type { AppDataProvider } from '../../dataProviders';
import { useFormatters } from '../../settings/useFormatters';
import { ApiCredentialEditDialog } from './ApiCredentialEditDialog';
import { ApiCredentialSecretDialog } from './ApiCredentialSecretDialog';
import { ApiCredentialStatus } from './ApiCredentialStatus';
import { DeveloperPortalDialog } from './DeveloperPortalDialog';
import { useApiCredentialPermissions } from './useApiCredentialPermissions';
import { useCredentialSaveError } from './useCredentialSaveError';

/** Rotate and revoke: plain provider calls (the rotated secret never enters react-admin's cache), then a refetch. */
function ApiCredentialShowActions() {
    const credential = useRecordContext<ApiCredential>();
    const translate = useTranslate();
    const notify = useNotify();
    const refresh = useRefresh();
    const queryClient = useQueryClient();
    const dataProvider = useDataProvider<AppDataProvider>();
    const onError = useCredentialSaveError();
    const { canWrite } = useApiCredentialPermissions();
    const createPath = useCreatePath();
    const [dialog, setDialog] = useState<'edit' | 'rotate' | 'revoke' | 'portal' | null>(null);
    const [busy, setBusy] = useState(false);
    const [rotated, setRotated] = useState<ApiCredentialWithSecret | null>(null);
    if (!credential) return null;
    const writable = canWrite && credential.status !== 'REVOKED';
    const afterWrite = async () => {
        await queryClient.invalidateQueries({ queryKey: ['api-access-management'] });
        refresh();
    };
    const rotate = async () => {
        setBusy(true);
        try {
            const answer = await dataProvider.rotateApiCredential(String(credential.id));
            setDialog(null);
            setRotated(answer);
        } catch (error) {
            setDialog(null);
            onError(error);
        } finally {
            setBusy(false);
        }
    };
    const revoke = async () => {
        setBusy(true);
        try {
            await dataProvider.revokeApiCredential(String(credential.id));
            notify('app.apiAccess.revoke.done', {
                type: 'success',
                messageArgs: { name: credential.name },
            });
            await afterWrite();
        } catch (error) {
            onError(error);
        } finally {
            setDialog(null);
            setBusy(false);
        }
    };
    return (
        <TopToolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
                component={Link}
                to={createPath({ resource: 'api-access-management', type: 'list' })}
                startIcon={<ArrowBack />}
            >
                {translate('app.apiAccess.backToList')}
            </Button>
            <Button onClick={() => setDialog('portal')}>
                {translate('app.apiAccess.portal.open')}
            </Button>
            {writable && (
                <>
                    <Button startIcon={<Edit />} onClick={() => setDialog('edit')}>
                        {translate('ra.action.edit')}
                    </Button>
                    {credential.status === 'ACTIVE' && (
                        <Button startIcon={<Autorenew />} onClick={() => setDialog('rotate')}>
                            {translate('app.apiAccess.rotate.open')}
                        </Button>
                    )}
                    <Button
                        startIcon={<Block />}
                        onClick={() => setDialog('revoke')}
                        sx={{ color: (theme) => darken(theme.palette.error.dark, 0.2) }}
                    >
                        {translate('app.apiAccess.revoke.open')}
                    </Button>
                    <ApiCredentialEditDialog
                        key={credential.version}
                        credential={credential}
                        open={dialog === 'edit'}
                        onClose={() => setDialog(null)}
                    />
                    <Confirm
                        isOpen={dialog === 'rotate'}
                        loading={busy}
                        title={translate('app.apiAccess.rotate.title', { name: credential.name })}
                        content={translate('app.apiAccess.rotate.content')}
                        confirm={translate('app.apiAccess.rotate.confirm')}
                        confirmColor="warning"
                        onConfirm={() => void rotate()}
                        onClose={() => setDialog(null)}
                    />
                    <Confirm
                        isOpen={dialog === 'revoke'}
                        loading={busy}
                        title={translate('app.apiAccess.revoke.title', { name: credential.name })}
                        content={translate('app.apiAccess.revoke.content')}
                        confirm={translate('app.apiAccess.revoke.confirm')}
                        confirmColor="warning"
                        onConfirm={() => void revoke()}
                        onClose={() => setDialog(null)}
                    />
                </>
            )}
            <ApiCredentialSecretDialog
                secret={
                    rotated && {
                        clientId: rotated.clientId,
                        clientSecret: rotated.clientSecret,
                        rotated: true,
                    }
                }
                onClose={() => {
                    setRotated(null);
                    void afterWrite();
                }}
            />
            <DeveloperPortalDialog open={dialog === 'portal'} onClose={() => setDialog(null)} />
        </TopToolbar>
    );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
    return (
        <Labeled label={label}>
            <Box component="span" sx={{ typography: 'body2' }}>
                {children}
            </Box>
        </Labeled>
    );
}

function ApiCredentialDetails({ credential }: { credential: ApiCredential }) {
    const translate = useTranslate();
    const formatters = useFormatters();
    const field = (name: string) => translate(`resources.api-access-management.fields.${name}`);
    const time = (value: string | null, empty: string) =>
        value === null ? translate(empty) : formatters.dateTime(value);
    return (
        <Stack spacing={2} sx={{ p: 2 }}>
            <Typography variant="h6" component="h2">
                {credential.name}
            </Typography>
            {credential.status === 'REVOKED' && (
                <Alert severity="info">{translate('app.apiAccess.revokedNote')}</Alert>
            )}
            {credential.status === 'EXPIRED' && (
                <Alert severity="warning">{translate('app.apiAccess.expiredNote')}</Alert>
            )}
            <Field label={field('status')}>
                <ApiCredentialStatus status={credential.status} />
            </Field>
            <Field label={field('clientId')}>
                <Box
                    component="code"
                    data-testid="credential-client-id"
                    sx={{ overflowWrap: 'anywhere' }}
                >
                    {credential.clientId}
                </Box>
            </Field>
            <Field label={field('scopes')}>
                <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    {credential.scopes.map((scope) => (
                        <Chip
                            key={scope}
                            size="small"
                            label={scope}
                            sx={{ fontFamily: 'monospace' }}
                        />
                    ))}
                </Stack>
            </Field>
            <Field label={field('expiresAt')}>
                {time(credential.expiresAt, 'app.apiAccess.never')}
            </Field>
            <Field label={field('lastUsedAt')}>
                {time(credential.lastUsedAt, 'app.apiAccess.notUsed')}
            </Field>
            <Field label={field('createdAt')}>{formatters.dateTime(credential.createdAt)}</Field>
            <Field label={field('createdBy')}>{credential.createdBy?.name ?? '-'}</Field>
            {credential.rotatedAt && (
                <Field label={field('rotatedAt')}>
                    {formatters.dateTime(credential.rotatedAt)}
                </Field>
            )}
            {credential.revokedAt && (
                <Field label={field('revokedAt')}>
                    {formatters.dateTime(credential.revokedAt)}
                </Field>
            )}
            {credential.status !== 'REVOKED' && (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {translate('app.apiAccess.secretNotShown')}
                </Typography>
            )}
        </Stack>
    );
}

/**
 * One credential at `/tenant/:tenantId/api-access-management/:credentialsId` (shell §2.7): the
 * resource's record route, so this detail view sits in react-admin's `edit` slot; editing
 * happens in a dialog. The secret is never shown here.
 */
export function ApiCredentialShow() {
    return (
        <Show resource="api-access-management" actions={<ApiCredentialShowActions />}>
            <WithRecord<ApiCredential>
                render={(credential) => <ApiCredentialDetails credential={credential} />}
            />
        </Show>
    );
}
