import {
    Box,
    Button,
    Stack,
    Table,
    TableBody,
    TableCell,
    TableHead,
    TableRow,
    Typography,
    useMediaQuery,
    type Theme,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { ProfilePermission } from '../../../domain/contracts/profile';
import { PermissionDetailDialog, type PermissionDetail } from './PermissionDetailDialog';

const linkButton = {
    textTransform: 'none',
    justifyContent: 'flex-start',
    textAlign: 'left',
    px: 1,
    mx: -1,
    minWidth: 0,
} as const;

function scopeText(permission: ProfilePermission, allScopes: string): string {
    return permission.path ? `${permission.scopeDetails.name} (${permission.path})` : allScopes;
}

/**
 * The permissions of a profile (shell §2.4): role, scope and number of actions per permission,
 * each opening its detail. A table from small screens up, stacked cards on extra-small ones.
 */
export function PermissionsTable({ permissions }: { permissions: readonly ProfilePermission[] }) {
    const translate = useTranslate();
    const stacked = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
    // The detail stays while the dialog fades out.
    const [detail, setDetail] = useState<PermissionDetail | null>(null);
    const [open, setOpen] = useState(false);
    const show = (shown: PermissionDetail) => {
        setDetail(shown);
        setOpen(true);
    };

    if (permissions.length === 0)
        return (
            <Typography color="text.secondary">{translate('app.profile.noPermissions')}</Typography>
        );

    const allScopes = translate('app.profile.allScopes');
    const cells = (permission: ProfilePermission) => ({
        role: (
            <Button sx={linkButton} onClick={() => show({ kind: 'role', permission })}>
                {permission.role.name}
            </Button>
        ),
        scope: (
            <Button sx={linkButton} onClick={() => show({ kind: 'scope', permission })}>
                {scopeText(permission, allScopes)}
            </Button>
        ),
        actions: (
            <Button
                sx={linkButton}
                onClick={() => show({ kind: 'actions', permission })}
                aria-label={translate('app.profile.showActions', {
                    role: permission.role.name,
                    number: permission.role.actions.length,
                })}
            >
                {permission.role.actions.length}
            </Button>
        ),
    });

    return (
        <>
            {stacked ? (
                <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                    {permissions.map((permission) => {
                        const cell = cells(permission);
                        return (
                            <Box
                                component="li"
                                key={permission.id}
                                sx={{
                                    border: 1,
                                    borderColor: 'divider',
                                    borderRadius: 1,
                                    px: 2,
                                    py: 1,
                                }}
                            >
                                {(['role', 'scope', 'actions'] as const).map((column) => (
                                    <Box
                                        key={column}
                                        sx={{ display: 'flex', alignItems: 'center', gap: 2 }}
                                    >
                                        <Typography
                                            variant="body2"
                                            color="text.secondary"
                                            sx={{ width: '5.5rem', flexShrink: 0 }}
                                        >
                                            {translate(`app.profile.columns.${column}`)}
                                        </Typography>
                                        {cell[column]}
                                    </Box>
                                ))}
                            </Box>
                        );
                    })}
                </Stack>
            ) : (
                <Table size="small" aria-label={translate('app.profile.permissions')}>
                    <TableHead>
                        <TableRow>
                            <TableCell>{translate('app.profile.columns.role')}</TableCell>
                            <TableCell>{translate('app.profile.columns.scope')}</TableCell>
                            <TableCell align="right">
                                {translate('app.profile.columns.actions')}
                            </TableCell>
                        </TableRow>
                    </TableHead>
                    <TableBody>
                        {permissions.map((permission) => {
                            const cell = cells(permission);
                            return (
                                <TableRow key={permission.id}>
                                    <TableCell>{cell.role}</TableCell>
                                    <TableCell>{cell.scope}</TableCell>
                                    <TableCell align="right">{cell.actions}</TableCell>
                                </TableRow>
                            );
                        })}
                    </TableBody>
                </Table>
            )}
            <PermissionDetailDialog open={open} detail={detail} onClose={() => setOpen(false)} />
        </>
    );
}
