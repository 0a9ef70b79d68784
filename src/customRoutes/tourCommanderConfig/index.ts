import Tune from '@mui/icons-material/Tune';
import { lazyView } from '../../lazyPage';
import type { PageScreen } from '../../screens/types';

/** The tour commander's configuration of each organisation (shell §2.5, admins only). */
export const tourCommanderConfig: PageScreen = {
    kind: 'page',
    name: 'tourCommanderConfig',
    icon: Tune,
    routes: [
        {
            mount: 'admin',
            path: 'tour-commander/tenant-config',
            view: lazyView(() =>
                import('./TourCommanderConfigPage').then(
                    (module) => module.TourCommanderConfigPage,
                ),
            ),
        },
    ],
    navigation: [
        {
            context: 'admin',
            rule: 'tenantConfig',
            group: 'configurations',
            order: 30,
            textKey: 'app.navigation.tourCommanderConfig',
            path: 'tour-commander/tenant-config',
        },
    ],
};
