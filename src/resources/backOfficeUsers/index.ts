import People from '@mui/icons-material/People';
import type { ResourceProps } from 'react-admin';
import { BackOfficeUserList } from './BackOfficeUserList';

/** Back-office users: `<Resource name="backoffice" />` below `users/` of every context. */
const resource = {
    list: BackOfficeUserList,
    icon: People,
} satisfies Omit<ResourceProps, 'name'>;

export default resource;
