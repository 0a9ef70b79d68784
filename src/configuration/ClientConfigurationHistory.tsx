import {
    Alert,
    Box,
    Button,
    Card,
    MenuItem,
    Table,
    TableBody,
    TableCell,
    TableContainer,
    TableHead,
    TableRow,
    TextField,
    Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, HttpError, Loading, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { ConfigRevision } from '../../domain/contracts/client-configs';
import type { AppDataProvider } from '../dataProviders';
import { useFormatters } from '../settings/useFormatters';
import { ConfigDiffTable } from './ConfigDiffTable';
import type { ConfigurationOwner } from './configurationOwner';
import { configQueryKeys, useConfigSchema } from './useConfigSchema';

/**
 * The revisions of `owner`'s client configuration: who changed what and when, a diff between
 * any two (default: the latest and the one before), and restore of an older revision after
 * confirmation (a new revision; the list refreshes).
 */
export function ClientConfigurationHistory({
    owner,
    canEdit,
}: {
    owner: ConfigurationOwner;
    canEdit: boolean;
}) {
    const translate = useTranslate();
    const dataProvider = useDataProvider<AppDataProvider>();
    const keys = configQueryKeys(owner);
    const history = useQuery<ConfigRevision[]>({
        queryKey: keys.history,
        queryFn: () => dataProvider.getClientConfigHistory(owner),
    });
    const schema = useConfigSchema(owner);
    if (history.error)
        return <Alert severity="error">{translate('app.clientConfig.loadError')}</Alert>;
    if (!history.data) return <Loading />;
    if (history.data.length === 0)
        return <Typography sx={{ my: 2 }}>{translate('app.clientConfig.noHistory')}</Typography>;
    return (
        <HistoryView
            owner={owner}
            canEdit={canEdit}
            revisions={history.data}
            schema={schema.data?.schema}
        />
    );
}

function HistoryView({
    owner,
    canEdit,
    revisions,
    schema,
}: {
    owner: ConfigurationOwner;
    canEdit: boolean;
    revisions: ConfigRevision[];
    schema: unknown;
}) {
    const translate = useTranslate();
    const notify = useNotify();
    const formatters = useFormatters();
    const queryClient = useQueryClient();
    const dataProvider = useDataProvider<AppDataProvider>();
    const keys = configQueryKeys(owner);
    const latest = revisions[0];
    const [pair, setPair] = useState<{ from?: number; to?: number }>({});
    const [restoring, setRestoring] = useState<ConfigRevision | null>(null);
    const [busy, setBusy] = useState(false);
    const to = revisions.find((revision) => revision.revision === pair.to) ?? latest;
    const from =
        revisions.find((revision) => revision.revision === pair.from) ??
        revisions.find((revision) => to && revision.revision < to.revision);

    const restore = async () => {
        if (!restoring || !latest) return;
        setBusy(true);
        try {
            const created = await dataProvider.restoreClientConfig(
                owner,
                restoring.revision,
                latest.revision,
            );
            notify('app.clientConfig.restored', {
                type: 'success',
                messageArgs: { revision: restoring.revision, created: created.revision },
            });
            setPair({});
        } catch (error) {
            const code =
                error instanceof HttpError
                    ? (error.body as { code?: string } | undefined)?.code
                    : undefined;
            notify(
                code === 'STALE_RECORD'
                    ? 'app.clientConfig.stale'
                    : code === 'INVALID_CLIENT_CONFIG'
                      ? 'app.clientConfig.restoreInvalid'
                      : 'app.clientConfig.restoreError',
                {
                    type: code === 'STALE_RECORD' ? 'warning' : 'error',
                },
            );
        } finally {
            setBusy(false);
            setRestoring(null);
            await Promise.all([
                queryClient.invalidateQueries({ queryKey: keys.history }),
                queryClient.invalidateQueries({ queryKey: keys.current }),
            ]);
        }
    };

    const revisionLabel = (revision: ConfigRevision) =>
        translate('app.clientConfig.revisionOption', {
            revision: revision.revision,
            when: formatters.dateTime(revision.createdAt),
        });

    return (
        <Box sx={{ display: 'grid', gap: 3, maxWidth: 1100 }}>
            <Card>
                <TableContainer
                    tabIndex={0}
                    role="region"
                    aria-label={translate('app.clientConfig.revisions')}
                    sx={{ maxHeight: '50vh' }}
                >
                    <Table
                        size="small"
                        stickyHeader
                        aria-label={translate('app.clientConfig.revisions')}
                    >
                        <TableHead>
                            <TableRow>
                                <TableCell>{translate('app.clientConfig.revision')}</TableCell>
                                <TableCell>{translate('app.clientConfig.changedBy')}</TableCell>
                                <TableCell>{translate('app.clientConfig.changedAt')}</TableCell>
                                <TableCell>{translate('app.clientConfig.restoredFrom')}</TableCell>
                                {canEdit ? (
                                    <TableCell>{translate('app.clientConfig.actions')}</TableCell>
                                ) : null}
                            </TableRow>
                        </TableHead>
                        <TableBody>
                            {revisions.map((revision) => (
                                <TableRow
                                    key={revision.revision}
                                    selected={
                                        revision.revision === to?.revision ||
                                        revision.revision === from?.revision
                                    }
                                >
                                    <TableCell>{revision.revision}</TableCell>
                                    <TableCell>
                                        {revision.createdBy?.name ??
                                            translate('app.clientConfig.unknownUser')}
                                    </TableCell>
                                    <TableCell>{formatters.dateTime(revision.createdAt)}</TableCell>
                                    <TableCell>{revision.restoredFrom ?? '-'}</TableCell>
                                    {canEdit ? (
                                        <TableCell>
                                            {revision.revision !== latest?.revision ? (
                                                <Button
                                                    size="small"
                                                    onClick={() => setRestoring(revision)}
                                                    aria-label={translate(
                                                        'app.clientConfig.restoreRevision',
                                                        { revision: revision.revision },
                                                    )}
                                                >
                                                    {translate('app.clientConfig.restore')}
                                                </Button>
                                            ) : (
                                                translate('app.clientConfig.current')
                                            )}
                                        </TableCell>
                                    ) : null}
                                </TableRow>
                            ))}
                        </TableBody>
                    </Table>
                </TableContainer>
            </Card>
            <Box component="section" aria-labelledby="config-diff-title">
                <Typography id="config-diff-title" component="h2" variant="h6" sx={{ mb: 1 }}>
                    {translate('app.clientConfig.compare')}
                </Typography>
                {revisions.length < 2 ? (
                    <Typography>{translate('app.clientConfig.singleRevision')}</Typography>
                ) : (
                    <>
                        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
                            <TextField
                                select
                                size="small"
                                fullWidth={false}
                                sx={{ width: { xs: '100%', sm: 320 } }}
                                label={translate('app.clientConfig.compareFrom')}
                                value={from?.revision ?? ''}
                                onChange={(event) =>
                                    setPair({
                                        ...pair,
                                        from: Number(event.target.value),
                                        to: to?.revision,
                                    })
                                }
                            >
                                {revisions.map((revision) => (
                                    <MenuItem key={revision.revision} value={revision.revision}>
                                        {revisionLabel(revision)}
                                    </MenuItem>
                                ))}
                            </TextField>
                            <TextField
                                select
                                size="small"
                                fullWidth={false}
                                sx={{ width: { xs: '100%', sm: 320 } }}
                                label={translate('app.clientConfig.compareTo')}
                                value={to?.revision ?? ''}
                                onChange={(event) =>
                                    setPair({
                                        ...pair,
                                        to: Number(event.target.value),
                                        from: from?.revision,
                                    })
                                }
                            >
                                {revisions.map((revision) => (
                                    <MenuItem key={revision.revision} value={revision.revision}>
                                        {revisionLabel(revision)}
                                    </MenuItem>
                                ))}
                            </TextField>
                        </Box>
                        <ConfigDiffTable
                            before={from?.document}
                            after={to?.document}
                            schema={schema}
                        />
                    </>
                )}
            </Box>
            <Confirm
                isOpen={restoring !== null}
                loading={busy}
                title={translate('app.clientConfig.restoreTitle', {
                    revision: restoring?.revision ?? '',
                })}
                content={translate('app.clientConfig.restoreConfirm', {
                    revision: restoring?.revision ?? '',
                })}
                confirm={translate('app.clientConfig.restore')}
                cancel={translate('ra.action.cancel')}
                onConfirm={restore}
                onClose={() => setRestoring(null)}
            />
        </Box>
    );
}
