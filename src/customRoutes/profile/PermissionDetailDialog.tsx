import {
    Box,
    Button,
    Dialog,
    DialogActions,
    DialogContent,
    DialogTitle,
    Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import type { RoleContext, ScopeLevel } from '../../../domain/enums';
import type { ProfilePermission } from '../../../domain/contracts/profile';
import { RoleActionList } from '../../resources/roles/RoleActionList';

/** Names of contexts and scope levels; the shell's context names serve where they are the same word. */
const roleContextKeys: Record<RoleContext, string> = {
    ADMIN: 'app.contexts.admin.title',
    TENANT: 'app.contexts.tenant.title',
    DEPOT: 'app.contexts.depot.title',
    SUBCONTRACTOR: 'app.profile.subcontractor',
};
const scopeLevelKeys: Record<ScopeLevel, string> = {
    ADMIN: 'app.profile.scopeLevels.ADMIN',
    TENANT: 'app.contexts.tenant.title',
    COUNTRY: 'app.profile.scopeLevels.COUNTRY',
    GROUP: 'resources.depots.fields.groupName',
    DISTRIBUTION_CENTER: 'app.contexts.depot.title',
    SUBCONTRACTOR: 'app.profile.subcontractor',
};

export type PermissionDetail = {
    kind: 'role' | 'scope' | 'actions';
    permission: ProfilePermission;
};

/** The actions of a permission's role by area, with the names the role editor shows (never the codes). */
function ActionList({ actions, below }: { actions: readonly string[]; below: 'h2' | 'h3' }) {
    const translate = useTranslate();
    if (actions.length === 0)
        return (
            <Typography color="text.secondary">
                {translate('app.profile.detail.noActions')}
            </Typography>
        );
    return <RoleActionList actions={actions} groupHeading={below === 'h2' ? 'h3' : 'h4'} />;
}

function Facts({ facts }: { facts: [string, string][] }) {
    const translate = useTranslate();
    return (
        <Box
            component="dl"
            sx={{
                display: 'grid',
                gridTemplateColumns: 'max-content 1fr',
                alignItems: 'baseline',
                columnGap: 2,
                rowGap: 1,
                mt: 0,
                mb: 2,
            }}
        >
            {facts.map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                    <Typography component="dt" color="text.secondary">
                        {translate(label)}
                    </Typography>
                    <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                        {value}
                    </Typography>
                </Box>
            ))}
        </Box>
    );
}

/** The detail of one permission's role, scope or actions (shell §2.4). */
export function PermissionDetailDialog({
    open,
    detail,
    onClose,
}: {
    open: boolean;
    detail: PermissionDetail | null;
    onClose: () => void;
}) {
    const translate = useTranslate();
    const titleId = useId();
    const permission = detail?.permission;
    const title =
        !detail || !permission
            ? ''
            : detail.kind === 'role'
              ? permission.role.name
              : detail.kind === 'scope'
                ? translate('app.profile.detail.scopeTitle')
                : translate('app.profile.detail.actionsOf', { role: permission.role.name });
    return (
        <Dialog
            open={open && detail !== null}
            onClose={onClose}
            aria-labelledby={titleId}
            fullWidth
            maxWidth="sm"
        >
            <DialogTitle id={titleId}>{title}</DialogTitle>
            {detail && permission && (
                <DialogContent>
                    {detail.kind === 'role' && (
                        <>
                            <Facts
                                facts={[
                                    [
                                        'app.profile.detail.context',
                                        translate(roleContextKeys[permission.role.context]),
                                    ],
                                ]}
                            />
                            <Typography component="h3" variant="subtitle2" gutterBottom>
                                {translate('app.profile.detail.actions')}
                            </Typography>
                            <ActionList actions={permission.role.actions} below="h3" />
                        </>
                    )}
                    {detail.kind === 'scope' && (
                        <Facts
                            facts={[
                                [
                                    'app.profile.detail.level',
                                    translate(scopeLevelKeys[permission.scope]),
                                ],
                                [
                                    'app.profile.detail.name',
                                    permission.path
                                        ? permission.scopeDetails.name
                                        : translate('app.profile.allScopes'),
                                ],
                                ['app.profile.detail.path', permission.path || '-'],
                            ]}
                        />
                    )}
                    {detail.kind === 'actions' && (
                        <ActionList actions={permission.role.actions} below="h2" />
                    )}
                </DialogContent>
            )}
            <DialogActions>
                <Button onClick={onClose} autoFocus>
                    {translate('app.alert.close')}
                </Button>
            </DialogActions>
        </Dialog>
    );
}
