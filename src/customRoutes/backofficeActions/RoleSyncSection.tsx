import Download from '@mui/icons-material/Download';
import UploadFile from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProviders';
import type { RoleSyncPreview, RoleSyncResult } from '../../../domain/contracts/backoffice-actions';
import { useAppDialog } from '../../layout/dialogs/useAppDialog';
import { useFormatters } from '../../settings/useFormatters';
import { errorEnvelopeOf, readJsonFile, saveTextFile, useJsonFileChooser } from './jsonFiles';
import { RoleSyncPreviewTable } from './RoleSyncPreviewTable';
import { countChanges } from './roleSyncView';

interface Chosen {
    fileName: string;
    file: unknown;
    preview: RoleSyncPreview;
}

/** Why a file was refused, by the server's code. */
function refusalKey(code: string | undefined): string {
    if (code === 'INVALID_SIGNATURE') return 'app.backofficeActions.roleSync.invalidSignature';
    if (code === 'BAD_REQUEST') return 'app.backofficeActions.roleSync.badFile';
    return 'app.backofficeActions.roleSync.previewFailed';
}

/** Role sync: export this environment's roles as a signed file; import one with a preview first. */
export function RoleSyncSection() {
    const translate = useTranslate();
    const notify = useNotify();
    const dialog = useAppDialog();
    const formatters = useFormatters();
    const dataProvider = useDataProvider<AppDataProvider>();
    const settings = useQuery({
        queryKey: ['roleSyncSettings'],
        queryFn: () => dataProvider.getRoleSyncSettings(),
    });
    const [busy, setBusy] = useState(false);
    const [chosen, setChosen] = useState<Chosen>();
    const [problem, setProblem] = useState<string>();
    const [result, setResult] = useState<RoleSyncResult>();

    const exportRoles = async () => {
        setBusy(true);
        try {
            saveTextFile(await dataProvider.exportRoleSync());
            notify('app.backofficeActions.roleSync.exported', { type: 'success' });
        } catch {
            notify('app.backofficeActions.roleSync.exportFailed', { type: 'error' });
        } finally {
            setBusy(false);
        }
    };

    const previewFile = async (file: File) => {
        setChosen(undefined);
        setProblem(undefined);
        setResult(undefined);
        const read = await readJsonFile(file);
        if (!read.ok) {
            setProblem('app.backofficeActions.roleSync.notJson');
            return;
        }
        setBusy(true);
        try {
            setChosen({
                fileName: read.name,
                file: read.value,
                preview: await dataProvider.previewRoleSync(read.value),
            });
        } catch (error) {
            setProblem(refusalKey(errorEnvelopeOf(error).code));
        } finally {
            setBusy(false);
        }
    };
    const chooser = useJsonFileChooser((file) => void previewFile(file));

    const apply = async ({ file, preview }: Chosen) => {
        setBusy(true);
        try {
            const done = await dataProvider.importRoleSync(file, preview.checksum);
            setResult(done);
            setChosen(undefined);
        } catch (error) {
            const { code } = errorEnvelopeOf(error);
            dialog.open({
                type: 'error',
                messageKey:
                    code === 'STALE_RECORD'
                        ? 'app.backofficeActions.roleSync.stale'
                        : 'app.backofficeActions.roleSync.importFailed',
            });
        } finally {
            setBusy(false);
        }
    };

    const confirmApply = (current: Chosen) => {
        const counts = countChanges(current.preview.changes);
        dialog.open({
            type: 'warning',
            messageKey: 'app.backofficeActions.roleSync.confirm',
            descriptionKey: 'app.backofficeActions.roleSync.confirmDescription',
            values: {
                create: counts.create,
                update: counts.update,
                environment: current.preview.targetEnvironment,
            },
            submit: {
                labelKey: 'app.backofficeActions.roleSync.apply',
                onSubmit: () => void apply(current),
            },
        });
    };

    const counts = chosen ? countChanges(chosen.preview.changes) : undefined;
    const writes = counts ? counts.create + counts.update : 0;
    return (
        <Card component="section" aria-labelledby="role-sync-title">
            <CardContent sx={{ display: 'grid', gap: 2 }}>
                <Typography id="role-sync-title" component="h2" variant="h6">
                    {translate('app.backofficeActions.roleSync.title')}
                </Typography>
                <Typography variant="body2">
                    {translate('app.backofficeActions.roleSync.intro')}
                </Typography>
                {settings.data && (
                    <Typography variant="body2">
                        {translate('app.backofficeActions.roleSync.environment', {
                            environment: settings.data.environment,
                        })}
                    </Typography>
                )}
                {settings.data?.secretSource === 'ephemeral' && (
                    <Alert severity="warning">
                        {translate('app.backofficeActions.roleSync.ephemeralSecret')}
                    </Alert>
                )}
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                    <Button
                        variant="contained"
                        startIcon={<Download />}
                        disabled={busy}
                        onClick={() => void exportRoles()}
                    >
                        {translate('app.backofficeActions.roleSync.export')}
                    </Button>
                    <Button
                        variant="outlined"
                        startIcon={<UploadFile />}
                        disabled={busy}
                        onClick={chooser.choose}
                    >
                        {translate('app.backofficeActions.roleSync.chooseFile')}
                    </Button>
                    {chooser.input}
                </Box>
                {problem && (
                    <Alert severity="error" role="alert">
                        {translate(problem)}
                    </Alert>
                )}
                {result && (
                    <Alert severity="success" role="status">
                        {translate('app.backofficeActions.roleSync.applied', {
                            created: result.created,
                            updated: result.updated,
                        })}
                    </Alert>
                )}
                {chosen && counts && (
                    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
                        <Typography component="h3" variant="subtitle1">
                            {translate('app.backofficeActions.roleSync.previewTitle', {
                                fileName: chosen.fileName,
                                source: chosen.preview.sourceEnvironment,
                                exportedAt: formatters.dateTime(chosen.preview.exportedAt),
                            })}
                        </Typography>
                        <Typography variant="body2" role="status">
                            {translate('app.backofficeActions.roleSync.summary', counts)}
                        </Typography>
                        {!chosen.preview.applicable && (
                            <Alert severity="error">
                                {translate('app.backofficeActions.roleSync.notApplicable')}
                            </Alert>
                        )}
                        {chosen.preview.applicable && writes === 0 && (
                            <Alert severity="info">
                                {translate('app.backofficeActions.roleSync.nothingToApply')}
                            </Alert>
                        )}
                        <RoleSyncPreviewTable changes={chosen.preview.changes} />
                        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                            <Button
                                variant="contained"
                                disabled={busy || !chosen.preview.applicable || writes === 0}
                                onClick={() => confirmApply(chosen)}
                            >
                                {translate('app.backofficeActions.roleSync.apply')}
                            </Button>
                            <Button onClick={() => setChosen(undefined)} disabled={busy}>
                                {translate('app.backofficeActions.roleSync.discard')}
                            </Button>
                        </Box>
                    </Box>
                )}
            </CardContent>
        </Card>
    );
}
