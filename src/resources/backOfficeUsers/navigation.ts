import People from '@mui/icons-material/People';
import type { NavigationEntry } from '../../layout/navigation';

const entry = {
    icon: People,
    textKey: 'app.navigation.backofficeUsers',
    path: 'users/backoffice',
    rule: 'backofficeUsers',
} as const;

/** "Back-office users" in the administration, tenant and depot drawers (shell §2.9). */
export const backOfficeUserNavigation: NavigationEntry[] = [
    { ...entry, context: 'admin', group: 'userAccountManagement', order: 10 },
    { ...entry, context: 'tenant', group: 'userAccountManagement', order: 10 },
    { ...entry, context: 'depot', group: 'accounts', order: 10 },
];
