import PhoneAndroid from '@mui/icons-material/PhoneAndroid';
import type { ResourceProps } from 'react-admin';
import { AppAccountList } from './AppAccountList';

/** Driver app and courier accounts of an organisation (`app-accounts`) or of all (`app-accounts-admin`). */
const resource = {
    list: AppAccountList,
    icon: PhoneAndroid,
} satisfies Omit<ResourceProps, 'name'>;

export default resource;
