import CardMembership from '@mui/icons-material/CardMembership';
import { lazyView } from '../../lazyPage';
import type { PageScreen } from '../../screens/types';

/** Account licences of an organisation by month (shell §2.7, r:app-user-licences). */
export const appLicenses: PageScreen = {
    kind: 'page',
    name: 'appLicenses',
    icon: CardMembership,
    routes: [
        {
            mount: 'tenant',
            path: 'accounts/licenses',
            view: lazyView(() =>
                import('./AppLicensesPage').then((module) => module.AppLicensesPage),
            ),
        },
    ],
    navigation: [
        {
            context: 'tenant',
            rule: 'accountLicences',
            group: 'userAccountManagement',
            order: 30,
            textKey: 'app.fleet.navigation.accountLicences',
            path: 'accounts/licenses',
        },
    ],
};
