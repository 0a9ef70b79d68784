import type { DataProvider } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import type { HttpClient } from './httpClient';

/**
 * The tour and tenant admin service (depots, later tenants, regions, client configurations):
 * the react-admin simple REST contract, answered with `Content-Range`.
 */
export function createTenantAdminDataProvider(
    baseUrl: string,
    httpClient: HttpClient,
): DataProvider {
    return simpleRestProvider(baseUrl, httpClient);
}
