import { lazyView } from '../../lazyPage';
import type { PageScreen } from '../../screens/types';

/** One card per context the user may use (shell §2.3). */
export const landing: PageScreen = {
    kind: 'page',
    name: 'landing',
    routes: [
        {
            mount: 'root',
            path: 'landing',
            view: lazyView(() => import('./LandingPage').then((module) => module.LandingPage)),
        },
    ],
};
