import LocalShipping from '@mui/icons-material/LocalShipping';
import { lazyView } from '../../lazyPage';
import type { PageScreen } from '../../screens/types';
import { TOURS_RESOURCE } from './tourLinks';

/**
 * The tour commander's tours of every organisation (shell §2.5, admins only): the list and one
 * tour with its waypoints, jobs, events and a map of planned and driven path.
 */
export const tourCommanderTours: PageScreen = {
    kind: 'page',
    name: 'tourCommanderTours',
    icon: LocalShipping,
    routes: [
        {
            mount: 'admin',
            path: 'tour-commander/tour/list',
            view: lazyView(() => import('./TourList').then((module) => module.TourList)),
        },
        {
            mount: 'admin',
            path: 'tour-commander/tour/view/:tourId',
            view: lazyView(() => import('./TourView').then((module) => module.TourView)),
        },
    ],
    navigation: [
        {
            context: 'admin',
            rule: 'tourCommanderList',
            group: 'configurations',
            order: 25,
            textKey: 'app.navigation.tourCommanderList',
            path: 'tour-commander/tour/list',
        },
    ],
    data: {
        [TOURS_RESOURCE]: {
            service: 'tourCommander',
            collection: 'tours',
            access: { list: 'admin', show: 'admin' },
        },
    },
};
