import Warehouse from '@mui/icons-material/Warehouse';
import type { NavigationEntry } from '../../layout/navigation';

/** The selected depot's overview, first in the depot drawer. */
export const depotSummaryNavigation: NavigationEntry[] = [
    { context: 'depot', group: null, feature: null, order: 0, icon: Warehouse, textKey: 'app.navigation.depotSummary', path: '' },
];
