import MonitorHeart from '@mui/icons-material/MonitorHeart';
import { lazyView } from '../../lazyPage';
import type { PageScreen } from '../../screens/types';

/** The organisation's data health per depot (shell §2.7, §9; r:health-status). */
export const healthStatus: PageScreen = {
    kind: 'page',
    name: 'healthStatus',
    icon: MonitorHeart,
    routes: [
        {
            mount: 'tenant',
            path: 'healthStatus',
            view: lazyView(() =>
                import('./HealthStatusPage').then((module) => module.HealthStatusPage),
            ),
        },
    ],
    navigation: [
        {
            context: 'tenant',
            rule: 'healthStatus',
            group: 'technical',
            order: 30,
            textKey: 'app.healthStatus.navigation',
            path: 'healthStatus',
        },
    ],
};
