import Warehouse from '@mui/icons-material/Warehouse';
import type { Depot } from '../../../domain/contracts/depots';
import { lazyView } from '../../lazyPage';
import { showTabRoutes } from '../../screens/showTabRoutes';
import type { ResourceScreen } from '../../screens/types';

const tenantAdmin = { service: 'tenantAdmin' } as const;

/**
 * Depots: the administration's and the organisation's depot administration (shell §2.5, §2.7;
 * domain §2), with create, edit, CSV upload and the configuration tabs.
 */
export const depots: ResourceScreen = {
    kind: 'resource',
    name: 'depots',
    paths: { admin: 'configurations/depots', tenant: 'configurations/depots' },
    views: {
        list: lazyView(() => import('./DepotList').then((module) => module.DepotList)),
        show: lazyView(() => import('./DepotShow').then((module) => module.DepotShow)),
        create: lazyView(() => import('./DepotCreate').then((module) => module.DepotCreate)),
        edit: lazyView(() => import('./DepotEdit').then((module) => module.DepotEdit)),
    },
    // Shell §2.5: details, configuration, configurations (its revisions), configuration-history.
    childRoutes: showTabRoutes({
        details: '',
        configuration: 'configuration',
        configurations: 'configuration-history',
        'configuration-history': 'configuration-history',
    }),
    icon: Warehouse,
    recordRepresentation: (depot) => `${(depot as Depot).externalDepotId} ${(depot as Depot).name}`,
    hasShow: true,
    navigation: [
        {
            context: 'admin',
            rule: 'depots',
            group: 'configurations',
            order: 10,
            textKey: 'app.navigation.depots',
        },
        {
            context: 'tenant',
            rule: 'depotAdministration',
            group: 'configurations',
            order: 10,
            textKey: 'app.navigation.depots',
        },
    ],
    access: {
        list: { anyOf: ['r:depot-mgmt-list'] },
        show: { anyOf: ['r:depot-mgmt-list'] },
        create: { anyOf: ['c:depot'] },
        edit: { anyOf: ['u:depot'] },
        upload: { anyOf: ['c:depot'] },
    },
    data: {
        depots: { ...tenantAdmin, collection: 'depots' },
        depotGroups: { ...tenantAdmin, collection: 'depotGroups' },
    },
};

export type { Depot };
