import SyncAlt from '@mui/icons-material/SyncAlt';
import { lazyView } from '../../lazyPage';
import type { PageScreen } from '../../screens/types';

/** Backoffice actions: role sync between environments and translation update (admins only). */
export const backofficeActions: PageScreen = {
    kind: 'page',
    name: 'backofficeActions',
    icon: SyncAlt,
    routes: [
        {
            mount: 'admin',
            path: 'backoffice-actions',
            view: lazyView(() =>
                import('./BackofficeActionsPage').then((module) => module.BackofficeActionsPage),
            ),
        },
    ],
    navigation: [
        {
            context: 'admin',
            rule: 'backofficeActions',
            group: 'technical',
            order: 10,
            textKey: 'app.navigation.backofficeActions',
            path: 'backoffice-actions',
        },
    ],
};
