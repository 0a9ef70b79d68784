import { lazyView } from '../../lazyPage';
import type { PageScreen } from '../../screens/types';

/** The user's own profile and another user's profile (shell §2.4). */
export const profile: PageScreen = {
    kind: 'page',
    name: 'profile',
    routes: [
        {
            mount: 'root',
            path: 'my/profile',
            view: lazyView(() => import('./MyProfilePage').then((module) => module.MyProfilePage)),
        },
        {
            mount: 'root',
            path: 'users/profile/:userHashId',
            view: lazyView(() =>
                import('./UserProfilePage').then((module) => module.UserProfilePage),
            ),
        },
    ],
};
