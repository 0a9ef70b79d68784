import Warehouse from '@mui/icons-material/Warehouse';
import type { NavigationEntry } from '../../layout/navigation';

/** "Depots" under configurations, in the administration and tenant drawers (shell §2.5, §2.7, §2.9). */
export const depotNavigation: NavigationEntry[] = [
    {
        context: 'admin',
        rule: 'depots',
        group: 'configurations',
        order: 10,
        icon: Warehouse,
        textKey: 'app.navigation.depots',
        path: 'configurations/depots',
    },
    {
        context: 'tenant',
        rule: 'depotAdministration',
        group: 'configurations',
        order: 10,
        icon: Warehouse,
        textKey: 'app.navigation.depots',
        path: 'configurations/depots',
    },
];
