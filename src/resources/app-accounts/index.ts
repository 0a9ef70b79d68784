import PhoneAndroid from '@mui/icons-material/PhoneAndroid';
import type { AppUserRecord } from '../../dataProviders/appUsersDataProvider';
import { lazyView } from '../../lazyPage';
import type { ResourceScreen } from '../../screens/types';

const appUsers = {
    service: 'backOffice',
    collection: 'v3/users/app',
    adapter: 'appUsers',
} as const;

/**
 * Driver app and courier accounts: an organisation's (`app-accounts`) and, in the
 * administration, every organisation's (`app-accounts-admin`; shell §2.5, §2.7).
 */
export const appAccounts: ResourceScreen = {
    kind: 'resource',
    name: 'app-accounts',
    paths: { tenant: 'app-accounts', admin: 'app-accounts-admin' },
    views: {
        list: lazyView(() => import('./AppAccountList').then((module) => module.AppAccountList)),
    },
    icon: PhoneAndroid,
    recordRepresentation: (record) => {
        const account = record as AppUserRecord;
        return `${account.firstName} ${account.lastName}`;
    },
    navigation: [
        {
            context: 'tenant',
            rule: 'appAccounts',
            group: 'userAccountManagement',
            order: 20,
            textKey: 'app.fleet.navigation.appAccounts',
        },
        {
            context: 'admin',
            rule: 'appAccountsAdmin',
            group: 'userAccountManagement',
            order: 20,
            textKey: 'app.fleet.navigation.appAccountsAdmin',
        },
    ],
    access: {
        list: { anyOf: ['r:driver', 'r:temp-driver'] },
        show: { anyOf: ['r:driver', 'r:temp-driver'] },
        create: { anyOf: ['c:driver', 'c:temp-driver'] },
        edit: { anyOf: ['u:driver', 'u:temp-driver'] },
        delete: { anyOf: ['d:driver', 'd:temp-driver'] },
        activate: { anyOf: ['activate-user'] },
        deactivate: { anyOf: ['deactivate-user'] },
    },
    data: { 'app-accounts': appUsers, 'app-accounts-admin': appUsers },
};
