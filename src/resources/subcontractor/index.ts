import Business from '@mui/icons-material/Business';
import Groups from '@mui/icons-material/Groups';
import type { Subcontractor } from '../../../domain/contracts/fleet';
import { lazyView } from '../../lazyPage';
import type { ResourceScreen } from '../../screens/types';
import { OWN_SUBCONTRACTOR } from './ownSubcontractor';

const backOffice = { service: 'backOffice' } as const;

/**
 * Subcontractors of the depot (`subcontractor`, API collection `/api/subcontractors`), with their
 * vehicles and drivers, and the subcontractor user's own driver list (domain §2, shell §2.6).
 */
export const subcontractor: ResourceScreen = {
    kind: 'resource',
    name: 'subcontractor',
    paths: { depot: 'subcontractor' },
    views: {
        list: lazyView(() =>
            import('./SubcontractorList').then((module) => module.SubcontractorList),
        ),
        show: lazyView(() =>
            import('./SubcontractorShow').then((module) => module.SubcontractorShow),
        ),
    },
    childRoutes: [
        {
            path: ':sucoId/drivers',
            view: lazyView(() =>
                import('./SubcontractorDriversPage').then(
                    (module) => module.SubcontractorDriversPage,
                ),
            ),
        },
    ],
    icon: Business,
    recordRepresentation: (record) => (record as Subcontractor).name,
    navigation: [
        {
            context: 'depot',
            rule: 'subcontractors',
            group: 'operations',
            order: 40,
            textKey: 'app.fleet.navigation.subcontractors',
        },
        {
            context: 'depot',
            rule: 'subcontractorDrivers',
            group: 'accounts',
            order: 30,
            icon: Groups,
            textKey: 'app.fleet.navigation.subcontractorDrivers',
            path: `subcontractor/${OWN_SUBCONTRACTOR}/drivers`,
        },
    ],
    access: {
        list: { anyOf: ['r:suco'] },
        show: { anyOf: ['r:suco'] },
        create: { anyOf: ['c:suco'] },
        edit: { anyOf: ['u:suco'] },
        delete: { anyOf: ['d:suco'] },
    },
    data: {
        subcontractor: { ...backOffice, collection: 'subcontractors' },
        vehicles: {
            ...backOffice,
            collection: 'vehicles',
            access: {
                list: { anyOf: ['r:suco'] },
                create: { anyOf: ['u:suco'] },
                edit: { anyOf: ['u:suco'] },
                delete: { anyOf: ['u:suco'] },
            },
        },
        subcontractorDrivers: {
            ...backOffice,
            collection: 'v3/users/app',
            adapter: 'appUsers',
            access: {
                list: { anyOf: ['r:driver'] },
                create: { anyOf: ['c:driver'] },
                edit: { anyOf: ['u:driver'] },
                delete: { anyOf: ['d:driver'] },
            },
        },
    },
};
