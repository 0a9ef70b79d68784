import Sensors from '@mui/icons-material/Sensors';
import { lazyView } from '../../lazyPage';
import type { PageScreen } from '../../screens/types';
import { prefetchLiveSnapshot } from './liveSnapshotPrefetch';

/**
 * The depot's live status (domain §2 Live Status, shell §2.6; r:tour): KPI tiles, the tours of
 * today and their map, pushed live; and one tour's detail (r:tour-details).
 */
export const liveStatus: PageScreen = {
    kind: 'page',
    name: 'liveStatus',
    icon: Sensors,
    routes: [
        {
            mount: 'depot',
            rule: 'liveStatus',
            path: 'statistics/live-status',
            view: lazyView(() =>
                import('./LiveStatusPage').then((module) => module.LiveStatusPage),
            ),
            prefetch: (depot) => prefetchLiveSnapshot(depot.path),
        },
        {
            mount: 'depot',
            rule: 'liveStatus',
            path: 'statistics/live-status/tour/:tourId',
            view: lazyView(() =>
                import('./tourDetail/TourDetailPage').then((module) => module.TourDetailPage),
            ),
        },
    ],
    navigation: [
        {
            context: 'depot',
            rule: 'liveStatus',
            group: 'dailyActivities',
            order: 10,
            textKey: 'app.liveStatus.navigation',
            path: 'statistics/live-status',
        },
    ],
};
