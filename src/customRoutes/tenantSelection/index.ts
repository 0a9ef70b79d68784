import { lazyView } from '../../lazyPage';
import type { PageScreen } from '../../screens/types';

/** The organisation view before an organisation is chosen: `/tenant` (shell §2.1, §2.7). */
export const tenantSelection: PageScreen = {
    kind: 'page',
    name: 'tenantSelection',
    routes: [
        {
            mount: 'tenantSelection',
            path: '',
            view: lazyView(() =>
                import('./TenantSelectionPage').then((module) => module.TenantSelectionPage),
            ),
        },
    ],
};
