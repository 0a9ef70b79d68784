import { combineDataProviders, type DataProvider } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import type { BrowserConfig, ServiceName } from '../../domain/contracts/browser-config';
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
import { dataRoutesOf } from '../screens/registry';
import { screens } from '../screens/list';
import type { DataAdapter, Screen } from '../screens/types';

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

type ProviderFactory = (baseUrl: string, httpClient: HttpClient) => DataProvider;

/** The provider behind each adapter a data route names (src/screens/types.ts). */
const adapters: Record<DataAdapter, ProviderFactory> = {
    simpleRest: simpleRestProvider,
    backOfficeUsers: createBackOfficeUsersDataProvider,
    appUsers: createAppUsersDataProvider,
};

/**
 * The provider of every react-admin resource, from the data routes the screens declare
 * (src/screens/list.ts): one instance per adapter and service; simple REST
 * collections under another name than their resource are renamed.
 */
export function createAppDataProvider(
    config: BrowserConfig,
    httpClient: HttpClient = defaultHttpClient,
    screenList: readonly Screen[] = screens,
): AppDataProvider {
    const instances = new Map<string, DataProvider>();
    const instance = (adapter: DataAdapter, service: ServiceName): DataProvider => {
        const key = `${adapter}:${service}`;
        const provider =
            instances.get(key) ?? adapters[adapter](config.services[service], httpClient);
        instances.set(key, provider);
        return provider;
    };
    const providers = new Map<string, DataProvider>();
    for (const [resource, route] of dataRoutesOf(screenList)) {
        const adapter = route.adapter ?? 'simpleRest';
        const provider = instance(adapter, route.service);
        const keepsName = adapter !== 'simpleRest' || route.collection === resource;
        providers.set(resource, keepsName ? provider : renamed(provider, route.collection));
    }
    const byResource = combineDataProviders((resource) => {
        const provider = providers.get(resource);
        if (!provider) throw new Error(`No data provider for resource "${resource}"`);
        return provider;
    });
    const backOfficeUsers = instance('backOfficeUsers', 'backOffice') as ReturnType<
        typeof createBackOfficeUsersDataProvider
    >;
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
