import { lazyView } from '../../lazyPage';
import type { PageScreen } from '../../screens/types';

/** Changing one's own password (shell §2.2, §2.4), from the profile. */
export const changePassword: PageScreen = {
    kind: 'page',
    name: 'changePassword',
    routes: [
        {
            mount: 'root',
            path: 'changePwd',
            view: lazyView(() =>
                import('./ChangePasswordPage').then((module) => module.ChangePasswordPage),
            ),
        },
    ],
};
