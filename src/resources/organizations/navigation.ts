import CorporateFare from '@mui/icons-material/CorporateFare';
import type { NavigationEntry } from '../../layout/navigation';

/** "Organisations" under configurations, in the administration drawer (shell §2.5, admins only). */
export const organizationNavigation: NavigationEntry[] = [
    {
        context: 'admin',
        rule: 'organizations',
        group: 'configurations',
        order: 20,
        icon: CorporateFare,
        textKey: 'app.navigation.organizations',
        path: 'configurations/organizations',
    },
];
