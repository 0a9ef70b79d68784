import { lazyView } from '../../lazyPage';
import type { PageScreen } from '../../screens/types';

const view = lazyView(() => import('./ErrorPage').then((module) => module.ErrorPage));

/** The error page, its message looked up by the code (shell §2.3), in and outside the contexts. */
export const error: PageScreen = {
    kind: 'page',
    name: 'error',
    routes: [
        { mount: 'root', path: 'error/:errorCode', view },
        { mount: 'admin', path: 'users/error/:errorCode', view },
        { mount: 'depotSelection', path: 'error/:errorCode', view },
        { mount: 'depot', path: 'error/:errorCode', view },
    ],
};
