import UploadFile from '@mui/icons-material/UploadFile';
import {
    Alert,
    Box,
    Button,
    Dialog,
    DialogActions,
    DialogContent,
    DialogTitle,
    List,
    ListItem,
    ListItemText,
    Stack,
    Typography,
    useMediaQuery,
    useTheme,
} from '@mui/material';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import {
    useDataProvider,
    useGetOne,
    useNotify,
    useRefresh,
    useTranslate,
    type HttpError,
} from 'react-admin';
import type { Organisation } from '../../../domain/contracts/organisations';
import { depotCsvColumns, optionalDepotCsvColumns } from '../../../domain/depots';
import type { AppDataProvider } from '../../dataProviders';
import { useCurrentContext } from '../../layout/useCurrentContext';
import { depotCsvOrganisationIds, previewDepotCsv, type DepotCsvPreview } from './depotCsvPreview';
import { DepotTemplateLink } from './DepotTemplateLink';
import { depotProblemText, type DepotProblemDetail } from './depotProblemText';
import { useDepotPreviewContext } from './useDepotPreviewContext';

/** How many problems the dialog lists (a broken 10,000-row file would otherwise render 10,000 items). */
const SHOWN_PROBLEMS = 200;

function ProblemList({
    items,
    total,
}: {
    items: { key: string; row: string; text: string }[];
    total: number;
}) {
    const translate = useTranslate();
    return (
        <>
            <List
                dense
                aria-label={translate('app.depots.upload.problems')}
                sx={{
                    maxHeight: '40vh',
                    overflow: 'auto',
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 1,
                }}
            >
                {items.map((item) => (
                    <ListItem key={item.key} divider>
                        <ListItemText
                            primary={item.row}
                            secondary={item.text}
                            slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                        />
                    </ListItem>
                ))}
            </List>
            {total > items.length && (
                <Typography variant="body2">
                    {translate('app.depots.upload.moreProblems', { count: total - items.length })}
                </Typography>
            )}
        </>
    );
}

/**
 * CSV bulk upload (domain §5): choose a file, see every row's problems found in the browser
 * (papaparse and the shared rules, then the organisations, regions and services it could load),
 * import the raw file; the server checks it again (with the stored duplicates) and lists its
 * problems the same way, translated by their reason. Nothing is written unless the whole file is valid.
 */
