import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { LocaleProblems } from '../../../domain/localeFiles';

/** How many keys of each kind are named on screen (the counts are complete). */
const SHOWN = 20;

function KeyList({ title, items }: { title: string; items: string[] }) {
    const translate = useTranslate();
    if (items.length === 0) return null;
    return (
        <Box>
            <Typography variant="subtitle2" component="h4">
                {title}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {items.slice(0, SHOWN).map((item) => (
                    <li key={item}>
                        <Typography
                            variant="body2"
                            component="span"
                            sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
                        >
                            {item}
                        </Typography>
                    </li>
                ))}
                {items.length > SHOWN && (
                    <li>
                        {translate('app.backofficeActions.translations.more', {
                            n: items.length - SHOWN,
                        })}
                    </li>
                )}
            </Box>
        </Box>
    );
}

/** Why a locale file was refused: its missing keys, unknown keys and invalid texts. */
export function LocaleProblemList({
    languageName,
    problems,
}: {
    languageName: string;
    problems: LocaleProblems;
}) {
    const translate = useTranslate();
    const key = 'app.backofficeActions.translations';
    const badValues = problems.badValues.map(({ key: textKey, problem, expected }) =>
        translate(`${key}.problem.${problem}`, {
            key: textKey,
            variables: (expected ?? []).map((name) => `{{${name}}}`).join(', ') || '-',
        }),
    );
    return (
        <Alert severity="error" role="alert">
            <AlertTitle>{translate(`${key}.problemsTitle`, { language: languageName })}</AlertTitle>
            <Box sx={{ display: 'grid', gap: 1 }}>
                <KeyList
                    title={translate(`${key}.missingKeys`, { n: problems.missing.length })}
                    items={problems.missing}
                />
                <KeyList
                    title={translate(`${key}.unknownKeys`, { n: problems.unknown.length })}
                    items={problems.unknown}
                />
                <KeyList
                    title={translate(`${key}.badValues`, { n: problems.badValues.length })}
                    items={badValues}
                />
            </Box>
        </Alert>
    );
}
