import CorporateFare from '@mui/icons-material/CorporateFare';
import type { Organisation } from '../../../domain/contracts/organisations';
import { lazyView } from '../../lazyPage';
import { showTabRoutes } from '../../screens/showTabRoutes';
import type { ResourceScreen } from '../../screens/types';

/**
 * Organisations (tenants) in the administration's configurations (shell §2.5, admins only);
 * the API collection is `/tenant-admin/v1/tenants`.
 */
export const organizations: ResourceScreen = {
    kind: 'resource',
    name: 'organizations',
    paths: { admin: 'configurations/organizations' },
    views: {
        list: lazyView(() =>
            import('./OrganizationList').then((module) => module.OrganizationList),
        ),
        show: lazyView(() =>
            import('./OrganizationShow').then((module) => module.OrganizationShow),
        ),
        create: lazyView(() =>
            import('./OrganizationCreate').then((module) => module.OrganizationCreate),
        ),
        edit: lazyView(() =>
            import('./OrganizationEdit').then((module) => module.OrganizationEdit),
        ),
    },
    // Shell §2.5: details, configuration, configurations (its revisions).
    childRoutes: showTabRoutes({
        details: '',
        configuration: 'configuration',
        configurations: 'configurations',
    }),
    icon: CorporateFare,
    recordRepresentation: (organisation) => (organisation as Organisation).name,
    navigation: [
        {
            context: 'admin',
            rule: 'organizations',
            group: 'configurations',
            order: 20,
            textKey: 'app.navigation.organizations',
        },
    ],
    access: { list: 'admin', show: 'admin', create: 'admin', edit: 'admin' },
    data: { organizations: { service: 'tenantAdmin', collection: 'tenants' } },
};
