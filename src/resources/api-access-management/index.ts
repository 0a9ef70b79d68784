import VpnKey from '@mui/icons-material/VpnKey';
import type { ApiCredential } from '../../../domain/contracts/api-access';
import { lazyView } from '../../lazyPage';
import type { ResourceScreen } from '../../screens/types';

const read = { anyOf: ['r:api-access-management'] } as const;
const write = { anyOf: ['w:api-access-management'] } as const;

/**
 * API credentials of an organisation (API collection `/api-access/api/v1/credentials`). The
 * detail is the spec's `:credentialsId` route, react-admin's record route (hence the `edit`
 * slot and its read rule); create, change, rotate and revoke are dialogs (`write`).
 */
export const apiAccessManagement: ResourceScreen = {
    kind: 'resource',
    name: 'api-access-management',
    paths: { tenant: 'api-access-management' },
    views: {
        list: lazyView(() =>
            import('./ApiCredentialList').then((module) => module.ApiCredentialList),
        ),
        edit: lazyView(() =>
            import('./ApiCredentialShow').then((module) => module.ApiCredentialShow),
        ),
    },
    icon: VpnKey,
    recordRepresentation: (credential) => (credential as ApiCredential).name,
    navigation: [
        {
            context: 'tenant',
            rule: 'apiAccess',
            group: 'technical',
            order: 20,
            textKey: 'app.navigation.apiAccess',
        },
    ],
    access: { list: read, show: read, edit: read, create: write, write },
    data: { 'api-access-management': { service: 'apiAccess', collection: 'credentials' } },
};
