import CorporateFare from '@mui/icons-material/CorporateFare';
import type { ResourceProps } from 'react-admin';

/** Organisations (tenants): `<Resource name="organizations" />` below `/administration/configurations`. Placeholder until the pages exist. */
const organizations = {
    icon: CorporateFare,
} satisfies Omit<ResourceProps, 'name'>;

export default organizations;
