import MapOutlined from '@mui/icons-material/MapOutlined';
import { lazyView } from '../../lazyPage';
import type { PageScreen } from '../../screens/types';

/**
 * The organisation's live map (issue 15 part 5, beyond the spec; r:live-status-map in the
 * organisation view): every depot's vehicles on one map, for large fleets.
 */
export const liveMap: PageScreen = {
    kind: 'page',
    name: 'liveMap',
    icon: MapOutlined,
    routes: [
        {
            mount: 'tenant',
            path: 'live-map',
            view: lazyView(() => import('./LiveMapPage').then((module) => module.LiveMapPage)),
        },
    ],
    navigation: [
        {
            context: 'tenant',
            rule: 'liveMap',
            group: 'dailyActivities',
            order: 10,
            textKey: 'app.liveMap.navigation',
            path: 'live-map',
        },
    ],
};
