import QueryStats from '@mui/icons-material/QueryStats';
import type { NavigationEntry } from '../../layout/navigation';

/** "Page views" under technical, in the administration drawer (admins only). */
export const pageViewsNavigation: NavigationEntry[] = [
    {
        context: 'admin',
        rule: 'pageViews',
        group: 'technical',
        order: 90,
        icon: QueryStats,
        textKey: 'app.navigation.pageViews',
        path: 'analytics',
    },
];
