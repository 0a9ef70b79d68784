import Badge from '@mui/icons-material/Badge';
import type { ResourceProps } from 'react-admin';
import { RoleList } from './RoleList';

/** Roles of an organisation: `<Resource name="roles" />` below `/tenant/:tenantId`. */
const resource = {
    list: RoleList,
    icon: Badge,
} satisfies Omit<ResourceProps, 'name'>;

export default resource;
