import DirectionsCar from '@mui/icons-material/DirectionsCar';
import type { ResourceProps } from 'react-admin';
import { TempDriverList } from './TempDriverList';

/** Courier accounts: `<Resource name="tempDrivers" />` below `users/` of the depot context. */
const resource = {
    list: TempDriverList,
    icon: DirectionsCar,
} satisfies Omit<ResourceProps, 'name'>;

export default resource;
