import {
    Chip,
    Table,
    TableBody,
    TableCell,
    TableContainer,
    TableHead,
    TableRow,
    Typography,
} from '@mui/material';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { configDiff, formatConfigValue, type ConfigChange } from '../../domain/configDiff';
import type { Translate } from './configUiSchema';

const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field path in words: each segment by its schema title (a translation key), else as is. */
function pathLabel(schema: unknown, path: readonly string[], translate: Translate): string {
    const labels: string[] = [];
    let node: unknown = schema;
    for (const segment of path) {
        const child =
            isRecord(node) && isRecord(node.properties) ? node.properties[segment] : undefined;
        labels.push(
            isRecord(child) && typeof child.title === 'string' ? translate(child.title) : segment,
        );
        node = child;
    }
    return labels.join(' › ');
}

const variants: Record<ConfigChange['kind'], 'filled' | 'outlined'> = {
    added: 'outlined',
    removed: 'outlined',
    changed: 'filled',
};

/** What changed between two revisions: kind, field, value before and after. */
export function ConfigDiffTable({
    before,
    after,
    schema,
}: {
    before: unknown;
    after: unknown;
    schema: unknown;
}) {
    const translate = useTranslate();
    const changes = useMemo(() => configDiff(before, after), [before, after]);
    if (changes.length === 0)
        return <Typography>{translate('app.clientConfig.noDifferences')}</Typography>;
    return (
        <TableContainer
            tabIndex={0}
            role="region"
            aria-label={translate('app.clientConfig.differences')}
        >
            <Table size="small" aria-label={translate('app.clientConfig.differences')}>
                <TableHead>
                    <TableRow>
                        <TableCell>{translate('app.clientConfig.change')}</TableCell>
                        <TableCell>{translate('app.clientConfig.field')}</TableCell>
                        <TableCell>{translate('app.clientConfig.before')}</TableCell>
                        <TableCell>{translate('app.clientConfig.after')}</TableCell>
                    </TableRow>
                </TableHead>
                <TableBody>
                    {changes.map((change) => (
                        <TableRow key={change.path.join('/')}>
                            <TableCell>
                                <Chip
                                    size="small"
                                    variant={variants[change.kind]}
                                    label={translate(`app.clientConfig.kind.${change.kind}`)}
                                />
                            </TableCell>
                            <TableCell>{pathLabel(schema, change.path, translate)}</TableCell>
                            <TableCell sx={{ fontFamily: 'monospace' }}>
                                {change.kind === 'added' ? '-' : formatConfigValue(change.before)}
                            </TableCell>
                            <TableCell sx={{ fontFamily: 'monospace' }}>
                                {change.kind === 'removed' ? '-' : formatConfigValue(change.after)}
                            </TableCell>
                        </TableRow>
                    ))}
                </TableBody>
            </Table>
        </TableContainer>
    );
}
