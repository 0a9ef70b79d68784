import { lazyView } from '../../lazyPage';
import type { PageScreen } from '../../screens/types';

const view = lazyView(() =>
    import('./DepotSelectionPage').then((module) => module.DepotSelectionPage),
);

/** The depot view before a depot is chosen: `/depot` and `/depot/:tenantId` (shell §2.1, §2.6). */
export const depotSelection: PageScreen = {
    kind: 'page',
    name: 'depotSelection',
    routes: [
        { mount: 'depotSelection', path: '', view },
        { mount: 'depotTenant', path: '', view },
    ],
};
