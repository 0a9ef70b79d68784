import Business from '@mui/icons-material/Business';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Warehouse from '@mui/icons-material/Warehouse';
import {
    Box,
    Divider,
    IconButton,
    ListItem,
    ListItemButton,
    ListItemIcon,
    ListItemText,
    Tooltip,
} from '@mui/material';
import type { ComponentType } from 'react';
import { useSidebarState, useTranslate } from 'react-admin';
import { useDistributionCenters } from '../customRoutes/depotSelection/useDistributionCenters';
import { useScopeSelection } from '../scope/ScopeSelectionProvider';
import { useSelectedScope } from '../scope/useSelectedScope';
import { useSelectableTenants } from '../scope/useSelectableTenants';
import { useCurrentContext } from './useCurrentContext';

interface SelectorProps {
    icon: ComponentType;
    captionKey: string;
    value: string;
    /** Opens the selection dialog; absent when there is nothing else to choose. */
    onChange?: () => void;
}

/** One selector: the caption and value with a change affordance, an icon with a tooltip in the rail. */
function ScopeSelectorRow({ icon: Icon, captionKey, value, onChange }: SelectorProps) {
    const translate = useTranslate();
    const [open] = useSidebarState();
    const caption = translate(captionKey);
    if (!open) {
        const label = `${caption}: ${value}`;
        return (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 0.5 }}>
                <Tooltip title={label} placement="right">
                    {onChange ? (
                        <IconButton onClick={onChange} aria-label={label} aria-haspopup="dialog">
                            <Icon />
                        </IconButton>
                    ) : (
                        <Box
                            role="img"
                            aria-label={label}
                            sx={{ display: 'flex', p: 1, color: 'action.active' }}
                        >
                            <Icon />
                        </Box>
                    )}
                </Tooltip>
            </Box>
        );
    }
    const content = (
        <>
            <ListItemIcon sx={{ minWidth: 40 }}>
                <Icon />
            </ListItemIcon>
            <ListItemText
                primary={caption}
                secondary={value}
                slotProps={{
                    primary: { variant: 'caption', color: 'text.secondary' },
                    secondary: { variant: 'body2', color: 'text.primary', noWrap: true },
                }}
            />
            {onChange && <SwapHoriz fontSize="small" color="action" />}
        </>
    );
    return onChange ? (
        <ListItemButton
            component="button"
            onClick={onChange}
            aria-haspopup="dialog"
            sx={{
                width: '100%',
                textAlign: 'left',
                border: 0,
                bgcolor: 'transparent',
                font: 'inherit',
            }}
        >
            {content}
        </ListItemButton>
    ) : (
        <ListItem component="div">{content}</ListItem>
    );
}

/** Depot view: the selected depot's number and location name, or 'please select'; the dialog only with more than one depot. */
function DepotScopeSelector() {
    const translate = useTranslate();
    const { scope } = useSelectedScope();
    const { openDialog } = useScopeSelection();
    const centers = useDistributionCenters();
    const depot = scope.depot;
    const value = depot
        ? `${depot.externalDepotId} ${depot.locationName}`
        : translate('app.scope.pleaseSelect');
    const choosable = (centers.data?.length ?? 0) > 1;
    return (
        <ScopeSelectorRow
            icon={Warehouse}
            captionKey="app.scope.depot"
            value={value}
            onChange={choosable ? () => openDialog('depot') : undefined}
        />
    );
}

/** Tenant view: the selected organisation's name; the dialog unless the user has a single-tenant scope. */
function TenantScopeSelector() {
    const translate = useTranslate();
    const { scope } = useSelectedScope();
    const { openDialog } = useScopeSelection();
    const { tenants } = useSelectableTenants();
    const value = scope.tenant?.name ?? translate('app.scope.pleaseSelect');
    return (
        <ScopeSelectorRow
            icon={Business}
            captionKey="app.scope.tenant"
            value={value}
            onChange={tenants.length > 1 ? () => openDialog('tenant') : undefined}
        />
    );
}

/** The scope selector at the top of the drawer (shell §2.9), for the depot and tenant views. */
export function DrawerScopeSelector() {
    const current = useCurrentContext();
    if (current?.context !== 'depot' && current?.context !== 'tenant') return null;
    return (
        <>
            {current.context === 'depot' ? <DepotScopeSelector /> : <TenantScopeSelector />}
            <Divider />
        </>
    );
}
