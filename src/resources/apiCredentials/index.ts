import VpnKey from '@mui/icons-material/VpnKey';
import type { ResourceProps } from 'react-admin';

/** API credentials of an organisation: `<Resource name="api-access-management" />` below `/tenant/:tenantId`. Placeholder until the pages exist. */
const apiCredentials = {
    icon: VpnKey,
} satisfies Omit<ResourceProps, 'name'>;

export default apiCredentials;
