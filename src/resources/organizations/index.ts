import CorporateFare from '@mui/icons-material/CorporateFare';
import type { ResourceProps } from 'react-admin';
import type { Organisation } from '../../../domain/organisations';
import { OrganizationCreate } from './OrganizationCreate';
import { OrganizationEdit } from './OrganizationEdit';
import { OrganizationList } from './OrganizationList';
import { OrganizationShow } from './OrganizationShow';

/** Organisations (tenants): `<Resource name="organizations" />` below `/administration/configurations` (admins only). */
const organizations = {
    list: OrganizationList,
    show: OrganizationShow,
    create: OrganizationCreate,
    edit: OrganizationEdit,
    icon: CorporateFare,
    recordRepresentation: (organisation: Organisation) => organisation.name,
} satisfies Omit<ResourceProps, 'name'>;

export default organizations;