export function DepotUploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
    const translate = useTranslate();
    const notify = useNotify();
    const refresh = useRefresh();
    const dataProvider = useDataProvider<AppDataProvider>();
    const theme = useTheme();
    const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
    const titleId = useId();
    const fileInput = useRef<HTMLInputElement>(null);
    const [file, setFile] = useState<{ name: string; text: string } | undefined>();
    const [preview, setPreview] = useState<DepotCsvPreview | undefined>();
    const [serverProblems, setServerProblems] = useState<DepotProblemDetail[] | undefined>();
    const [sending, setSending] = useState(false);
    const [checking, setChecking] = useState(false);
    const loadContext = useDepotPreviewContext();
    // The file whose organisations are being loaded (a newer choice wins).
    const current = useRef(0);
    // In an organisation's view, its template with its region ids.
    const tenantId = useCurrentContext()?.tenantId;
    const organisation = useGetOne<Organisation>(
        'organizations',
        { id: tenantId ?? '' },
        { enabled: open && Boolean(tenantId) },
    );
    const ownOrganisation = tenantId ? organisation.data : undefined;

    const reset = () => {
        setFile(undefined);
        setPreview(undefined);
        setServerProblems(undefined);
        setChecking(false);
        current.current += 1;
    };
    const close = () => {
        reset();
        onClose();
    };

    const choose = async (event: ChangeEvent<HTMLInputElement>) => {
        const chosen = event.target.files?.[0];
        event.target.value = '';
        if (!chosen) return;
        const text = await chosen.text();
        const token = ++current.current;
        setServerProblems(undefined);
        setChecking(false);
        setFile({ name: chosen.name, text });
        const first = previewDepotCsv(text);
        setPreview(first);
        if (first.headerProblem || first.rows.length === 0) return;
        setChecking(true);
        const context = await loadContext(depotCsvOrganisationIds(first.rows));
        if (token !== current.current) return;
        setChecking(false);
        if (context) setPreview(previewDepotCsv(text, context));
    };

    const submit = async () => {
        if (!file) return;
        setSending(true);
        try {
            const { created } = await dataProvider.uploadDepotsCsv(file.text);
            notify('app.depots.upload.success', {
                type: 'success',
                messageArgs: { count: created },
            });
            refresh();
            close();
        } catch (error) {
            const body = (error as HttpError | undefined)?.body as
                { code?: string; details?: DepotProblemDetail[] } | undefined;
            if (body?.code === 'DEPOT_UPLOAD_INVALID') {
                setServerProblems(body.details ?? []);
            } else {
                notify('app.depots.errors.upload', { type: 'error' });
            }
        } finally {
            setSending(false);
        }
    };

    const previewItems = (preview?.problems ?? [])
        .slice(0, SHOWN_PROBLEMS)
        .map((problem, index) => ({
            key: `p${index}`,
            row: translate('app.depots.upload.row', { row: problem.row }),
            text: depotProblemText(translate, problem),
        }));
    const serverItems = (serverProblems ?? []).slice(0, SHOWN_PROBLEMS).map((problem, index) => ({
        key: `s${index}`,
        row: problem.field?.startsWith('row ')
            ? translate('app.depots.upload.row', { row: problem.field.slice(4) })
            : (problem.field ?? ''),
        text: depotProblemText(translate, problem),
    }));
    const rows = preview?.rows.length ?? 0;
    const bad = preview?.badRows ?? 0;
    const canImport = Boolean(
        file && preview && !preview.headerProblem && rows > 0 && bad === 0 && !sending && !checking,
    );

    return (
        <Dialog
            open={open}
            onClose={close}
            aria-labelledby={titleId}
            fullScreen={fullScreen}
            maxWidth="md"
            fullWidth
        >
            <DialogTitle id={titleId}>{translate('app.depots.upload.title')}</DialogTitle>
            <DialogContent>
                <Stack spacing={2}>
                    <Typography variant="body2">{translate('app.depots.upload.intro')}</Typography>
                    <Box
                        component="code"
                        sx={{
                            display: 'block',
                            p: 1,
                            bgcolor: 'action.hover',
                            borderRadius: 1,
                            overflowWrap: 'anywhere',
                            fontSize: '0.8rem',
                        }}
                    >
                        {depotCsvColumns.join(',')}
                    </Box>
                    <Typography variant="body2">
                        {translate('app.depots.upload.optional', {
                            columns: optionalDepotCsvColumns.join(', '),
                        })}
                    </Typography>
                    <Stack
                        direction={{ xs: 'column', sm: 'row' }}
                        spacing={2}
                        sx={{ alignItems: { sm: 'center' } }}
                    >
                        {/* A real button (a label is not activated by Enter or Space) that opens the hidden file input. */}
                        <Button
                            variant="outlined"
                            startIcon={<UploadFile />}
                            onClick={() => fileInput.current?.click()}
                        >
                            {translate('app.depots.upload.choose')}
                        </Button>
                        <input
                            ref={fileInput}
                            type="file"
                            accept=".csv,text/csv"
                            hidden
                            tabIndex={-1}
                            onChange={(event) => void choose(event)}
                            aria-label={translate('app.depots.upload.choose')}
                        />
                        <DepotTemplateLink organisation={ownOrganisation} />
                    </Stack>
                    {file && (
                        <Typography variant="body2">
                            {translate('app.depots.upload.file', { name: file.name })}
                        </Typography>
                    )}
                    {preview?.headerProblem && (
                        <Alert severity="error">{translate('app.depots.upload.header')}</Alert>
                    )}
                    {preview && !preview.headerProblem && (
                        <Alert
                            severity={checking ? 'info' : bad > 0 ? 'warning' : 'success'}
                            role="status"
                        >
                            {checking
                                ? translate('app.depots.upload.checking')
                                : translate('app.depots.upload.counts', {
                                      rows,
                                      good: rows - bad,
                                      bad,
                                  })}
                        </Alert>
                    )}
                    {previewItems.length > 0 && (
                        <ProblemList items={previewItems} total={preview?.problems.length ?? 0} />
                    )}
                    {serverProblems && (
                        <>
                            <Alert severity="error">
                                {translate('app.depots.upload.serverRefused')}{' '}
                                {translate('app.depots.upload.serverRows', {
                                    rows: new Set(serverProblems.map((problem) => problem.field))
                                        .size,
                                })}
                            </Alert>
                            <ProblemList items={serverItems} total={serverProblems.length} />
                        </>
                    )}
                </Stack>
            </DialogContent>
            <DialogActions>
                <Button onClick={close}>{translate('ra.action.cancel')}</Button>
                <Button variant="contained" onClick={() => void submit()} disabled={!canImport}>
                    {translate('app.depots.upload.import')}
                </Button>
            </DialogActions>
        </Dialog>
    );
}
