import SyncAlt from '@mui/icons-material/SyncAlt';
import type { NavigationEntry } from '../../layout/navigation';

/** "Backoffice actions" under technical, in the administration drawer (admins only). */
export const backofficeActionsNavigation: NavigationEntry[] = [
    {
        context: 'admin',
        rule: 'backofficeActions',
        group: 'technical',
        order: 10,
        icon: SyncAlt,
        textKey: 'app.navigation.backofficeActions',
        path: 'backoffice-actions',
    },
];
