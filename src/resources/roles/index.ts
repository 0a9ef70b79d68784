import Badge from '@mui/icons-material/Badge';
import type { Role } from '../../../domain/contracts/roles';
import { lazyView } from '../../lazyPage';
import type { ResourceScreen } from '../../screens/types';

/** Roles of an organisation, below `/tenant/:tenantId` (domain §2; shell §6: admin or c:role to see it). */
export const roles: ResourceScreen = {
    kind: 'resource',
    name: 'roles',
    paths: { tenant: 'roles' },
    views: {
        list: lazyView(() => import('./RoleList').then((module) => module.RoleList)),
        show: lazyView(() => import('./RoleShow').then((module) => module.RoleShow)),
        create: lazyView(() => import('./RoleCreate').then((module) => module.RoleCreate)),
        edit: lazyView(() => import('./RoleEdit').then((module) => module.RoleEdit)),
    },
    icon: Badge,
    recordRepresentation: (role) => (role as Role).name,
    navigation: [
        {
            context: 'tenant',
            rule: 'roles',
            group: 'userAccountManagement',
            order: 40,
            textKey: 'app.roles.navigation',
        },
    ],
    access: {
        list: { anyOf: ['r:role'] },
        show: { anyOf: ['r:role'] },
        create: { anyOf: ['c:role'] },
        edit: { anyOf: ['u:role'] },
        delete: { anyOf: ['d:role'] },
    },
    data: { roles: { service: 'backOffice', collection: 'roles' } },
};
