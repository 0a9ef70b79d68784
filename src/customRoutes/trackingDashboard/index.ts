import StackedBarChart from '@mui/icons-material/StackedBarChart';
import { lazyView } from '../../lazyPage';
import type { PageScreen } from '../../screens/types';

/**
 * The depot's tracking dashboard (domain §2 `betterTracking`, §9, shell §2.6; r:rtt-dashboard):
 * tours by RTT category over 15 weeks, the trend of the last 2 working days and the Blocked tours.
 */
export const trackingDashboard: PageScreen = {
    kind: 'page',
    name: 'trackingDashboard',
    icon: StackedBarChart,
    routes: [
        {
            mount: 'depot',
            rule: 'trackingDashboard',
            path: 'betterTracking',
            view: lazyView(() =>
                import('./TrackingDashboardPage').then((module) => module.TrackingDashboardPage),
            ),
        },
    ],
    navigation: [
        {
            context: 'depot',
            rule: 'trackingDashboard',
            group: 'analytics',
            order: 30,
            textKey: 'app.trackingDashboard.navigation',
            path: 'betterTracking',
        },
    ],
};
