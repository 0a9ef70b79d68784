import VpnKey from '@mui/icons-material/VpnKey';
import type { ResourceProps } from 'react-admin';
import type { ApiCredential } from '../../../domain/apiAccess';
import { ApiCredentialList } from './ApiCredentialList';
import { ApiCredentialShow } from './ApiCredentialShow';

/**
 * API credentials of an organisation: `<Resource name="api-access-management" />` below
 * `/tenant/:tenantId`. The detail is the spec's `:credentialsId` route (react-admin's record
 * route, hence the `edit` slot); create, edit, rotate and revoke are dialogs.
 */
const apiCredentials = {
    list: ApiCredentialList,
    edit: ApiCredentialShow,
    icon: VpnKey,
    recordRepresentation: (credential: ApiCredential) => credential.name,
} satisfies Omit<ResourceProps, 'name'>;

export default apiCredentials;
