import Warehouse from '@mui/icons-material/Warehouse';
import type { NavigationEntry } from '../../layout/navigation';

/** The selected depot's overview, first in the depot drawer: the depot view's index page, shown to everyone in it. */
export const depotSummaryNavigation: NavigationEntry[] = [
    {
        context: 'depot',
        rule: 'depotSummary',
        group: null,
        order: 0,
        icon: Warehouse,
        textKey: 'app.navigation.depotSummary',
        path: '',
    },
];
