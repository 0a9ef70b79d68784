import Badge from '@mui/icons-material/Badge';
import type { NavigationEntry } from '../../layout/navigation';

/** "Roles" under user and account management in the organisation drawer (domain §2, shell §6: admin or c:role). */
export const roleNavigation: NavigationEntry[] = [
    {
        context: 'tenant',
        rule: 'roles',
        group: 'userAccountManagement',
        order: 40,
        icon: Badge,
        textKey: 'app.roles.navigation',
        path: 'roles',
    },
];
