import UploadFile from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslate } from 'react-admin';
import {
    ADDRESS_INFO_MAX_FILE_BYTES,
    addressInfoCsvColumns,
    addressInfoCsvTemplate,
    requiredAddressInfoCsvColumns,
    type AddressInfoCheck,
} from '../../../../domain/addressDeliveryInfo';
import type { AddressDeliveryInfoUploadAnswer } from '../../../../domain/contracts/address-delivery-info';
import type { ErrorDetail } from '../../../../domain/contracts/common';
import { AddressInfoPreviewTable } from './AddressInfoPreviewTable';
import { AddressInfoProblemTable } from './AddressInfoProblemTable';
import { lineOfDetail, lineOfProblem, previewAddressInfoCsv } from './addressInfoPreview';
import { useUploadAddressInfo } from './useAddressInfo';

const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(addressInfoCsvTemplate)}`;
const maxMegabytes = ADDRESS_INFO_MAX_FILE_BYTES / (1024 * 1024);

type Outcome =
    | { kind: 'done'; answer: AddressDeliveryInfoUploadAnswer }
    | { kind: 'refused'; details: ErrorDetail[] }
    | { kind: 'tooLarge' }
    | { kind: 'failed' };

/**
 * What a failed upload means for the user, read by shape (react-admin's `HttpError`: `status`
 * and the `{code, message, details}` body): every bad row, a file too large, or a failure.
 */
function outcomeOfError(error: unknown): Outcome {
    const { status, body } = (error ?? {}) as { status?: unknown; body?: unknown };
    const envelope = (body ?? {}) as { code?: unknown; details?: unknown };
    if (status === 400 && envelope.code === 'ADDRESS_INFO_UPLOAD_INVALID')
        return {
            kind: 'refused',
            details: Array.isArray(envelope.details) ? (envelope.details as ErrorDetail[]) : [],
        };
    if (status === 413) return { kind: 'tooLarge' };
    return { kind: 'failed' };
}

/**
 * The upload of a depot's address delivery information: the template, a file, the preview of its
 * rows with every problem the shared rules find, then the raw file sent to the server, which
 * decides (all rows or none). Its refusal lists every bad row like the preview; its success
 * counts the new and the replaced entries.
 */
export function AddressInfoUploadPanel({
    depotPath,
    onShowEntries,
}: {
    depotPath: string;
    onShowEntries: () => void;
}) {
    const translate = useTranslate();
    const fileInput = useRef<HTMLInputElement>(null);
    const upload = useUploadAddressInfo(depotPath);
    const [file, setFile] = useState<{ name: string; text: string } | undefined>();
    const [preview, setPreview] = useState<AddressInfoCheck | undefined>();
    const [outcome, setOutcome] = useState<Outcome | undefined>();

    const choose = async (event: ChangeEvent<HTMLInputElement>) => {
        const chosen = event.target.files?.[0];
        event.target.value = '';
        if (!chosen) return;
        setPreview(undefined);
        setFile(undefined);
        if (chosen.size > ADDRESS_INFO_MAX_FILE_BYTES) {
            setOutcome({ kind: 'tooLarge' });
            return;
        }
        setOutcome(undefined);
        const text = await chosen.text();
        setFile({ name: chosen.name, text });
        setPreview(previewAddressInfoCsv(text));
    };

    const send = () => {
        if (!file) return;
        upload.mutate(file.text, {
            onSuccess: (answer) => {
                setOutcome({ kind: 'done', answer });
                setFile(undefined);
                setPreview(undefined);
            },
            onError: (error) => setOutcome(outcomeOfError(error)),
        });
    };

    const bad = preview ? new Set(preview.problems.map((problem) => problem.row)).size : 0;
    const canImport =
        file !== undefined &&
        preview !== undefined &&
        preview.problems.length === 0 &&
        !upload.isPending;

    return (
        <Stack spacing={2}>
            <Typography variant="body2">{translate('app.addressInfo.intro')}</Typography>
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
                {addressInfoCsvColumns.join(',')}
            </Box>
            <Typography variant="body2">
                {translate('app.addressInfo.rulesSummary', {
                    columns: requiredAddressInfoCsvColumns.join(', '),
                })}
            </Typography>
            <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={2}
                sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
            >
                {/* A real button (a label is not activated by Enter or Space) that opens the hidden file input. */}
                <Button
                    variant="outlined"
                    startIcon={<UploadFile />}
                    onClick={() => fileInput.current?.click()}
                >
                    {translate('app.addressInfo.choose')}
                </Button>
                <input
                    ref={fileInput}
                    type="file"
                    accept=".csv,text/csv"
                    hidden
                    tabIndex={-1}
                    onChange={(event) => void choose(event)}
                    aria-label={translate('app.addressInfo.choose')}
                    data-testid="address-info-file"
                />
                <Link href={templateHref} download="address-delivery-information-template.csv">
                    {translate('app.addressInfo.template')}
                </Link>
            </Stack>
            {file && (
                <Typography variant="body2">
                    {translate('app.addressInfo.file', { name: file.name })}
                </Typography>
            )}
            {preview && (
                <Alert severity={bad > 0 ? 'warning' : 'success'} role="status">
                    {preview.fileProblem
                        ? translate('app.addressInfo.fileRefused')
                        : translate('app.addressInfo.counts', {
                              rows: preview.rows,
                              good: preview.rows - bad,
                              bad,
                          })}
                </Alert>
            )}
            {preview && preview.entries.length > 0 && preview.problems.length === 0 && (
                <AddressInfoPreviewTable entries={preview.entries} />
            )}
            {preview && preview.problems.length > 0 && (
                <AddressInfoProblemTable lines={preview.problems.map(lineOfProblem)} />
            )}
            {outcome?.kind === 'refused' && (
                <>
                    <Alert severity="error">
                        {translate('app.addressInfo.serverRefused', {
                            rows: new Set(outcome.details.map((detail) => detail.field)).size,
                        })}
                    </Alert>
                    <AddressInfoProblemTable lines={outcome.details.map(lineOfDetail)} />
                </>
            )}
            {outcome?.kind === 'tooLarge' && (
                <Alert severity="error">
                    {translate('app.addressInfo.tooLarge', { max: maxMegabytes })}
                </Alert>
            )}
            {outcome?.kind === 'failed' && (
                <Alert severity="error">{translate('app.addressInfo.failed')}</Alert>
            )}
            {outcome?.kind === 'done' && (
                <Alert
                    severity="success"
                    role="status"
                    action={
                        <Button color="inherit" size="small" onClick={onShowEntries}>
                            {translate('app.addressInfo.showEntries')}
                        </Button>
                    }
                >
                    {translate('app.addressInfo.success', outcome.answer)}
                </Alert>
            )}
            <Box>
                <Button
                    variant="contained"
                    onClick={send}
                    disabled={!canImport}
                    loading={upload.isPending}
                >
                    {translate('app.addressInfo.import')}
                </Button>
            </Box>
        </Stack>
    );
}
