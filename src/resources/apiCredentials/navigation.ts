import VpnKey from '@mui/icons-material/VpnKey';
import type { NavigationEntry } from '../../layout/navigation';

/** "API access management" under technical, in the organisation drawer (r:api-access-management). */
export const apiCredentialNavigation: NavigationEntry[] = [
    {
        context: 'tenant',
        rule: 'apiAccess',
        group: 'technical',
        order: 20,
        icon: VpnKey,
        textKey: 'app.navigation.apiAccess',
        path: 'api-access-management',
    },
];
