import Business from '@mui/icons-material/Business';
import type { ResourceProps } from 'react-admin';
import { SubcontractorList } from './SubcontractorList';

/** Subcontractors of the depot: `<Resource name="subcontractor" />`, with drivers and vehicles. */
const resource = {
    list: SubcontractorList,
    icon: Business,
} satisfies Omit<ResourceProps, 'name'>;

export default resource;
