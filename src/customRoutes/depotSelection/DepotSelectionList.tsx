import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { Link } from 'react-router-dom';
import type { DistributionCenter } from '../../../domain/contracts/scopes';
import { depotPath } from './useDistributionCenters';

/** Scope names are joined with an arrow (shell §9). */
const SCOPE_SEPARATOR = ' → ';

/** Depots as links: Tab moves between them, Enter opens one; `onSelect` runs when one is chosen. */
export function DepotSelectionList({
    centers,
    labelledBy,
    onSelect,
}: {
    centers: DistributionCenter[];
    labelledBy: string;
    onSelect?: () => void;
}) {
    return (
        <List aria-labelledby={labelledBy} dense>
            {centers.map((center) => (
                <ListItem key={`${center.tenant.id}/${center.internalDepotId}`} disablePadding>
                    <ListItemButton component={Link} to={depotPath(center)} onClick={onSelect}>
                        <ListItemText
                            primary={`${center.externalDepotId} ${center.locationName}`}
                            secondary={[center.tenant.name, center.group.name].join(
                                SCOPE_SEPARATOR,
                            )}
                        />
                    </ListItemButton>
                </ListItem>
            ))}
        </List>
    );
}
