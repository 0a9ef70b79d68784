import PhoneAndroid from '@mui/icons-material/PhoneAndroid';
import type { NavigationEntry } from '../../layout/navigation';

/** App accounts: tenant drawer under user & account management, admin drawer (shell §2.9). */
export const appAccountNavigation: NavigationEntry[] = [
    {
        context: 'tenant',
        rule: 'appAccounts',
        group: 'userAccountManagement',
        order: 20,
        icon: PhoneAndroid,
        textKey: 'app.fleet.navigation.appAccounts',
        path: 'app-accounts',
    },
    {
        context: 'admin',
        rule: 'appAccountsAdmin',
        group: 'userAccountManagement',
        order: 20,
        icon: PhoneAndroid,
        textKey: 'app.fleet.navigation.appAccountsAdmin',
        path: 'app-accounts-admin',
    },
];
