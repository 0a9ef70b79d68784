import Business from '@mui/icons-material/Business';
import Groups from '@mui/icons-material/Groups';
import type { NavigationEntry } from '../../layout/navigation';
import { OWN_SUBCONTRACTOR } from './SubcontractorDriversPage';

/**
 * Subcontractors under operations, and the subcontractor user's driver list (shell §2.9). The
 * driver list's path names no subcontractor (`own`): the page opens the user's own one.
 */
export const subcontractorNavigation: NavigationEntry[] = [
    {
        context: 'depot',
        rule: 'subcontractors',
        group: 'operations',
        order: 40,
        icon: Business,
        textKey: 'app.fleet.navigation.subcontractors',
        path: 'subcontractor',
    },
    {
        context: 'depot',
        rule: 'subcontractorDrivers',
        group: 'accounts',
        order: 30,
        icon: Groups,
        textKey: 'app.fleet.navigation.subcontractorDrivers',
        path: `subcontractor/${OWN_SUBCONTRACTOR}/drivers`,
    },
];
