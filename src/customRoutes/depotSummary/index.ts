import Warehouse from '@mui/icons-material/Warehouse';
import { lazyView } from '../../lazyPage';
import type { PageScreen } from '../../screens/types';

/** The selected depot's overview: the depot view's index page, first in its drawer. */
export const depotSummary: PageScreen = {
    kind: 'page',
    name: 'depotSummary',
    icon: Warehouse,
    routes: [
        {
            mount: 'depot',
            path: '',
            view: lazyView(() =>
                import('./DepotSummaryPage').then((module) => module.DepotSummaryPage),
            ),
        },
    ],
    navigation: [
        {
            context: 'depot',
            rule: 'depotSummary',
            group: null,
            order: 0,
            textKey: 'app.navigation.depotSummary',
            path: '',
        },
    ],
};
