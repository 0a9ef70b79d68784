import { combineDataProviders, type DataProvider } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import type { BrowserConfig } from '../../domain/contracts/browser-config';
import { getBrowserConfig } from '../config';
import { createApiAccessMethods, type ApiAccessMethods } from './apiAccessDataProvider';
import {
    createAppUsersDataProvider,
    createAppUsersMethods,
    type AppUsersMethods,
} from './appUsersDataProvider';
import { createBackOfficeMethods, type BackOfficeMethods } from './backOfficeDataProvider';
import {
    createBackofficeActionMethods,
    type BackofficeActionMethods,
} from './backofficeActionsDataProvider';
import {
    createBackOfficeUsersDataProvider,
    type BackOfficeUserMethods,
} from './backOfficeUsersDataProvider';
import { createClientConfigMethods, type ClientConfigMethods } from './clientConfigsDataProvider';
import { createDepotMethods, type DepotMethods } from './depotsDataProvider';
import { httpClient as defaultHttpClient, type HttpClient } from './httpClient';
import { createTenantAdminDataProvider } from './tenantAdminDataProvider';

/** What pages get from `useDataProvider<AppDataProvider>()`: CRUD by resource plus the custom calls. */
export type AppDataProvider = DataProvider &
    BackOfficeMethods &
    AppUsersMethods &
    BackOfficeUserMethods &
    ClientConfigMethods &
    DepotMethods &
    ApiAccessMethods &
    BackofficeActionMethods;

/** The same provider under another resource name (a page's path segment differs from the API's collection). */
function renamed(provider: DataProvider, resource: string): DataProvider {
    return {
        getList: (_resource, params) => provider.getList(resource, params),
        getOne: (_resource, params) => provider.getOne(resource, params),
        getMany: (_resource, params) => provider.getMany(resource, params),
        getManyReference: (_resource, params) => provider.getManyReference(resource, params),
        create: (_resource, params) => provider.create(resource, params),
        update: (_resource, params) => provider.update(resource, params),
        updateMany: (_resource, params) => provider.updateMany(resource, params),
        delete: (_resource, params) => provider.delete(resource, params),
        deleteMany: (_resource, params) => provider.deleteMany(resource, params),
    };
}

/** Which service holds which react-admin resource. */
export function createAppDataProvider(
    config: BrowserConfig,
    httpClient: HttpClient = defaultHttpClient,
): AppDataProvider {
    const tenantAdmin = createTenantAdminDataProvider(config.services.tenantAdmin, httpClient);
    // The back-office service's simple REST resources (recorded page views, subcontractors, vehicles, roles).
    const backOfficeRest = simpleRestProvider(config.services.backOffice, httpClient);
    const backOfficeUsers = createBackOfficeUsersDataProvider(
        config.services.backOffice,
        httpClient,
    );
    const appUsers = createAppUsersDataProvider(config.services.backOffice, httpClient);
    // The depot view's path segment is `subcontractor` (domain §2); the collection is `/api/subcontractors`.
    const subcontractorsRest = renamed(backOfficeRest, 'subcontractors');
    // The administration's path segment is `organizations`; the collection is `/tenant-admin/v1/tenants`.
    const organizations = renamed(tenantAdmin, 'tenants');
    // The organisation view's path segment is `api-access-management`; the collection is `/api-access/api/v1/credentials`.
    const apiCredentials = renamed(
        simpleRestProvider(config.services.apiAccess, httpClient),
        'credentials',
    );
    const byResource = combineDataProviders((resource) => {
        switch (resource) {
            case 'depots':
            case 'depotGroups':
                return tenantAdmin;
            case 'organizations':
                return organizations;
            case 'api-access-management':
                return apiCredentials;
            case 'analytics/page-views':
            case 'vehicles':
            case 'roles':
                return backOfficeRest;
            case 'subcontractor':
                return subcontractorsRest;
            case 'backoffice':
                return backOfficeUsers;
            case 'tempDrivers':
            case 'app-accounts':
            case 'app-accounts-admin':
            case 'subcontractorDrivers':
                return appUsers;
            default:
                throw new Error(`No data provider for resource "${resource}"`);
        }
    });
    return {
        getList: byResource.getList,
        getOne: byResource.getOne,
        getMany: byResource.getMany,
        getManyReference: byResource.getManyReference,
        create: byResource.create,
        update: byResource.update,
        updateMany: byResource.updateMany,
        delete: byResource.delete,
        deleteMany: byResource.deleteMany,
        ...createBackOfficeMethods(config.services.backOffice, httpClient),
        ...createAppUsersMethods(config.services.backOffice, httpClient),
        getRolesAndScopes: backOfficeUsers.getRolesAndScopes,
        updatePermissions: backOfficeUsers.updatePermissions,
        exportUsers: backOfficeUsers.exportUsers,
        downloadUsers: backOfficeUsers.downloadUsers,
        ...createClientConfigMethods(config.services, httpClient),
        ...createDepotMethods(config.services, httpClient),
        ...createApiAccessMethods(config.services, httpClient),
        ...createBackofficeActionMethods(config.services, httpClient),
    };
}

export const dataProvider: AppDataProvider = createAppDataProvider(getBrowserConfig());
