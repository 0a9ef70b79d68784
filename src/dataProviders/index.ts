import { combineDataProviders, type DataProvider } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import type { BrowserConfig } from '../../server/config';
import { getBrowserConfig } from '../config';
import { createBackOfficeMethods, type BackOfficeMethods } from './backOfficeDataProvider';
import { httpClient as defaultHttpClient, type HttpClient } from './httpClient';
import { createTenantAdminDataProvider } from './tenantAdminDataProvider';

/** What pages get from `useDataProvider<AppDataProvider>()`: CRUD by resource plus the custom calls. */
export type AppDataProvider = DataProvider & BackOfficeMethods;

/** Which service holds which react-admin resource. */
export function createAppDataProvider(config: BrowserConfig, httpClient: HttpClient = defaultHttpClient): AppDataProvider {
    const tenantAdmin = createTenantAdminDataProvider(config.services.tenantAdmin, httpClient);
    // The back-office service's simple REST lists (recorded page views).
    const backOfficeRest = simpleRestProvider(config.services.backOffice, httpClient);
    const byResource = combineDataProviders((resource) => {
        switch (resource) {
            case 'depots':
                return tenantAdmin;
            case 'analytics/page-views':
                return backOfficeRest;
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
    };
}

export const dataProvider: AppDataProvider = createAppDataProvider(getBrowserConfig());
