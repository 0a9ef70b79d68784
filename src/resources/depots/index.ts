import Warehouse from '@mui/icons-material/Warehouse';
import type { ResourceProps } from 'react-admin';
import type { Depot } from './Depot';
import { DepotCreate } from './DepotCreate';
import { DepotEdit } from './DepotEdit';
import { DepotList } from './DepotList';
import { DepotShow } from './DepotShow';

/** The `depots` resource: `<Resource name="depots" {...depots} />`. */
const depots = {
    list: DepotList,
    show: DepotShow,
    create: DepotCreate,
    edit: DepotEdit,
    icon: Warehouse,
    recordRepresentation: (depot: Depot) => `${depot.externalDepotId} ${depot.name}`,
} satisfies Omit<ResourceProps, 'name'>;

export default depots;
export type { Depot };
