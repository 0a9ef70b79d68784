import Insights from '@mui/icons-material/Insights';
import { lazyView } from '../../lazyPage';
import type { PageScreen } from '../../screens/types';

/**
 * The depot's tour performance (domain §2 Tour Performance, shell §2.6; r:tour-perf): its tour
 * numbers over a range of days with CSV and Excel downloads and the roll-ups by driver and
 * subcontractor, and one tour number's days.
 */
export const tourPerformance: PageScreen = {
    kind: 'page',
    name: 'tourPerformance',
    icon: Insights,
    routes: [
        {
            mount: 'depot',
            rule: 'tourPerformance',
            path: 'tour-performance',
            view: lazyView(() =>
                import('./TourPerformancePage').then((module) => module.TourPerformancePage),
            ),
        },
        {
            mount: 'depot',
            rule: 'tourPerformance',
            path: 'tour-performance/details/:tour/:dates',
            view: lazyView(() =>
                import('./TourPerformanceDetailsPage').then(
                    (module) => module.TourPerformanceDetailsPage,
                ),
            ),
        },
    ],
    navigation: [
        {
            context: 'depot',
            rule: 'tourPerformance',
            group: 'analytics',
            order: 10,
            textKey: 'app.tourPerformance.navigation',
            path: 'tour-performance',
        },
    ],
};
