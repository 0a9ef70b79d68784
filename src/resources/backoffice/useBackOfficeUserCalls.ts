import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProviders';
import type { BackOfficeUserMethods } from '../../dataProviders/backOfficeUsersDataProvider';

/** The user pages' custom calls (`GET /api/rolesAndScopes`, permissions, export and download) from the app's data provider. */
export function useBackOfficeUserCalls(): BackOfficeUserMethods {
    return useDataProvider<AppDataProvider>();
}
