import Tune from '@mui/icons-material/Tune';
import type { NavigationEntry } from '../../layout/navigation';

/** "Tour commander configuration" under configurations, in the administration drawer (shell §2.5). */
export const tourCommanderConfigNavigation: NavigationEntry[] = [
    {
        context: 'admin',
        rule: 'tenantConfig',
        group: 'configurations',
        order: 30,
        icon: Tune,
        textKey: 'app.navigation.tourCommanderConfig',
        path: 'tour-commander/tenant-config',
    },
];
