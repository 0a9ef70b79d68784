import { lazyView } from '../../lazyPage';
import type { PageScreen } from '../../screens/types';

/**
 * One tour's driven history and analysis (domain §2 Tour Driven History and Tour Analysis, shell
 * §2.6; r:tour-perf). Reached from the tour performance details, so it has no navigation entry.
 */
export const tourHistory: PageScreen = {
    kind: 'page',
    name: 'tourHistory',
    routes: [
        {
            mount: 'depot',
            rule: 'tourPerformance',
            path: 'tour-performance/history/v2/:tourId',
            view: lazyView(() =>
                import('./TourHistoryPage').then((module) => module.TourHistoryPage),
            ),
        },
    ],
};
