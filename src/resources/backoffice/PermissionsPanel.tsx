import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import {
    Box,
    Button,
    FormHelperText,
    IconButton,
    MenuItem,
    Stack,
    TextField,
    Tooltip,
    Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import type { ScopeOption } from '../../../domain/contracts/back-office-users';
import { addRowBlocker } from '../../../domain/permissionDialog';
import {
    currentInContext,
    mayRemoveAt,
    type PermissionEditing,
    type PermissionRow,
} from '../../../domain/permissionRows';
import { autoSelectRow, rowRoleOptions, rowScopeChoices } from './permissionPanelModel';
import { ScopeSelect } from './ScopeSelect';

export interface PermissionsPanelProps {
    editing: PermissionEditing;
    scopes: readonly ScopeOption[];
    rows: readonly PermissionRow[];
    onChange: (rows: PermissionRow[]) => void;
}

/** A row may go unless it holds a scope the editor may not remove. */
function mayRemoveRow(editing: PermissionEditing, row: PermissionRow): boolean {
    const held = currentInContext(editing).filter(
        (assignment) => assignment.roleId === row.roleId && row.paths.includes(assignment.path),
    );
    return held.every((assignment) =>
        mayRemoveAt(editing.editor, editing.context, assignment.path),
    );
}

/**
 * The permissions of the user dialog (shell §5): rows of a role and its scopes, with the rules of
 * domain/permissionDialog.ts deciding which roles are offered, which scopes are disabled (and
 * why) and whether another row may be added.
 */
export function PermissionsPanel({ editing, scopes, rows, onChange }: PermissionsPanelProps) {
    const translate = useTranslate();
    const headingId = useId();
    const addHintId = useId();
    const blocker = addRowBlocker(editing, rows);
    const update = (next: PermissionRow[], index: number) =>
        onChange(autoSelectRow(editing, next, index, scopes));
    const setRole = (index: number, roleId: string) =>
        update(
            rows.map((row, i) => (i === index ? { roleId, paths: [] } : row)),
            index,
        );
    const setPaths = (index: number, paths: string[]) =>
        onChange(rows.map((row, i) => (i === index ? { ...row, paths } : row)));
    const removeRow = (index: number) => onChange(rows.filter((_row, i) => i !== index));
    const addRow = () => update([...rows, { roleId: null, paths: [] }], rows.length);

    return (
        <Box component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
            <Typography
                id={headingId}
                component="h3"
                variant="subtitle1"
                sx={{ fontWeight: 600, mb: 1.5 }}
            >
                {translate('app.users.permissions')}
            </Typography>
            <Stack spacing={2}>
                {rows.length === 0 && (
                    <Typography variant="body2" color="text.secondary">
                        {translate('app.users.noPermissionRows')}
                    </Typography>
                )}
                {rows.map((row, index) => {
                    const roles = rowRoleOptions(editing, rows, index);
                    const number = index + 1;
                    return (
                        <Box
                            key={index}
                            role="group"
                            aria-label={translate('app.users.permissionRow', { number })}
                            sx={{
                                display: 'grid',
                                gap: 1.5,
                                alignItems: 'start',
                                gridTemplateColumns: {
                                    xs: '1fr auto',
                                    sm: 'minmax(0, 1fr) minmax(0, 1fr) auto',
                                },
                            }}
                        >
                            <TextField
                                select
                                size="small"
                                label={translate('app.users.role')}
                                value={row.roleId ?? ''}
                                onChange={(event) => setRole(index, event.target.value)}
                                disabled={row.roleId !== null && !mayRemoveRow(editing, row)}
                                sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' } }}
                            >
                                {roles.map((role) => (
                                    <MenuItem key={role.id} value={role.id}>
                                        {role.name}
                                    </MenuItem>
                                ))}
                            </TextField>
                            <Box
                                sx={{
                                    gridColumn: { xs: '1 / 2', sm: 'auto' },
                                    gridRow: { xs: 2, sm: 'auto' },
                                    minWidth: 0,
                                }}
                            >
                                <ScopeSelect
                                    label={translate('app.users.scopes')}
                                    choices={rowScopeChoices(editing, rows, index, scopes)}
                                    value={row.paths}
                                    onChange={(paths) => setPaths(index, paths)}
                                    disabled={row.roleId === null}
                                />
                            </Box>
                            <Tooltip title={translate('app.users.removeRow', { number })}>
                                <span>
                                    <IconButton
                                        aria-label={translate('app.users.removeRow', { number })}
                                        onClick={() => removeRow(index)}
                                        disabled={!mayRemoveRow(editing, row)}
                                        sx={{ gridRow: { xs: '1 / 3', sm: 'auto' } }}
                                    >
                                        <DeleteOutline />
                                    </IconButton>
                                </span>
                            </Tooltip>
                        </Box>
                    );
                })}
                <Box>
                    <Button
                        startIcon={<Add />}
                        onClick={addRow}
                        disabled={blocker !== null}
                        aria-describedby={blocker ? addHintId : undefined}
                    >
                        {translate('app.users.addRow')}
                    </Button>
                    {blocker && (
                        <FormHelperText id={addHintId}>
                            {translate(`app.permissionRules.${blocker}`)}
                        </FormHelperText>
                    )}
                </Box>
            </Stack>
        </Box>
    );
}
