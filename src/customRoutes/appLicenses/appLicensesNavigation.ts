import CardMembership from '@mui/icons-material/CardMembership';
import type { NavigationEntry } from '../../layout/navigation';

/** "Account licences" under user & account management in the tenant drawer (shell §2.9). */
export const appLicensesNavigation: NavigationEntry[] = [
    {
        context: 'tenant',
        rule: 'accountLicences',
        group: 'userAccountManagement',
        order: 30,
        icon: CardMembership,
        textKey: 'app.fleet.navigation.accountLicences',
        path: 'accounts/licenses',
    },
];
