import QueryStats from '@mui/icons-material/QueryStats';
import { lazyView } from '../../lazyPage';
import type { PageScreen } from '../../screens/types';

/**
 * The depot's daily activities, "Usage & analysis" (domain §2, shell §2.6; r:tour-activity):
 * every tour of a day with its app usage, sequence, rating, RTT category and recommendations.
 */
export const dailyActivities: PageScreen = {
    kind: 'page',
    name: 'dailyActivities',
    icon: QueryStats,
    routes: [
        {
            mount: 'depot',
            rule: 'dailyActivities',
            path: 'statistics/activities/:date?',
            view: lazyView(() =>
                import('./DailyActivitiesPage').then((module) => module.DailyActivitiesPage),
            ),
        },
    ],
    navigation: [
        {
            context: 'depot',
            rule: 'dailyActivities',
            group: 'dailyActivities',
            order: 20,
            textKey: 'app.dailyActivities.navigation',
            path: 'statistics/activities',
        },
    ],
};
