import { List, ListItem, ListItemButton, ListItemText } from '@mui/material';
import { Link } from 'react-router-dom';
import type { TenantRef } from '../../scope/selectedScope';

export const tenantPath = (tenant: Pick<TenantRef, 'id'>) =>
    `/tenant/${encodeURIComponent(tenant.id)}`;

/** Organisations as links, in the given order (by name, shell §3); `onSelect` runs when one is chosen. */
export function TenantSelectionList({
    tenants,
    labelledBy,
    onSelect,
}: {
    tenants: TenantRef[];
    labelledBy: string;
    onSelect?: () => void;
}) {
    return (
        <List aria-labelledby={labelledBy}>
            {tenants.map((tenant) => (
                <ListItem key={tenant.id} disablePadding>
                    <ListItemButton component={Link} to={tenantPath(tenant)} onClick={onSelect}>
                        <ListItemText primary={tenant.name} />
                    </ListItemButton>
                </ListItem>
            ))}
        </List>
    );
}
