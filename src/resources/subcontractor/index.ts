import Business from '@mui/icons-material/Business';
import type { ResourceProps } from 'react-admin';
import type { Subcontractor } from '../../../domain/people';
import { SubcontractorList } from './SubcontractorList';
import { SubcontractorShow } from './SubcontractorShow';

/** Subcontractors of the depot: `<Resource name="subcontractor" />`, with drivers and vehicles. */
const resource = {
    list: SubcontractorList,
    show: SubcontractorShow,
    icon: Business,
    recordRepresentation: (subcontractor: Subcontractor) => subcontractor.name,
} satisfies Omit<ResourceProps, 'name'>;

export default resource;
