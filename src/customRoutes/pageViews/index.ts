import QueryStats from '@mui/icons-material/QueryStats';
import { lazyView } from '../../lazyPage';
import type { PageScreen } from '../../screens/types';

/** Recorded page views (analytics, admins only), in the administration's technical group. */
export const pageViews: PageScreen = {
    kind: 'page',
    name: 'pageViews',
    icon: QueryStats,
    routes: [
        {
            mount: 'admin',
            path: 'analytics',
            view: lazyView(() => import('./PageViewList').then((module) => module.PageViewList)),
        },
    ],
    navigation: [
        {
            context: 'admin',
            rule: 'pageViews',
            group: 'technical',
            order: 90,
            textKey: 'app.navigation.pageViews',
            path: 'analytics',
        },
    ],
    data: {
        'analytics/page-views': {
            service: 'backOffice',
            collection: 'analytics/page-views',
            access: { list: 'admin' },
        },
    },
};
