import DirectionsCar from '@mui/icons-material/DirectionsCar';
import { lazyView } from '../../lazyPage';
import type { ResourceScreen } from '../../screens/types';

/** Courier accounts (temporary drivers) of the depot, below `users/` (shell §2.6). */
export const tempDrivers: ResourceScreen = {
    kind: 'resource',
    name: 'tempDrivers',
    paths: { depot: 'users/tempDrivers' },
    // Shell §2.6: tempDriver redirects to users/tempDrivers.
    redirects: [{ context: 'depot', from: 'tempDriver' }],
    views: {
        list: lazyView(() => import('./TempDriverList').then((module) => module.TempDriverList)),
    },
    icon: DirectionsCar,
    navigation: [
        {
            context: 'depot',
            rule: 'tempDrivers',
            group: 'accounts',
            order: 20,
            textKey: 'app.fleet.navigation.tempDrivers',
        },
    ],
    access: {
        list: { anyOf: ['r:temp-driver'] },
        show: { anyOf: ['r:temp-driver'] },
        create: { anyOf: ['c:temp-driver'] },
        edit: { anyOf: ['u:temp-driver'] },
        delete: { anyOf: ['d:temp-driver'] },
        activate: { anyOf: ['activate-user'] },
        deactivate: { anyOf: ['deactivate-user'] },
    },
    data: {
        tempDrivers: { service: 'backOffice', collection: 'v3/users/app', adapter: 'appUsers' },
    },
};
