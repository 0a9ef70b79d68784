import {
    Chip,
    Table,
    TableBody,
    TableCell,
    TableContainer,
    TableHead,
    TableRow,
    Typography,
    type ChipProps,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { RoleChange, RoleChangeKind } from '../../../domain/contracts/backoffice-actions';
import { sortedChanges } from './roleSyncView';

const chipProps: Record<RoleChangeKind, Pick<ChipProps, 'color' | 'variant'>> = {
    conflict: { color: 'error', variant: 'filled' },
    create: { color: 'success', variant: 'filled' },
    update: { color: 'primary', variant: 'filled' },
    skipped: { color: 'default', variant: 'outlined' },
    unchanged: { color: 'default', variant: 'outlined' },
};

/** The lines that say what changes for one role, or why it is skipped or in conflict. */
function ChangeDetails({ change }: { change: RoleChange }) {
    const translate = useTranslate();
    const key = 'app.backofficeActions.roleSync';
    const lines: string[] = [];
    if (change.reason)
        lines.push(
            translate(`${key}.reasons.${change.reason}`, {
                details: (change.reasonDetails ?? []).join(', '),
            }),
        );
    if (change.kind === 'create' || change.kind === 'update') {
        if (change.nameBefore)
            lines.push(translate(`${key}.renamed`, { before: change.nameBefore }));
        if (change.addedActions.length > 0)
            lines.push(translate(`${key}.added`, { actions: change.addedActions.join(', ') }));
        if (change.removedActions.length > 0)
            lines.push(translate(`${key}.removed`, { actions: change.removedActions.join(', ') }));
        const before = (change.contextsBefore ?? []).join(', ') || '-';
        const after = change.contextsAfter.join(', ');
        if (change.kind === 'create' || before !== after)
            lines.push(translate(`${key}.contexts`, { before, after }));
        if (change.visibilityPathBefore !== change.visibilityPathAfter)
            lines.push(
                translate(`${key}.visibility`, {
                    before: change.visibilityPathBefore ?? '-',
                    after: change.visibilityPathAfter || '-',
                }),
            );
    }
    return (
        <>
            {lines.map((line) => (
                <Typography key={line} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {line}
                </Typography>
            ))}
        </>
    );
}

/** The preview of a role-sync import: one row per role of the file, conflicts and changes first. */
export function RoleSyncPreviewTable({ changes }: { changes: readonly RoleChange[] }) {
    const translate = useTranslate();
    const key = 'app.backofficeActions.roleSync';
    return (
        <TableContainer
            tabIndex={0}
            role="region"
            aria-label={translate(`${key}.previewTable`)}
            sx={{ maxHeight: '60vh', border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
            <Table size="small" stickyHeader aria-label={translate(`${key}.previewTable`)}>
                <TableHead>
                    <TableRow>
                        <TableCell>{translate(`${key}.columns.role`)}</TableCell>
                        <TableCell>{translate(`${key}.columns.change`)}</TableCell>
                        <TableCell>{translate(`${key}.columns.details`)}</TableCell>
                    </TableRow>
                </TableHead>
                <TableBody>
                    {sortedChanges(changes).map((change) => (
                        <TableRow key={change.key} data-kind={change.kind}>
                            <TableCell sx={{ minWidth: 140 }}>
                                <Typography variant="body2">{change.name}</Typography>
                                <Typography variant="caption" color="text.secondary">
                                    {change.technical
                                        ? translate(`${key}.technical`)
                                        : change.tenantId}
                                </Typography>
                            </TableCell>
                            <TableCell>
                                <Chip
                                    size="small"
                                    label={translate(`${key}.kinds.${change.kind}`)}
                                    {...chipProps[change.kind]}
                                />
                            </TableCell>
                            <TableCell sx={{ minWidth: 180 }}>
                                <ChangeDetails change={change} />
                            </TableCell>
                        </TableRow>
                    ))}
                </TableBody>
            </Table>
        </TableContainer>
    );
}
