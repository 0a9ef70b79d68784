import Badge from '@mui/icons-material/Badge';
import type { ResourceProps } from 'react-admin';
import type { Role } from '../../../domain/people';
import { RoleCreate } from './RoleCreate';
import { RoleEdit } from './RoleEdit';
import { RoleList } from './RoleList';
import { RoleShow } from './RoleShow';

/** Roles of an organisation: `<Resource name="roles" />` below `/tenant/:tenantId`. */
const resource = {
    list: RoleList,
    show: RoleShow,
    create: RoleCreate,
    edit: RoleEdit,
    icon: Badge,
    recordRepresentation: (role: Role) => role.name,
} satisfies Omit<ResourceProps, 'name'>;

export default resource;
