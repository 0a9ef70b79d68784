import People from '@mui/icons-material/People';
import type { ResourceProps } from 'react-admin';
import type { BackOfficeUserRecord } from '../../dataProviders/backOfficeUsersDataProvider';
import { BackOfficeUserList } from './BackOfficeUserList';

/** Back-office users: `<Resource name="backoffice" />` below `users/` of every context. */
const resource = {
    list: BackOfficeUserList,
    icon: People,
    recordRepresentation: (user: BackOfficeUserRecord) => `${user.firstName} ${user.lastName}`,
} satisfies Omit<ResourceProps, 'name'>;

export default resource;
