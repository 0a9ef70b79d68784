import Download from '@mui/icons-material/Download';
import RestartAlt from '@mui/icons-material/RestartAlt';
import Upload from '@mui/icons-material/Upload';
import {
    Alert,
    Card,
    CardContent,
    IconButton,
    Table,
    TableBody,
    TableCell,
    TableContainer,
    TableHead,
    TableRow,
    Tooltip,
    Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Loading, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { Language } from '../../../domain/enums';
import { localeProblemsFromDetails, type LocaleProblems } from '../../../domain/localeFiles';
import type {
    LocaleDocument,
    TranslationStatus,
} from '../../../domain/contracts/backoffice-actions';
import type { AppDataProvider } from '../../dataProviders';
import { languageName } from '../../i18n/languages';
import { useAppDialog } from '../../layout/dialogs/useAppDialog';
import { useFormatters } from '../../settings/useFormatters';
import { errorEnvelopeOf, readJsonFile, saveTextFile, useJsonFileChooser } from './jsonFiles';
import { LocaleProblemList } from './LocaleProblemList';

const QUERY_KEY = ['translationStatuses'];
const key = 'app.backofficeActions.translations';

interface Refusal {
    language: Language;
    problems?: LocaleProblems;
    /** A refusal without a key list (not JSON, or another failure). */
    messageKey?: string;
}

/**
 * Translation update: per language whether the bundled texts or an uploaded file are served;
 * download the file as served, upload a new one (parsed here; the server checks it against the
 * English file of the release and names what does not fit), or go back to the bundled texts.
 */
export function TranslationsSection() {
    const translate = useTranslate();
    const notify = useNotify();
    const dialog = useAppDialog();
    const formatters = useFormatters();
    const queryClient = useQueryClient();
    const dataProvider = useDataProvider<AppDataProvider>();
    const { data, error, isPending } = useQuery({
        queryKey: QUERY_KEY,
        queryFn: () => dataProvider.getTranslationStatuses(),
    });
    const [busy, setBusy] = useState<Language>();
    const [refusal, setRefusal] = useState<Refusal>();
    const target = useRef<Language>('en');

    const refresh = () => queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    const run = async (language: Language, work: () => Promise<void>) => {
        setBusy(language);
        try {
            await work();
        } finally {
            setBusy(undefined);
        }
    };

    const upload = async (file: File) => {
        const language = target.current;
        const name = languageName(language);
        setRefusal(undefined);
        const read = await readJsonFile(file);
        if (!read.ok) {
            setRefusal({ language, messageKey: `${key}.notJson` });
            return;
        }
        if (typeof read.value !== 'object' || read.value === null || Array.isArray(read.value)) {
            setRefusal({ language, messageKey: `${key}.notJson` });
            return;
        }
        await run(language, async () => {
            try {
                await dataProvider.uploadTranslation(language, read.value as LocaleDocument);
                notify(`${key}.uploaded`, { type: 'success', messageArgs: { language: name } });
                await refresh();
            } catch (failure) {
                const { code, details } = errorEnvelopeOf(failure);
                setRefusal(
                    code === 'LOCALE_KEYS_MISMATCH'
                        ? { language, problems: localeProblemsFromDetails(details) }
                        : { language, messageKey: `${key}.uploadFailed` },
                );
            }
        });
    };
    const chooser = useJsonFileChooser((file) => void upload(file));

    const download = (language: Language) =>
        run(language, async () => {
            try {
                saveTextFile(await dataProvider.downloadTranslation(language));
            } catch {
                notify(`${key}.downloadFailed`, {
                    type: 'error',
                    messageArgs: { language: languageName(language) },
                });
            }
        });

    const reset = (language: Language) =>
        dialog.open({
            type: 'warning',
            messageKey: `${key}.resetConfirm`,
            descriptionKey: `${key}.resetDescription`,
            values: { language: languageName(language) },
            submit: {
                labelKey: `${key}.resetAction`,
                onSubmit: () =>
                    void run(language, async () => {
                        try {
                            await dataProvider.resetTranslation(language);
                            notify(`${key}.resetDone`, {
                                type: 'success',
                                messageArgs: { language: languageName(language) },
                            });
                            await refresh();
                        } catch {
                            notify(`${key}.resetFailed`, {
                                type: 'error',
                                messageArgs: { language: languageName(language) },
                            });
                        }
                    }),
            },
        });

    const updatedText = (row: TranslationStatus) =>
        row.updatedAt
            ? translate(`${key}.updatedBy`, {
                  date: formatters.dateTime(row.updatedAt),
                  name: row.updatedBy?.name || row.updatedBy?.email || '-',
              })
            : '-';

    return (
        <Card component="section" aria-labelledby="translations-title">
            <CardContent sx={{ display: 'grid', gap: 2 }}>
                <Typography id="translations-title" component="h2" variant="h6">
                    {translate(`${key}.title`)}
                </Typography>
                <Typography variant="body2">{translate(`${key}.intro`)}</Typography>
                {chooser.input}
                {refusal &&
                    (refusal.problems ? (
                        <LocaleProblemList
                            languageName={languageName(refusal.language)}
                            problems={refusal.problems}
                        />
                    ) : (
                        <Alert severity="error" role="alert">
                            {translate(refusal.messageKey ?? `${key}.uploadFailed`, {
                                language: languageName(refusal.language),
                            })}
                        </Alert>
                    ))}
                {error ? (
                    <Alert severity="error">{translate(`${key}.loadFailed`)}</Alert>
                ) : isPending ? (
                    <Loading />
                ) : (
                    <TableContainer
                        tabIndex={0}
                        role="region"
                        aria-label={translate(`${key}.table`)}
                        sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
                    >
                        <Table size="small" aria-label={translate(`${key}.table`)}>
                            <TableHead>
                                <TableRow>
                                    <TableCell>{translate(`${key}.columns.language`)}</TableCell>
                                    <TableCell>{translate(`${key}.columns.status`)}</TableCell>
                                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                                        {translate(`${key}.columns.updated`)}
                                    </TableCell>
                                    <TableCell align="right">
                                        {translate(`${key}.columns.actions`)}
                                    </TableCell>
                                </TableRow>
                            </TableHead>
                            <TableBody>
                                {data.map((row) => {
                                    const name = languageName(row.language);
                                    const disabled = busy !== undefined;
                                    return (
                                        <TableRow key={row.language} data-language={row.language}>
                                            <TableCell lang={row.language}>{name}</TableCell>
                                            <TableCell>
                                                {translate(`${key}.status.${row.status}`)}
                                                <Typography
                                                    variant="caption"
                                                    component="div"
                                                    color="text.secondary"
                                                    sx={{ display: { sm: 'none' } }}
                                                >
                                                    {row.updatedAt ? updatedText(row) : null}
                                                </Typography>
                                            </TableCell>
                                            <TableCell
                                                sx={{ display: { xs: 'none', sm: 'table-cell' } }}
                                            >
                                                {updatedText(row)}
                                            </TableCell>
                                            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                                                <Tooltip
                                                    title={translate(`${key}.download`, {
                                                        language: name,
                                                    })}
                                                >
                                                    <span>
                                                        <IconButton
                                                            aria-label={translate(
                                                                `${key}.download`,
                                                                { language: name },
                                                            )}
                                                            disabled={disabled}
                                                            onClick={() =>
                                                                void download(row.language)
                                                            }
                                                        >
                                                            <Download />
                                                        </IconButton>
                                                    </span>
                                                </Tooltip>
                                                <Tooltip
                                                    title={translate(`${key}.upload`, {
                                                        language: name,
                                                    })}
                                                >
                                                    <span>
                                                        <IconButton
                                                            aria-label={translate(`${key}.upload`, {
                                                                language: name,
                                                            })}
                                                            disabled={disabled}
                                                            onClick={() => {
                                                                target.current = row.language;
                                                                chooser.choose();
                                                            }}
                                                        >
                                                            <Upload />
                                                        </IconButton>
                                                    </span>
                                                </Tooltip>
                                                <Tooltip
                                                    title={translate(`${key}.reset`, {
                                                        language: name,
                                                    })}
                                                >
                                                    <span>
                                                        <IconButton
                                                            aria-label={translate(`${key}.reset`, {
                                                                language: name,
                                                            })}
                                                            disabled={
                                                                disabled || row.status === 'bundled'
                                                            }
                                                            onClick={() => reset(row.language)}
                                                        >
                                                            <RestartAlt />
                                                        </IconButton>
                                                    </span>
                                                </Tooltip>
                                            </TableCell>
                                        </TableRow>
                                    );
                                })}
                            </TableBody>
                        </Table>
                    </TableContainer>
                )}
            </CardContent>
        </Card>
    );
}
