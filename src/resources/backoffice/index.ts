import People from '@mui/icons-material/People';
import type { BackOfficeUserRecord } from '../../dataProviders/backOfficeUsersDataProvider';
import { lazyView } from '../../lazyPage';
import type { ResourceScreen } from '../../screens/types';

const entry = {
    rule: 'backofficeUsers',
    textKey: 'app.navigation.backofficeUsers',
} as const;

/**
 * Back-office users, below `users/` of every context (domain §2, §7): the list with its
 * create, edit, permission and delete dialogs and the CSV/Excel download.
 */
export const backoffice: ResourceScreen = {
    kind: 'resource',
    name: 'backoffice',
    paths: { admin: 'users/backoffice', tenant: 'users/backoffice', depot: 'users/backoffice' },
    views: {
        list: lazyView(() =>
            import('./BackOfficeUserList').then((module) => module.BackOfficeUserList),
        ),
    },
    icon: People,
    recordRepresentation: (record) => {
        const user = record as BackOfficeUserRecord;
        return `${user.firstName} ${user.lastName}`;
    },
    navigation: [
        { ...entry, context: 'admin', group: 'userAccountManagement', order: 10 },
        { ...entry, context: 'tenant', group: 'userAccountManagement', order: 10 },
        { ...entry, context: 'depot', group: 'accounts', order: 10 },
    ],
    access: {
        list: { anyOf: ['r:bo-user'] },
        show: { anyOf: ['r:bo-user'] },
        create: { anyOf: ['c:bo-user'] },
        edit: { anyOf: ['u:bo-user'] },
        delete: { anyOf: ['d:bo-user'] },
        export: { anyOf: ['r:bo-user'] },
    },
    data: {
        backoffice: { service: 'backOffice', collection: 'v2/users', adapter: 'backOfficeUsers' },
    },
};
